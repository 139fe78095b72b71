import { describe, expect, it } from 'vitest';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

async function idOf(username: string): Promise<number> {
  const res = await server().app.inject({ url: '/api/auth/user/', headers: await server().auth(username) });
  return res.json<{ id: number }>().id;
}

describe('GET /api/v1/auditLog/', () => {
  it('names the users of each row beside their ids', async () => {
    const adminId = await idOf('admin');
    const riderId = await idOf('rider');
    const headers = await server().auth('admin');
    await server().app.inject({
      method: 'POST',
      url: '/api/auth/user/impersonate/',
      headers,
      payload: { user_id: riderId },
    });

    const res = await server().app.inject({ url: '/api/v1/auditLog/?action=auth.impersonate', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      count: 1,
      results: [
        expect.objectContaining({
          action: 'auth.impersonate',
          actor_user_id: adminId,
          actor_username: 'admin',
          impersonator_id: null,
          impersonator_username: null,
          target_user_id: riderId,
          target_username: 'rider',
        }),
      ],
    });
  });

  it('filters by a user, as actor or target, and pages', async () => {
    const riderId = await idOf('rider');
    await server().auth('rider');
    const headers = await server().auth('admin');
    const all = await server().app.inject({ url: `/api/v1/auditLog/?user=${riderId}`, headers });
    const body = all.json<{ count: number; results: { actor_username: string | null }[] }>();
    expect(body.count).toBeGreaterThanOrEqual(2);
    expect(body.results.every((row) => row.actor_username === 'rider')).toBe(true);

    const second = await server().app.inject({ url: `/api/v1/auditLog/?user=${riderId}&page=2&page_size=1`, headers });
    expect(second.json()).toMatchObject({ count: body.count, results: [expect.anything()] });
  });

  it('is readable by admins only', async () => {
    const res = await server().app.inject({ url: '/api/v1/auditLog/', headers: await server().auth('organizer') });
    expect(res.statusCode).toBe(403);
  });
});

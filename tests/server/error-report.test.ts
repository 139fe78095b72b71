import { describe, expect, it } from 'vitest';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
const report = {
  kind: 'http',
  status: 502,
  method: 'GET',
  url: '/api/v1/venue/1/',
  message: 'Bad gateway',
  page: '/organizer/list',
  version: '0.1.0',
};

describe('error reports', () => {
  it('are stored, with the reporting user when signed in', async () => {
    const anonymous = await server().app.inject({
      method: 'POST',
      url: '/api/v1/errorReport/',
      payload: report,
      headers: { 'user-agent': 'test-agent' },
    });
    expect(anonymous.statusCode).toBe(201);
    expect(anonymous.json()).toEqual({ id: expect.any(Number) });
    const signedIn = await server().app.inject({
      method: 'POST',
      url: '/api/v1/errorReport/',
      payload: { kind: 'network', url: '/x', message: 'offline' },
      headers: await server().auth('stable'),
    });
    expect(signedIn.statusCode).toBe(201);

    const list = await server().app.inject({ url: '/api/v1/errorReport/', headers: await server().auth('admin') });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.count).toBe(2);
    expect(body.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          ...report,
          user_id: null,
          username: null,
          user_agent: 'test-agent',
          created_at: expect.any(String),
        }),
        expect.objectContaining({ kind: 'network', user_id: expect.any(Number), username: 'stable' }),
      ]),
    );
  });

  it('are filtered by kind and status, and paged', async () => {
    const post = (payload: object) => server().app.inject({ method: 'POST', url: '/api/v1/errorReport/', payload });
    await post(report);
    await post({ ...report, status: 503, message: 'Maintenance' });
    await post({ kind: 'network', url: '/x', message: 'offline' });
    const headers = await server().auth('admin');
    const list = async (query: string) => {
      const res = await server().app.inject({ url: `/api/v1/errorReport/?${query}`, headers });
      expect(res.statusCode).toBe(200);
      return res.json<{ count: number; results: { message: string }[] }>();
    };

    expect((await list('kind=http')).count).toBe(2);
    expect(await list('kind=http&status=503')).toMatchObject({ count: 1, results: [{ message: 'Maintenance' }] });
    expect(await list('kind=network')).toMatchObject({ count: 1, results: [{ message: 'offline' }] });
    // Newest first; count is over all pages.
    expect(await list('page=2&page_size=1')).toMatchObject({ count: 3, results: [{ message: 'Maintenance' }] });

    const bad = await server().app.inject({ url: '/api/v1/errorReport/?kind=disk&status=abc', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation', fields: { kind: ['invalid'], status: ['invalid'] } });
  });

  it('are readable by admins only', async () => {
    for (const username of ['organizer', 'rider', 'stable']) {
      const res = await server().app.inject({ url: '/api/v1/errorReport/', headers: await server().auth(username) });
      expect(res.statusCode).toBe(403);
    }
    expect((await server().app.inject({ url: '/api/v1/errorReport/' })).statusCode).toBe(401);
  });

  it('are accepted with an expired or broken token, as anonymous', async () => {
    const res = await server().app.inject({
      method: 'POST',
      url: '/api/v1/errorReport/',
      payload: report,
      headers: { authorization: 'Bearer broken' },
    });
    expect(res.statusCode).toBe(201);
  });
});

import { describe, expect, it } from 'vitest';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
const me = async (username: string) =>
  (await server().app.inject({ url: '/api/auth/user/', headers: await server().auth(username) })).json();

describe('GET /api/auth/user/', () => {
  it.each([
    ['admin', ['admin'], 'en', null, false],
    ['organizer', ['organizer'], 'de', 1, false],
    ['stable', ['stable'], 'de', 1, false],
    ['welcomedesk', ['welcomedesk'], 'de', 1, false],
    ['signin', ['signin'], 'de', 1, false],
    ['vetcheck', ['vetcheck'], 'de', 1, false],
    ['rider', ['rider'], 'en', null, true],
    ['employer', ['employer'], 'de', null, false],
    ['official', ['official'], 'fr', null, false],
    ['merchant', ['merchant'], 'it', null, false],
    ['simpleuser', ['simpleuser'], 'pl', null, false],
    ['multi', ['rider', 'official'], 'en', null, true],
  ])('describes %s', async (username, roles, language, assignedVenue, termsAccepted) => {
    const user = await me(username);
    expect(user).toMatchObject({
      username,
      email: `${username}@paddock.demo`,
      roles,
      language,
      assigned_venue: assignedVenue,
      terms_accepted: termsAccepted,
      terms_accepted_version: termsAccepted ? '2026-01' : null,
      impersonator: null,
    });
    expect(user.first_name).not.toBe('');
    const profileIds = {
      rider: user.rider_id,
      employer: user.employer_id,
      official: user.official_id,
      simpleuser: user.simple_user_id,
      merchant: user.merchant_id,
    };
    for (const [role, id] of Object.entries(profileIds)) {
      if (roles.includes(role)) expect(id, role).toEqual(expect.any(Number));
      else expect(id, role).toBeNull();
    }
  });
});

describe('PATCH /api/auth/user/', () => {
  it('persists the language', async () => {
    const headers = await server().auth('official');
    const res = await server().app.inject({
      method: 'PATCH',
      url: '/api/auth/user/',
      headers,
      payload: { language: 'it' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().language).toBe('it');
    expect((await me('official')).language).toBe('it');
  });

  it('refuses an unknown language', async () => {
    const headers = await server().auth('official');
    const res = await server().app.inject({
      method: 'PATCH',
      url: '/api/auth/user/',
      headers,
      payload: { language: 'xx' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', fields: { language: ['invalid'] } });
  });

  it('needs a signed-in user', async () => {
    const res = await server().app.inject({ method: 'PATCH', url: '/api/auth/user/', payload: { language: 'en' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/auth/user/logout/', () => {
  it('answers ok and writes an audit row', async () => {
    const res = await server().app.inject({ url: '/api/auth/user/logout/', headers: await server().auth('rider') });
    expect(res.json()).toEqual({ ok: true });
    const log = await server().app.inject({
      url: '/api/v1/auditLog/?action=auth.logout',
      headers: await server().auth('admin'),
    });
    expect(log.json().count).toBe(1);
  });
});

describe('GET /api/v1/user/search/', () => {
  it('finds users by name or e-mail for admins', async () => {
    const res = await server().app.inject({
      url: '/api/v1/user/search/?q=rosa',
      headers: await server().auth('admin'),
    });
    expect(res.json()).toEqual({
      count: 1,
      results: [
        {
          id: expect.any(Number),
          username: 'rider',
          email: 'rider@paddock.demo',
          first_name: 'Rosa',
          last_name: 'Rider',
          roles: ['rider'],
          is_active: true,
        },
      ],
    });
    const all = await server().app.inject({
      url: '/api/v1/user/search/?page_size=5&page=2',
      headers: await server().auth('admin'),
    });
    expect(all.json().count).toBe(12);
    expect(all.json().results).toHaveLength(5);
  });

  it('treats LIKE wildcards literally', async () => {
    const res = await server().app.inject({ url: '/api/v1/user/search/?q=%25', headers: await server().auth('admin') });
    expect(res.json().count).toBe(0);
  });

  it('validates paging', async () => {
    const res = await server().app.inject({
      url: '/api/v1/user/search/?page=0&page_size=5000',
      headers: await server().auth('admin'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ page: ['too_small'], page_size: ['too_big'] });
  });
});

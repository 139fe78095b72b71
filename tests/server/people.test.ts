import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { employers, officials, riders } from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

async function call(username: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return server().app.inject({ method, url, payload, headers: await server().auth(username) });
}

describe('person searches', () => {
  it('finds each kind of profile by name, company, e-mail or FEI id', async () => {
    const db = server().database.db;
    await db
      .insert(riders)
      .values({ firstName: 'Marcus', lastName: 'Ehning', feiId: '10000384', email: 'marcus@example.com' });
    await db.update(officials).set({ feiId: sql`'1009999' || ${officials.id}` });

    const names = async (url: string, username = 'admin') =>
      (await call(username, 'GET', url)).json().results.map((p: { name: string }) => p.name);
    expect(await names('/api/v1/rider/')).toEqual(['Marcus Ehning', 'Morgan Multi', 'Rosa Rider']);
    expect(await names('/api/v1/rider/?search=marcus x')).toEqual([]);
    expect(await names('/api/v1/rider/?search=marcus eh')).toEqual(['Marcus Ehning']);
    expect(await names('/api/v1/rider/?search=ehning marcus')).toEqual(['Marcus Ehning']);
    // The stable and the show office find only their venue's people: Marcus rides elsewhere.
    expect(await names('/api/v1/rider/?search=10000384', 'stable')).toEqual([]);
    expect(await names('/api/v1/rider/?search=marcus', 'organizer')).toEqual([]);
    expect(await names('/api/v1/rider/?search=marcus@example.com', 'organizer')).toEqual([]);
    expect(await names('/api/v1/rider/?search=rider@paddock')).toEqual(['Rosa Rider']);
    expect(await names('/api/v1/employer/?search=gestüt')).toEqual(['Gestüt Arbeitgeber GmbH']);
    expect(await names('/api/v1/merchant/?search=selleria')).toEqual(['Selleria Mercante']);
    expect(await names('/api/v1/simpleuser/?search=prosty')).toEqual(['Szymon Prosty']);
    expect(await names('/api/v1/rider/?search=%25')).toEqual([]);

    const official = await call('admin', 'GET', '/api/v1/official/?search=1009999');
    expect(official.json()).toEqual({
      count: 2,
      results: [
        {
          id: expect.any(Number),
          user: expect.any(Number),
          name: 'Morgan Multi',
          email: 'multi@paddock.demo',
          fei_id: expect.stringMatching(/^1009999/),
        },
        {
          id: expect.any(Number),
          user: expect.any(Number),
          name: 'Odile Officielle',
          email: 'official@paddock.demo',
          fei_id: expect.stringMatching(/^1009999/),
        },
      ],
    });
    expect((await call('admin', 'GET', '/api/v1/rider/?page_size=1&page=2')).json()).toMatchObject({
      count: 3,
      results: [{ name: 'Morgan Multi' }],
    });
  });

  it('is for the show office, the stable and admins', async () => {
    for (const username of ['rider', 'welcomedesk', 'employer']) {
      expect((await call(username, 'GET', '/api/v1/rider/?search=rosa')).statusCode).toBe(403);
    }
  });
});

describe('horses', () => {
  it('creates horses and finds them by name, FEI id or national id', async () => {
    const res = await call('organizer', 'POST', '/api/v1/horse/', {
      name: 'Big Star',
      fei_id: '103ab45',
      national_id: '826009',
      birth_year: 2003,
      sex: 'stallion',
      colour: 'bay',
      breed: 'KWPN',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Big Star',
      fei_id: '103AB45',
      national_id: '826009',
      birth_year: 2003,
      sex: 'stallion',
      colour: 'bay',
      breed: 'KWPN',
    });
    await call('admin', 'POST', '/api/v1/horse/', { name: 'Hickstead' });
    const twin = await call('organizer', 'POST', '/api/v1/horse/', { name: 'Other', fei_id: '103AB45' });
    expect(twin.json()).toMatchObject({ error: 'validation', fields: { fei_id: ['duplicate'] } });
    const bad = await call('organizer', 'POST', '/api/v1/horse/', { name: '', fei_id: 'x!', sex: 'unicorn' });
    expect(bad.json().fields).toEqual({ name: ['required'], fei_id: ['invalid_fei_id'], sex: ['invalid'] });

    const found = async (search: string) =>
      (await call('organizer', 'GET', `/api/v1/horse/?search=${search}`))
        .json()
        .results.map((h: { name: string }) => h.name);
    expect(await found('')).toEqual(['Big Star', 'Hickstead']);
    expect(await found('hick')).toEqual(['Hickstead']);
    expect(await found('103ab')).toEqual(['Big Star']);
    expect(await found('826009')).toEqual(['Big Star']);
    expect((await call('stable', 'POST', '/api/v1/horse/', { name: 'Stable horse' })).statusCode).toBe(403);
  });
});

describe('GET /api/v1/rider/getNextBookkeepingRefId/', () => {
  it('starts at 10001 and follows the highest id of riders and employers', async () => {
    const next = async () => (await call('organizer', 'GET', '/api/v1/rider/getNextBookkeepingRefId/')).json();
    expect(await next()).toEqual({ next: 10001 });
    const db = server().database.db;
    const [rider] = await db.select().from(riders).limit(1);
    await db.update(riders).set({ bookkeepingRefId: 10005 }).where(eq(riders.id, rider!.id));
    expect(await next()).toEqual({ next: 10006 });
    await db.update(employers).set({ bookkeepingRefId: 12000 });
    expect(await next()).toEqual({ next: 12001 });
    expect((await call('stable', 'GET', '/api/v1/rider/getNextBookkeepingRefId/')).statusCode).toBe(403);
  });
});

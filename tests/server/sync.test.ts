import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncConflictList, SyncStatus } from '@shared/schemas/sync';
import { rowsOf } from '../../server/src/db/rows';
import type { App } from '../../server/src/types';
import {
  emptyRegistry,
  generatedRegistry,
  startRegistryDouble,
  type RegistryData,
  type RegistryDouble,
} from '../registry-double/registry-double';
import { multipart } from './bank-statements-fixtures';
import { useTestServer } from './helpers/use-server';

// An app of its own: the first test needs a database no other app's job queue has run on.
const server = useTestServer(undefined, { own: true });
let registry: RegistryDouble;
/** An app that knows the registry (the file's default app does not). */
let app: App;
let admin: { authorization: string };

beforeAll(async () => {
  registry = await startRegistryDouble();
  app = await server().buildApp({
    REGISTRY_URL: registry.url,
    REGISTRY_USER: 'paddock',
    REGISTRY_PASSWORD: 'secret',
    REGISTRY_TIMEOUT_MS: '400',
  });
  await app.ready();
});
afterAll(async () => {
  await registry.close();
});

const db = () => server().database.db;
const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(text));
const auth = async () => (admin = await server().auth('admin'));

/** A small registry: two clubs, three riders, two horses, one official. */
function smallRegistry(): RegistryData {
  return {
    clubs: [
      { id: 'C-1', name: 'RV Seeland', city: 'Biel', country: 'SUI' },
      { id: 'C-2', name: 'PSV Emmental', city: 'Burgdorf', country: 'SUI' },
    ],
    riders: [
      {
        id: 'R-1',
        fei_id: '10990001',
        national_id: 'CH-1',
        first_name: 'Anna',
        last_name: 'Muster',
        email: 'anna@registry.example',
        nationality: 'SUI',
        birth_date: '1994-03-02',
        club: 'C-1',
      },
      { id: 'R-2', fei_id: '10990002', national_id: 'CH-2', first_name: 'Beat', last_name: 'Keller', club: 'C-2' },
      {
        id: 'R-3',
        fei_id: null,
        national_id: 'CH-3',
        first_name: 'Carla',
        last_name: 'Frei',
        email: 'carla@x.example',
      },
    ],
    horses: [
      {
        id: 'H-1',
        fei_id: '107XX01',
        national_id: '756000000000001',
        name: 'Quasimodo Z',
        birth_year: 2014,
        sex: 'gelding',
      },
      {
        id: 'H-2',
        fei_id: '107XX02',
        national_id: '756000000000002',
        name: 'Cornet',
        birth_year: 2016,
        colour: 'grey',
      },
    ],
    officials: [
      {
        id: 'O-1',
        fei_id: '10990201',
        national_id: 'CH-O-1',
        first_name: 'Eva',
        last_name: 'Richter',
        email: 'eva@registry.example',
        functions: ['steward', 'judge'],
      },
    ],
  };
}

async function start(target: App = app) {
  return target.inject({ method: 'POST', url: '/api/v1/venue/start_sync/', headers: admin });
}

async function status(target: App = app): Promise<SyncStatus> {
  const res = await target.inject({ method: 'GET', url: '/api/v1/venue/sync_status/', headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SyncStatus>();
}

async function settled(target: App = app, timeoutMs = 60_000): Promise<SyncStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const current = await status(target);
    if (current.status !== 'in_progress') return current;
    if (Date.now() > until) throw new Error(`sync still running: ${current.done}/${current.total}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function sync(target: App = app): Promise<SyncStatus> {
  const res = await start(target);
  expect(res.statusCode, res.body).toBe(202);
  return settled(target);
}

const registryRows = () =>
  query<{ riders: number; horses: number; officials: number; clubs: number }>(sql`SELECT
    (SELECT count(*) FROM riders WHERE registry_data IS NOT NULL)::int AS riders,
    (SELECT count(*) FROM horses WHERE registry_data IS NOT NULL)::int AS horses,
    (SELECT count(*) FROM officials WHERE registry_data IS NOT NULL)::int AS officials,
    (SELECT count(*) FROM clubs)::int AS clubs`).then((r) => r[0]!);

const totals = () =>
  query<{ riders: number; horses: number; officials: number }>(sql`SELECT
    (SELECT count(*) FROM riders)::int AS riders, (SELECT count(*) FROM horses)::int AS horses,
    (SELECT count(*) FROM officials)::int AS officials`).then((r) => r[0]!);

/** One entity's counts when a sync only created, or only found unchanged, its records. */
const created = (n: number) => ({ created: n, updated: 0, unchanged: 0, conflicts: 0 });
const unchanged = (n: number) => ({ created: 0, updated: 0, unchanged: n, conflicts: 0 });

async function conflicts(): Promise<SyncConflictList> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/syncConflict/', headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SyncConflictList>();
}

describe('the registry sync', () => {
  // First: no other app on this database has its job queue running yet, so the run is the first app's.
  it('survives a server killed mid-sync: the next server resumes, nothing twice, exact counts', async () => {
    await auth();
    registry.mode = 'ok';
    registry.data = { ...generatedRegistry(1500, 1500), officials: emptyRegistry().officials };
    const before = await totals();
    const first = await server().buildApp({
      REGISTRY_URL: registry.url,
      REGISTRY_USER: 'paddock',
      REGISTRY_PASSWORD: 'secret',
    });
    await first.ready();
    expect((await start(first)).statusCode).toBe(202);
    // Stop the first server once a batch is in (it finishes the batch in hand, then stops).
    for (let i = 0; i < 2000; i++) {
      const [row] = await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM job_run_items WHERE status = 'done'`);
      if (row!.n >= 1) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    await first.close();
    const midway = await status(app);
    expect(midway.status).toBe('in_progress');
    expect(midway.done).toBeGreaterThan(0);
    expect(midway.done).toBeLessThan(midway.total);
    const requests = registry.requests.length;

    const second = await server().buildApp({ REGISTRY_URL: registry.url });
    await second.ready();
    const done = await settled(second, 120_000);
    await second.close();
    expect(done.status).toBe('done');
    expect(done.progress.map((m) => m.code)).toContain('run_resumed');
    expect(done.counts?.rider).toEqual(created(1500));
    expect(done.counts?.horse).toEqual(created(1500));
    expect(done.counts?.club).toEqual(created(20));
    // The export was read once, when the sync started.
    expect(registry.requests.length).toBe(requests);
    expect(await totals()).toEqual({ ...before, riders: before.riders + 1500, horses: before.horses + 1500 });
    const [distinct] = await query<{ riders: number; horses: number }>(sql`SELECT
      (SELECT count(DISTINCT registry_data ->> 'id') FROM riders WHERE registry_data IS NOT NULL)::int AS riders,
      (SELECT count(DISTINCT registry_data ->> 'id') FROM horses WHERE registry_data IS NOT NULL)::int AS horses`);
    expect(distinct).toEqual({ riders: 1500, horses: 1500 });
  });

  it('creates on the first sync, changes nothing on the second, and updates what the registry changed', async () => {
    await auth();
    registry.mode = 'ok';
    registry.pageSize = 2;
    registry.data = smallRegistry();
    expect((await status()).status).toBe('idle');
    const before = await totals();
    const seen = registry.requests.length;

    const first = await sync();
    expect(first.status).toBe('done');
    expect(first.counts).toEqual({
      club: created(2),
      rider: created(3),
      horse: created(2),
      official: created(1),
    });
    expect(first.last_sync?.sync_date).toBeTruthy();
    expect(first.progress.map((m) => m.code)).toEqual(
      expect.arrayContaining(['run_started', 'sync_batch', 'sync_done']),
    );
    // Paged over HTTP (two records a page): every page read once.
    expect(registry.requests.slice(seen)).toEqual(['GET /export?page=1', 'GET /export?page=2']);
    registry.pageSize = 1000;
    expect(await registryRows()).toEqual({ riders: 3, horses: 2, officials: 1, clubs: 2 });
    const after = await totals();
    expect(after).toEqual({ riders: before.riders + 3, horses: before.horses + 2, officials: before.officials + 1 });
    const [anna] = await query<{ first_name: string; club: string; birth_date: string }>(
      sql`SELECT r.first_name, c.name AS club, r.birth_date::text AS birth_date FROM riders r JOIN clubs c ON c.id = r.club_id WHERE r.fei_id = '10990001'`,
    );
    expect(anna).toEqual({ first_name: 'Anna', club: 'RV Seeland', birth_date: '1994-03-02' });
    const [eva] = await query<{ functions: string[] }>(sql`SELECT functions FROM officials WHERE fei_id = '10990201'`);
    expect(eva!.functions).toEqual(['judge', 'steward']);

    const stamps = () =>
      query<{ t: string }>(sql`SELECT string_agg(updated_at::text || registry_synced_at::text, ',' ORDER BY id) AS t
        FROM (SELECT id, updated_at, registry_synced_at FROM riders UNION ALL SELECT id, updated_at, registry_synced_at FROM horses
              UNION ALL SELECT id, updated_at, registry_synced_at FROM officials UNION ALL SELECT id, updated_at, registry_synced_at FROM clubs) s`);
    const stamped = await stamps();
    const second = await sync();
    expect(second.status).toBe('done');
    expect(second.counts).toEqual({
      club: unchanged(2),
      rider: unchanged(3),
      horse: unchanged(2),
      official: unchanged(1),
    });
    expect(await totals()).toEqual(after);
    expect(await stamps()).toEqual(stamped);

    // The registry changes a rider's name and a horse's colour, and moves a rider to another club.
    const changed = smallRegistry();
    changed.riders[0]!.last_name = 'Muster-Huber';
    changed.riders[1]!.club = 'C-1';
    changed.horses[1]!.colour = 'white';
    registry.data = changed;
    const third = await sync();
    expect(third.counts?.rider).toEqual({ created: 0, updated: 2, unchanged: 1, conflicts: 0 });
    expect(third.counts?.horse).toEqual({ created: 0, updated: 1, unchanged: 1, conflicts: 0 });
    const [updated] = await query<{ last_name: string }>(sql`SELECT last_name FROM riders WHERE fei_id = '10990001'`);
    expect(updated!.last_name).toBe('Muster-Huber');
    const [beat] = await query<{ club: string }>(
      sql`SELECT c.registry_id AS club FROM riders r JOIN clubs c ON c.id = r.club_id WHERE r.fei_id = '10990002'`,
    );
    expect(beat!.club).toBe('C-1');
    expect(await totals()).toEqual(after);
    expect((await conflicts()).count).toBe(0);
  });

  it('lists a field both sides changed as a conflict, keeps the local value, lists it once, and resolves it', async () => {
    await auth();
    registry.mode = 'ok';
    registry.data = smallRegistry();
    await sync();
    // The office corrects a rider's e-mail and a horse's name; the registry changes both too.
    await db().execute(sql`UPDATE riders SET email = 'anna.office@example.ch' WHERE fei_id = '10990001'`);
    await db().execute(sql`UPDATE horses SET name = 'Quasimodo Z (office)' WHERE fei_id = '107XX01'`);
    const changed = smallRegistry();
    changed.riders[0]!.email = 'anna.new@registry.example';
    changed.horses[0]!.name = 'Quasimodo Z CH';
    // …and a field only the office changed stays as the office wrote it, without a conflict.
    await db().execute(sql`UPDATE riders SET nationality = 'GER' WHERE fei_id = '10990001'`);
    registry.data = changed;
    const run = await sync();
    expect(run.counts?.rider).toEqual({ created: 0, updated: 0, unchanged: 2, conflicts: 1 });
    expect(run.counts?.horse).toEqual({ created: 0, updated: 0, unchanged: 1, conflicts: 1 });
    const [kept] = await query<{ email: string; nationality: string }>(
      sql`SELECT email, nationality FROM riders WHERE fei_id = '10990001'`,
    );
    expect(kept).toEqual({ email: 'anna.office@example.ch', nationality: 'GER' });
    const listed = await conflicts();
    expect(listed.count).toBe(2);
    const email = listed.results.find((c) => c.field === 'email')!;
    expect(email).toMatchObject({
      entity: 'rider',
      local_name: 'Anna Muster',
      registry_id: 'R-1',
      local_value: 'anna.office@example.ch',
      registry_value: 'anna.new@registry.example',
      reason: 'both_changed',
    });

    // The next sync does not list them again.
    const again = await sync();
    expect(again.counts?.rider.conflicts).toBe(0);
    expect((await conflicts()).count).toBe(2);

    const resolve = (id: number, resolution: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/syncConflict/${id}/resolve/`,
        headers: admin,
        payload: { resolution },
      });
    expect((await resolve(email.id, 'maybe')).statusCode).toBe(400);
    expect((await resolve(email.id, 'took_registry')).statusCode).toBe(204);
    const [taken] = await query<{ email: string }>(sql`SELECT email FROM riders WHERE fei_id = '10990001'`);
    expect(taken!.email).toBe('anna.new@registry.example');
    const horse = listed.results.find((c) => c.entity === 'horse')!;
    expect((await resolve(horse.id, 'kept_local')).statusCode).toBe(204);
    const [name] = await query<{ name: string }>(sql`SELECT name FROM horses WHERE fei_id = '107XX01'`);
    expect(name!.name).toBe('Quasimodo Z (office)');
    expect((await resolve(horse.id, 'kept_local')).statusCode).toBe(409);
    expect((await conflicts()).count).toBe(0);
    const audits = await query<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE action LIKE 'sync.%' ORDER BY id`,
    );
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['sync.start', 'sync.finish', 'sync.conflict.resolve']),
    );
  });

  it('matches by national id and by e-mail instead of creating; an ambiguous match is a conflict and creates nothing', async () => {
    await auth();
    registry.mode = 'ok';
    // Known locally before any sync: one rider by national id (empty e-mail), one by e-mail.
    await db().execute(sql`INSERT INTO riders (first_name, last_name, national_id) VALUES ('Anna', 'Muster', 'CH-1')`);
    await db().execute(
      sql`INSERT INTO riders (first_name, last_name, email) VALUES ('Carla', 'Frei-Local', 'CARLA@x.example')`,
    );
    // R-2's FEI id names one local rider, its national id another.
    await db().execute(sql`INSERT INTO riders (first_name, last_name, fei_id) VALUES ('Beat', 'K.', '10990002')`);
    await db().execute(sql`INSERT INTO riders (first_name, last_name, national_id) VALUES ('Beat', 'Keller', 'CH-2')`);
    const before = await totals();
    registry.data = smallRegistry();
    const run = await sync();
    expect(run.counts?.rider).toEqual({ created: 0, updated: 1, unchanged: 0, conflicts: 2 });
    expect((await totals()).riders).toBe(before.riders);
    const [anna] = await query<{ fei_id: string; email: string; id: string }>(
      sql`SELECT fei_id, email, registry_data ->> 'id' AS id FROM riders WHERE national_id = 'CH-1'`,
    );
    // Empty local fields are filled.
    expect(anna).toEqual({ fei_id: '10990001', email: 'anna@registry.example', id: 'R-1' });
    const listed = (await conflicts()).results;
    expect(listed.find((c) => c.registry_id === 'R-2')).toMatchObject({ reason: 'ambiguous_match', field: null });
    // A non-empty local value that differs, never synced before: listed, not overwritten.
    expect(listed.find((c) => c.registry_id === 'R-3')).toMatchObject({
      reason: 'local_differs',
      field: 'last_name',
      local_value: 'Frei-Local',
      registry_value: 'Frei',
    });
    const ambiguous = listed.find((c) => c.registry_id === 'R-2')!;
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/syncConflict/${ambiguous.id}/resolve/`,
      headers: admin,
      payload: { resolution: 'took_registry' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a second start while one runs: 409 sync_running, nothing started', async () => {
    await auth();
    registry.mode = 'ok';
    registry.data = generatedRegistry(1500, 0);
    const first = await start();
    expect(first.statusCode, first.body).toBe(202);
    const second = await start();
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('sync_running');
    expect((await settled()).status).toBe('done');
    const [runs] = await query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM job_runs WHERE kind = 'registry_sync'`,
    );
    expect(runs!.n).toBe(1);
    const [exports] = await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM registry_exports`);
    expect(exports!.n).toBe(1);
  });

  it.each(['error', 'garbage', 'wrong_shape', 'hang'] as const)(
    'a registry that answers %s: 502 registry_unavailable, status error with the reason, nothing created',
    async (mode) => {
      await auth();
      registry.data = smallRegistry();
      registry.mode = mode;
      const before = await totals();
      const res = await start();
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toBe('registry_unavailable');
      const now = await status();
      expect(now.status).toBe('error');
      expect(now.progress.map((m) => m.code)).toEqual(['sync_registry_unavailable']);
      expect(now.last_sync).toBeNull();
      expect(await totals()).toEqual(before);
      expect(await registryRows()).toEqual({ riders: 0, horses: 0, officials: 0, clubs: 0 });
      registry.mode = 'ok';
    },
  );

  it('needs the registry set up, or an uploaded export file', async () => {
    await auth();
    const res = await start(server().app);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('registry_not_configured');
    expect((await status(server().app)).registry_configured).toBe(false);

    const file = readFileSync(new URL('../fixtures/registry/registry-export.json', import.meta.url));
    const form = multipart(file, 'registry-export.json', 'application/json');
    const upload = await server().app.inject({
      method: 'POST',
      url: '/api/v1/venue/start_sync/',
      payload: form.payload,
      headers: { ...admin, ...form.headers },
    });
    expect(upload.statusCode, upload.body).toBe(202);
    const done = await settled(server().app);
    expect(done).toMatchObject({ status: 'done', source: 'file' });
    expect(done.counts?.rider.created).toBe(2);
    expect(await registryRows()).toEqual({ riders: 2, horses: 1, officials: 1, clubs: 2 });

    const bad = multipart('{"riders": [{"id": "R-1", "birth_date": "yesterday"}]}', 'export.json', 'application/json');
    const refused = await server().app.inject({
      method: 'POST',
      url: '/api/v1/venue/start_sync/',
      payload: bad.payload,
      headers: { ...admin, ...bad.headers },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ file: ['invalid'] });
    expect((await status(server().app)).status).toBe('done');
  });

  it('refuses a file that is not a registry export: nothing stored, no run', async () => {
    await auth();
    const others: [string, string][] = [
      ['id;name\r\nR-1;Anna\r\n', 'riders.csv'],
      ['{"items": [{"id": 1, "name": "Anna"}]}', 'other.json'],
      ['[{"id": "R-1"}]', 'list.json'],
      ['{"clubs": [], "riders": [], "horses": [], "officials": []}', 'empty-export.json'],
      ['{"riders": [{"first_name": "no id"}]}', 'no-ids.json'],
    ];
    for (const [body, name] of others) {
      const form = multipart(body, name, 'application/octet-stream');
      const res = await server().app.inject({
        method: 'POST',
        url: '/api/v1/venue/start_sync/',
        payload: form.payload,
        headers: { ...admin, ...form.headers },
      });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().fields, name).toEqual({ file: ['not_registry_export'] });
    }
    const now = await status(server().app);
    expect(now).toMatchObject({ status: 'idle', last_sync: null });
    const [stored] = await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM registry_exports`);
    expect(stored!.n).toBe(0);
  });

  it('is for admins only', async () => {
    for (const user of ['organizer', 'rider']) {
      const headers = await server().auth(user);
      for (const [method, url] of [
        ['POST', '/api/v1/venue/start_sync/'],
        ['GET', '/api/v1/venue/sync_status/'],
        ['GET', '/api/v1/syncConflict/'],
        ['POST', '/api/v1/syncConflict/1/resolve/'],
      ] as const) {
        const res = await app.inject({ method, url, headers, payload: method === 'POST' ? {} : undefined });
        expect(res.statusCode, `${user} ${method} ${url}`).toBe(403);
      }
    }
    expect(await query(sql`SELECT id FROM job_runs WHERE kind = 'registry_sync'`)).toEqual([]);
  });
});

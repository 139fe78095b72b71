import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/client';
import { rowsOf } from '../../server/src/db/rows';
import type { FeiPreview } from '../../src/shared/schemas/fei';
import type { JobRun } from '../../src/shared/schemas/jobs';
import { startFeiDouble, type FeiDouble, SAMPLE_COMPETITIONS } from '../fei-double/fei-double';
import { multipart } from './bank-statements-fixtures';
import { useSeededServer } from './helpers/use-server';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/fei/${name}`, import.meta.url), 'utf8');
const SAMPLE = fixture('fei-entry-jumping.xml');
const VARIANTS = fixture('fei-entry-variants.xml');
const WITHDRAWALS = fixture('fei-entry-withdrawals.xml');

let double: FeiDouble;
const env: Record<string, string> = { FEI_API_USER: 'paddock', FEI_API_PASSWORD: 'secret' };
beforeAll(async () => {
  double = await startFeiDouble({ shows: { '2026_CI_0139': { entries: SAMPLE, competitions: SAMPLE_COMPETITIONS } } });
  env.FEI_API_URL = double.url;
});
afterAll(async () => {
  await double.close();
});
/** The venue's setup before any import: a CSI2* event without FEI id (the import links it). */
async function seedShow(database: Db) {
  await database.execute(
    sql`INSERT INTO event_categories (code, name, discipline) VALUES ('CSI2*', 'International jumping 2*', 'jumping')`,
  );
  await database.execute(sql`INSERT INTO venue_event_categories (venue_id, event_category_id, name, default_entry_fee_minor)
    SELECT 1, id, 'CSI2* Lipica', 15000 FROM event_categories WHERE code = 'CSI2*'`);
  return {};
}
const { server, db } = useSeededServer(seedShow, env);

async function upload(xml: string | Buffer, { user = 'organizer', venue = 1, kind = 'Participations' } = {}) {
  const body = multipart(xml, 'entries.xml');
  return server().app.inject({
    method: 'POST',
    url: `/api/v1/venue/${venue}/uploadFei${kind}/`,
    headers: { ...(await server().auth(user)), ...body.headers },
    payload: body.payload,
  });
}

async function previewed(xml: string, kind = 'Participations'): Promise<FeiPreview> {
  const res = await upload(xml, { kind });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<FeiPreview>();
}

async function call(method: 'GET' | 'POST', url: string, payload?: object, user = 'organizer') {
  return server().app.inject({ method, url, headers: await server().auth(user), payload });
}

/** Polls the run until it has ended. */
async function finished(run: JobRun): Promise<JobRun> {
  // Until the run ends, with room for a machine three times slower than a busy two-core one.
  for (const until = Date.now() + 90_000; Date.now() < until;) {
    const res = await call('GET', `/api/v1/jobs/${run.id}/`);
    const current = res.json<JobRun>();
    if (!['queued', 'running'].includes(current.status)) return current;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('run did not finish');
}

async function commit(preview: FeiPreview): Promise<JobRun> {
  const res = await call('POST', `/api/v1/venue/1/feiImport/${preview.id}/commit/`);
  expect(res.statusCode, res.body).toBe(202);
  const run = await finished(res.json<JobRun>());
  expect(run.status, JSON.stringify(run)).toBe('done');
  return run;
}

const count = async (query: string) =>
  Number(rowsOf<{ n: number }>(await db().execute(sql.raw(`SELECT count(*)::int AS n FROM ${query}`)))[0]!.n);

/** What an import can change, to show that a refusal changed nothing. */
const snapshot = async () => ({
  riders: await count('riders'),
  horses: await count('horses'),
  vecs: await count('venue_event_categories'),
  categories: await count('event_categories'),
  participations: await count('venue_participations'),
  participationHorses: await count('participation_horses'),
  entries: await count('vec_participations'),
  imports: await count('fei_imports'),
  competitions: await count('competitions'),
  venueFei: rowsOf<{ fei_id: string | null }>(await db().execute(sql`SELECT fei_id FROM venues WHERE id = 1`))[0]!
    .fei_id,
});

const entriesAtVenue = async () =>
  rowsOf<{ event: string; rider: string; horse: string }>(
    await db().execute(sql`SELECT v.fei_id AS event, r.fei_id AS rider, h.fei_id AS horse FROM vec_participations e
      JOIN venue_event_categories v ON v.id = e.vec_id JOIN venue_participations vp ON vp.id = e.venue_participation_id
      JOIN riders r ON r.id = vp.rider_id JOIN horses h ON h.id = e.horse_id
      WHERE v.venue_id = 1 AND r.fei_id IS NOT NULL ORDER BY 1, 2, 3`),
  );

describe('importing the sample FEI entry file', () => {
  it('previews what would be created and matched, changes nothing until the commit, then applies it', async () => {
    const before = await snapshot();
    const preview = await previewed(SAMPLE);
    expect(preview).toMatchObject({ kind: 'participations', status: 'previewed', run: null, sets_venue_fei_id: false });
    expect(preview.show).toMatchObject({
      fei_id: '2026_CI_0139',
      start_date: '2026-06-11',
      end_date: '2026-06-14',
      venue_name: 'Lipica',
      // CountryNOC="SLO" (the FEI's code) as Paddock keeps countries: ISO 3166 alpha-2.
      country: 'SI',
      timestamp: new Date(1_780_000_000_000).toISOString(),
    });
    expect(preview.counts).toEqual({
      riders: { create: 4, match: 0, update: 0 },
      horses: { create: 5, match: 0, update: 0 },
      // CSI2* is linked to the demo's "CSI2* Lipica" (no FEI id yet); CSIYR-A is new, with a new category
      events: { create: 1, match: 1, update: 0 },
      event_categories: { create: 1 },
      venue_participations: { create: 3, match: 0 },
      participation_horses: { create: 4, match: 0 },
      // Giulia ROSSI's withdrawn entry was never there: skipped
      entries: { create: 4, match: 0, withdraw: 0, withdraw_blocked: 0, skip: 1 },
    });
    expect(preview.events.map((e) => [e.fei_id, e.code, e.action])).toEqual([
      ['2026_CI_0139_S_S_01', 'CSI2*', 'link'],
      ['2026_CI_0139_S_Y_02', 'CSIYR-A', 'create'],
    ]);
    expect(preview.entries.find((e) => e.rider_fei_id === '10150333')).toMatchObject({
      action: 'skip',
      reason: 'withdrawn_absent',
      horse: 'VENTO DEL SUD',
    });
    expect(preview.warnings.map((w) => w.code).sort()).toEqual(['booleans_converted', 'epochs_converted']);
    expect({ ...(await snapshot()), imports: before.imports }).toEqual(before);
    expect(await count('fei_imports')).toBe(before.imports + 1);

    const run = await commit(preview);
    expect(run.kind).toBe('fei_import');
    expect(run.messages.map((m) => m.code)).toContain('fei_committed');
    const after = await snapshot();
    expect(after).toMatchObject({
      riders: before.riders + 4,
      horses: before.horses + 5,
      vecs: before.vecs + 1,
      categories: before.categories + 1,
      participations: before.participations + 3,
      participationHorses: before.participationHorses + 4,
      entries: before.entries + 4,
    });
    expect(await entriesAtVenue()).toEqual([
      { event: '2026_CI_0139_S_S_01', rider: '10198765', horse: '106AB12' },
      { event: '2026_CI_0139_S_S_01', rider: '10234567', horse: '105IG70' },
      { event: '2026_CI_0139_S_S_01', rider: '10234567', horse: '106QQ51' },
      { event: '2026_CI_0139_S_Y_02', rider: '10277001', horse: '107CD34' },
    ]);
    const [maja] = rowsOf<Record<string, unknown>>(
      await db().execute(sql`SELECT first_name, last_name, nationality, birth_date::text AS birth_date, national_id
        FROM riders WHERE fei_id = '10234567'`),
    );
    expect(maja).toEqual({
      first_name: 'Maja',
      last_name: 'NOVAK',
      // CompetingFor="SLO" in the file, kept as ISO 3166 like every person's nationality.
      nationality: 'SI',
      birth_date: '1994-04-12',
      national_id: 'SLO-2231',
    });
    const [cardenio] = rowsOf<Record<string, unknown>>(
      await db().execute(
        sql`SELECT name, chip_id, bedding, owner_name, birth_year, national_id FROM horses WHERE fei_id = '105IG70'`,
      ),
    );
    expect(cardenio).toEqual({
      name: 'CARDENIO Z',
      chip_id: '705098100123456',
      bedding: 'Shavings',
      owner_name: 'Novak Stables d.o.o.',
      birth_year: 2014,
      national_id: '705001000012345',
    });
    // The demo's CSI2* event now carries the FEI id; its entry fee is the entries' fee.
    const [linked] = rowsOf<{ name: string; fee: number }>(
      await db().execute(sql`SELECT v.name, min(e.entry_fee_minor)::int AS fee FROM venue_event_categories v
        JOIN vec_participations e ON e.vec_id = v.id WHERE v.fei_id = '2026_CI_0139_S_S_01' GROUP BY v.name`),
    );
    expect(linked).toEqual({ name: 'CSI2* Lipica', fee: 15_000 });

    const stored = await call('GET', `/api/v1/venue/1/feiImport/${preview.id}/`);
    expect(stored.json<FeiPreview>()).toMatchObject({ status: 'committed', run: { id: run.id, status: 'done' } });
  });

  it('imports the same file a second time as all matched, and neither that nor committing again changes anything', async () => {
    const first = await previewed(SAMPLE);
    const run = await commit(first);
    const before = await snapshot();
    // Committing the same import again answers the same run.
    const again = await call('POST', `/api/v1/venue/1/feiImport/${first.id}/commit/`);
    expect(again.statusCode).toBe(202);
    expect(again.json<JobRun>().id).toBe(run.id);

    const second = await previewed(SAMPLE);
    expect(second.counts).toEqual({
      riders: { create: 0, match: 4, update: 0 },
      horses: { create: 0, match: 5, update: 0 },
      events: { create: 0, match: 2, update: 0 },
      event_categories: { create: 0 },
      venue_participations: { create: 0, match: 3 },
      participation_horses: { create: 0, match: 4 },
      entries: { create: 0, match: 4, withdraw: 0, withdraw_blocked: 0, skip: 1 },
    });
    await commit(second);
    expect(await snapshot()).toEqual({ ...before, imports: before.imports + 1 });
  });

  it('picks up withdrawals on a re-import, and keeps an entry with a result (reported as blocked)', async () => {
    await commit(await previewed(SAMPLE));
    // Lukas HUBER has started in a competition: his entry has a result.
    const [lukas] = rowsOf<{ id: number; vp: number; rider: number; horse: number; vec: number }>(
      await db()
        .execute(sql`SELECT e.id, e.venue_participation_id AS vp, vp.rider_id AS rider, e.horse_id AS horse, e.vec_id AS vec
        FROM vec_participations e JOIN venue_participations vp ON vp.id = e.venue_participation_id
        JOIN riders r ON r.id = vp.rider_id WHERE r.fei_id = '10198765'`),
    );
    const [competition] = rowsOf<{ id: number }>(
      await db().execute(
        sql`INSERT INTO competitions (vec_id, number, name) VALUES (${lukas!.vec}, '9', 'Warm-up') RETURNING id`,
      ),
    );
    await db()
      .execute(sql`INSERT INTO competition_entries (competition_id, venue_participation_id, vec_participation_id,
      rider_id, horse_id, start_order, result_status, round_faults, round_time_faults, round_time_ms)
      VALUES (${competition!.id}, ${lukas!.vp}, ${lukas!.id}, ${lukas!.rider}, ${lukas!.horse}, 1, 'R', 0, 0, 61000)`);

    const preview = await previewed(WITHDRAWALS);
    expect(preview.counts.entries).toEqual({ create: 0, match: 2, withdraw: 1, withdraw_blocked: 1, skip: 1 });
    expect(preview.entries.slice(0, 2).map((e) => [e.rider_fei_id, e.horse_fei_id, e.action])).toEqual([
      ['10234567', '106QQ51', 'withdraw'],
      ['10198765', '106AB12', 'withdraw_blocked'],
    ]);
    const run = await commit(preview);
    expect(run.messages.find((m) => m.code === 'fei_withdrawals')?.params).toEqual({ withdrawn: 1, blocked: 1 });
    expect(await entriesAtVenue()).toEqual([
      { event: '2026_CI_0139_S_S_01', rider: '10198765', horse: '106AB12' },
      { event: '2026_CI_0139_S_S_01', rider: '10234567', horse: '105IG70' },
      { event: '2026_CI_0139_S_Y_02', rider: '10277001', horse: '107CD34' },
    ]);
    expect(await count(`competition_entries WHERE competition_id = ${competition!.id}`)).toBe(1);
  });

  it('reads the accepted entries list (masterlist): every listed entry counts as accepted', async () => {
    const xml = SAMPLE.replace(
      '<HorseEntry FEIID="107CD34" Definite="false" Withdrawn="false" Substituted="false" Accepted="true"',
      '<HorseEntry FEIID="107CD34" Definite="false" Withdrawn="false" Substituted="false" Accepted="false"',
    );
    const asEntries = await previewed(xml);
    expect(asEntries.counts.entries).toMatchObject({ create: 3, skip: 2 });
    const asMasterlist = await previewed(xml, 'Masterlist');
    expect(asMasterlist.kind).toBe('masterlist');
    expect(asMasterlist.counts.entries).toMatchObject({ create: 4, skip: 1 });
    await commit(asMasterlist);
    expect((await entriesAtVenue()).length).toBe(4);
  });
});

describe('what real exports carry', () => {
  it('ignores unknown elements, converts string booleans and epochs, reports malformed dates per record and imports the rest', async () => {
    const preview = await previewed(VARIANTS);
    const warnings = (code: string) => preview.warnings.filter((w) => w.code === code);
    expect(
      warnings('unknown_element')
        .map((w) => w.record)
        .sort(),
    ).toEqual([
      'Athlete/Ranking',
      'Event/AthleteEntry/Extra',
      'Horse/StudBook',
      'Show/Organizer',
      'ShowEntries/Official',
    ]);
    expect(
      warnings('malformed_date')
        .map((w) => [w.record, w.field, w.value])
        .sort(),
    ).toEqual([
      ['Athlete 20000001', 'BirthDate', '1995-02-30'],
      ['Athlete 20000002', 'TimeStamp', 'not-a-time'],
      ['Athlete 20000003', 'BirthDate', '31/12/1999'],
      ['Horse 201AA03', 'BirthDate', '2016-99-01'],
      ['Show 2026_CI_0139', 'EndDate', '14.06.2026'],
    ]);
    expect(
      warnings('malformed_boolean')
        .map((w) => `${w.record}:${w.field}=${w.value}`)
        .sort(),
    ).toEqual([
      'Horse 201AA01:Pony=0',
      'Horse 201AA02:Stallion=no',
      'Horse 201AA03:Stallion=yes',
      'HorseEntry 201AA01 (20000001, 2026_CI_0139_S_S_01):Accepted=1',
      'HorseEntry 201AA01 (20000001, 2026_CI_0139_S_S_01):Withdrawn=0',
    ]);
    expect(warnings('booleans_converted')[0]!.count).toBeGreaterThan(10);
    expect(warnings('epochs_converted')[0]!.count).toBe(6);
    expect(warnings('unknown_horse')).toEqual([
      { code: 'unknown_horse', record: 'Event 2026_CI_0139_S_S_01', field: 'FEIID', value: '299ZZ99', count: 1 },
    ]);
    expect(preview.show.end_date).toBeNull();
    expect(preview.counts.riders.create).toBe(4);
    expect(preview.counts.horses.create).toBe(4);
    expect(preview.counts.entries).toEqual({ create: 2, match: 0, withdraw: 0, withdraw_blocked: 0, skip: 3 });
    expect(
      preview.entries.filter((e) => e.action === 'skip').map((e) => [e.rider_fei_id, e.horse_fei_id, e.reason]),
    ).toEqual([
      ['20000002', '299ZZ99', 'unknown_horse'],
      ['20000003', '201AA03', 'rejected'],
      ['20000004', '201AA04', 'pending'],
    ]);

    await commit(preview);
    const riders = rowsOf<{ fei_id: string; birth_date: string | null }>(
      await db().execute(
        sql`SELECT fei_id, birth_date::text AS birth_date FROM riders WHERE fei_id LIKE '2000000%' ORDER BY fei_id`,
      ),
    );
    expect(riders).toEqual([
      { fei_id: '20000001', birth_date: null },
      { fei_id: '20000002', birth_date: '1990-01-01' },
      { fei_id: '20000003', birth_date: null },
      { fei_id: '20000004', birth_date: null },
    ]);
    const [bravo] = rowsOf<{ birth_year: number }>(
      await db().execute(sql`SELECT birth_year FROM horses WHERE fei_id = '201AA02'`),
    );
    expect(bravo!.birth_year).toBe(2015);
    expect((await entriesAtVenue()).map((e) => e.horse)).toEqual(['201AA01', '201AA02']);
  });
});

describe('refusals change nothing', () => {
  it('refuses what is not XML, XML that is not an FEI entry file or not in its namespace, an empty file and another show', async () => {
    const before = await snapshot();
    const cases: [string | Buffer, string][] = [
      ['rider;horse\nNOVAK;CARDENIO', 'not_xml'],
      ['<HorseSport><ShowEntries><Show FEIID="2026_CI_0139">', 'not_xml'],
      ['<?xml version="1.0"?><Document><BkToCstmrStmt/></Document>', 'not_fei_entry'],
      [Buffer.from('   \n'), 'empty_file'],
      [SAMPLE.replace('Show FEIID="2026_CI_0139"', 'Show FEIID="2026_CI_0999"'), 'other_show'],
      // The same elements in another namespace (the FEI's results) or in none: not an entry export.
      [SAMPLE.replace('xmlns="http://www.fei.org/Entry"', 'xmlns="http://www.fei.org/Result"'), 'wrong_namespace'],
      [SAMPLE.replace(' xmlns="http://www.fei.org/Entry"', ''), 'wrong_namespace'],
    ];
    for (const [body, code] of cases) {
      const res = await upload(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', fields: { file: [code] } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('takes the show for a venue without FEI id at the commit, and refuses a show another venue holds', async () => {
    await db().execute(sql`UPDATE venues SET fei_id = NULL WHERE id = 1`);
    const preview = await previewed(SAMPLE);
    expect(preview.sets_venue_fei_id).toBe(true);
    await commit(preview);
    expect((await snapshot()).venueFei).toBe('2026_CI_0139');

    const [other] = rowsOf<{ id: number }>(
      await db().execute(sql`INSERT INTO venues (name) VALUES ('Other show') RETURNING id`),
    );
    const res = await upload(SAMPLE, { user: 'admin', venue: other!.id });
    expect(res.json()).toMatchObject({ fields: { file: ['other_show'] } });
  });

  it('answers 404 for an unknown venue or import, 403 for staff of another venue or role', async () => {
    expect((await upload(SAMPLE, { user: 'admin', venue: 999 })).statusCode).toBe(404);
    expect((await upload(SAMPLE, { user: 'stable' })).statusCode).toBe(403);
    expect((await upload(SAMPLE, { user: 'rider' })).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/venue/1/feiImport/999/commit/')).statusCode).toBe(404);
  });
});

describe('the FEI web service', () => {
  it('fetches a show by id and previews it like an upload', async () => {
    double.mode = 'ok';
    const res = await call('POST', '/api/v1/venue/1/fetch_from_fei/', { fei_id: '2026_CI_0139' });
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json<FeiPreview>();
    expect(preview.kind).toBe('fei_web');
    expect(preview.counts.entries.create).toBe(4);
    expect(double.requests).toContain('GET /shows/2026_CI_0139/entries');
    expect((await call('POST', '/api/v1/venue/1/fetch_from_fei/', { fei_id: 'no such show!' })).statusCode).toBe(400);
    const unknown = await call('POST', '/api/v1/venue/1/fetch_from_fei/', { fei_id: '2026_CI_0001' });
    expect(unknown.json()).toMatchObject({ fields: { fei_id: ['does_not_exist'] } });
  });

  it('imports participations (preview, then commit) and competitions (preview, create, then all matched)', async () => {
    double.mode = 'ok';
    const competitionsBefore = await call('POST', '/api/v1/venue/1/importCompetitions/', { commit: false });
    expect(competitionsBefore.statusCode, competitionsBefore.body).toBe(200);
    // The events are not linked to the FEI's yet: nothing to put the competitions in.
    expect(competitionsBefore.json()).toMatchObject({ committed: false, counts: { create: 0, no_event: 3 } });

    const preview = await call('POST', '/api/v1/venue/1/importParticipations/', { commit: false });
    expect(preview.json<FeiPreview>()).toMatchObject({ status: 'previewed', run: null });
    const committed = await call('POST', '/api/v1/venue/1/importParticipations/', { commit: true });
    expect(committed.statusCode, committed.body).toBe(200);
    const run = committed.json<FeiPreview>().run!;
    expect(run.kind).toBe('fei_import');
    expect((await finished(run)).status).toBe('done');
    expect((await entriesAtVenue()).length).toBe(4);

    const before = await count('competitions');
    const dry = (await call('POST', '/api/v1/venue/1/importCompetitions/', { commit: false })).json();
    expect(dry).toMatchObject({ committed: false, counts: { create: 3, match: 0, no_event: 0 } });
    expect(await count('competitions')).toBe(before);
    const created = (await call('POST', '/api/v1/venue/1/importCompetitions/', { commit: true })).json();
    expect(created.counts).toMatchObject({ create: 3 });
    expect(await count('competitions')).toBe(before + 3);
    const rows = rowsOf<Record<string, unknown>>(
      await db().execute(sql`SELECT number, ranking_rule, height_cm, prize_money_minor::int AS prize, starts_at
        FROM competitions WHERE fei_id LIKE '2026_CI_0139_%' ORDER BY number`),
    );
    expect(rows.map((r) => [r.number, r.ranking_rule, r.height_cm, r.prize])).toEqual([
      ['1', 'table_a', 135, 500_000],
      ['2', 'table_a_jump_off', 145, 2_500_000],
      ['3', 'table_c', 130, 150_050],
    ]);
    expect(new Date(rows[0]!.starts_at as string).toISOString()).toBe('2026-06-11T07:00:00.000Z');
    const again = (await call('POST', '/api/v1/venue/1/importCompetitions/', { commit: true })).json();
    expect(again.counts).toMatchObject({ create: 0, match: 3, update: 0 });
    expect(await count('competitions')).toBe(before + 3);
  });

  it('answers 502 fei_unavailable for garbage, errors or no answer, and changes nothing', async () => {
    const before = await snapshot();
    try {
      for (const mode of ['garbage', 'error'] as const) {
        double.mode = mode;
        for (const [url, body] of [
          ['fetch_from_fei/', { fei_id: '2026_CI_0139' }],
          ['importParticipations/', { commit: true }],
          ['importCompetitions/', { commit: true }],
        ] as const) {
          const res = await call('POST', `/api/v1/venue/1/${url}`, body);
          expect(res.statusCode, `${mode} ${url}: ${res.body}`).toBe(502);
          expect(res.json()).toMatchObject({ error: 'fei_unavailable' });
        }
      }
    } finally {
      double.mode = 'ok';
    }
    const down = await startFeiDouble();
    await down.close();
    const app = await server().buildApp({ FEI_API_URL: down.url });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/venue/1/fetch_from_fei/',
        headers: await server().auth('organizer'),
        payload: { fei_id: '2026_CI_0139' },
      });
      expect(res.statusCode, res.body).toBe(502);
    } finally {
      await app.close();
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 409 fei_not_configured without a web service', async () => {
    const { createFeiClient } = await import('../../server/src/modules/fei/fei-client');
    const client = createFeiClient({ ...server().config, fei: null });
    await expect(client.showEntries('2026_CI_0139')).rejects.toMatchObject({ code: 'fei_not_configured', status: 409 });
  });
});

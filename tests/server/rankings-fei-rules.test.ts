import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/src/db/rows';
import type { Ranking, RankingRow, ResultsUpload } from '../../src/shared/schemas/results';
import type { Competition } from '../../src/shared/schemas/venue-setup';
import { useSeededServer } from './helpers/use-server';
import { addCompetition, enter, resultOf, seedResultsFixtures, uploadBody } from './results-fixtures';

/*
 * Rankings worked by hand from the FEI rules, through the API: results saved with PUT (or a
 * results file), the ranking read back with GET. Each case is also worked as a pure function in
 * src/shared/sport/ranking.test.ts.
 */

const { server, f, db, call } = useSeededServer(seedResultsFixtures);

const round = (faults: number, timeMs: number, knockDowns?: number) => ({
  faults,
  time_faults: 0,
  time_ms: timeMs,
  ...(knockDowns !== undefined ? { knock_downs: knockDowns } : {}),
});

async function save(entry: number, body: Record<string, unknown>) {
  const res = await call('organizer', 'PUT', `/api/v1/competitionEntry/${entry}/result/`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RankingRow>();
}

async function rankingOf(competition: number): Promise<Ranking> {
  const res = await call('organizer', 'GET', `/api/v1/competition/${competition}/ranking/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Ranking>();
}

/** [name, rank] of the rows with a result, in the ranking's order. */
const places = (r: Ranking, names: readonly number[]) =>
  r.rows.filter((row) => row.status !== null).map((row) => [`S${names.indexOf(row.entry)}`, row.rank]);

describe('Table C (FEI Jumping Rules Art. 239)', () => {
  it('adds 4 s per knock-down, counting penalties entered without knock-downs: 8 faults at 50.00 s is 58.00 s', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_c' });
    const ids = await enter(db(), c, f.starters.slice(0, 3));
    await save(ids[0]!, { status: 'R', round: round(8, 50_000) }); // 50.00 + 2 × 4 = 58.00
    await save(ids[1]!, { status: 'R', round: round(0, 55_000) }); // 55.00
    await save(ids[2]!, { status: 'R', round: round(0, 51_500, 1) }); // 51.50 + 4 = 55.50
    const r = await rankingOf(c);
    expect(r.competition.knock_down_seconds).toBe(4);
    expect(places(r, ids)).toEqual([
      ['S1', 1],
      ['S2', 2],
      ['S0', 3],
    ]);
  });

  it('takes the competition’s 3 s where the schedule says so, set where the competition is edited', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_c' });
    const ids = await enter(db(), c, f.starters.slice(0, 2));
    await save(ids[0]!, { status: 'R', round: round(0, 55_000, 0) }); // 55.00
    await save(ids[1]!, { status: 'R', round: round(0, 51_500, 1) }); // 55.50 at 4 s, 54.50 at 3 s
    expect(places(await rankingOf(c), ids)).toEqual([
      ['S0', 1],
      ['S1', 2],
    ]);

    const patched = await call('admin', 'PATCH', `/api/v1/competition/${c}/`, { knock_down_seconds: 3 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Competition>().knock_down_seconds).toBe(3);
    expect((await call('admin', 'GET', `/api/v1/competition/${c}/`)).json<Competition>().knock_down_seconds).toBe(3);
    expect(places(await rankingOf(c), ids)).toEqual([
      ['S1', 1],
      ['S0', 2],
    ]);

    // Only 3 or 4; a refusal changes nothing.
    const refused = await call('admin', 'PATCH', `/api/v1/competition/${c}/`, { knock_down_seconds: 5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ knock_down_seconds: ['invalid'] });
    expect((await rankingOf(c)).competition.knock_down_seconds).toBe(3);
  });

  it('refuses penalties that contradict the knock-downs', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_c' });
    const [entry] = (await enter(db(), c, f.starters.slice(0, 1))) as [number];
    const res = await call('organizer', 'PUT', `/api/v1/competitionEntry/${entry}/result/`, {
      status: 'R',
      round: round(4, 55_000, 2),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ round: ['knock_downs_mismatch'] });
    expect((await resultOf(db(), entry))!.result_status).toBeNull();
    // Matching penalties are fine.
    await save(entry, { status: 'R', round: round(8, 55_000, 2) });
  });
});

describe('eliminated or retired in the jump-off (FEI Jumping Rules Art. 245)', () => {
  it('ranks them after everyone who completed the jump-off, by the first round, with prize money', async () => {
    const c = await addCompetition(db(), f.vec, {
      rule: 'table_a_jump_off',
      chart: [50_000, 40_000, 30_000, 20_000, 10_000],
    });
    const ids = await enter(db(), c, f.starters.slice(0, 6));
    await save(ids[0]!, { status: 'R', round: round(0, 70_000), jump_off_status: 'EL' });
    await save(ids[1]!, { status: 'R', round: round(0, 71_000), jump_off: round(8, 45_000) });
    await save(ids[2]!, { status: 'R', round: round(0, 69_000), jump_off: round(0, 30_000), jump_off_status: 'RT' });
    await save(ids[3]!, { status: 'R', round: round(0, 72_000), jump_off: round(0, 39_450) });
    await save(ids[4]!, { status: 'R', round: round(4, 60_000) });
    await save(ids[5]!, { status: 'EL' });
    const r = await rankingOf(c);
    // Completed the jump-off: S3 (clear), S1 (8 faults). Not completed: S2 (RT, round 69.00)
    // before S0 (EL, round 70.00). Then S4, who did not reach it; S5 eliminated in the round.
    expect(places(r, ids)).toEqual([
      ['S3', 1],
      ['S1', 2],
      ['S2', 3],
      ['S0', 4],
      ['S4', 5],
      ['S5', null],
    ]);
    expect(r.rows.map((row) => row.prize)).toEqual([50_000, 40_000, 30_000, 20_000, 10_000, 0]);
    expect(r.rows.find((row) => row.entry === ids[0])!.jump_off_status).toBe('EL');
  });

  it('is only for a ranked starter of a competition with a jump-off', async () => {
    const plain = await addCompetition(db(), f.vec, { rule: 'table_a' });
    const [a] = (await enter(db(), plain, f.starters.slice(0, 1))) as [number];
    const res = await call('organizer', 'PUT', `/api/v1/competitionEntry/${a}/result/`, {
      status: 'R',
      round: round(0, 60_000),
      jump_off_status: 'EL',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ jump_off_status: ['not_allowed'] });
    const jumpOff = await addCompetition(db(), f.vec, { rule: 'table_a_jump_off' });
    const [b] = (await enter(db(), jumpOff, f.starters.slice(1, 2))) as [number];
    const eliminated = await call('organizer', 'PUT', `/api/v1/competitionEntry/${b}/result/`, {
      status: 'EL',
      jump_off_status: 'RT',
    });
    expect(eliminated.statusCode).toBe(400);
    expect(eliminated.json().fields).toEqual({ jump_off_status: ['not_allowed'] });
    expect((await resultOf(db(), b))!.result_status).toBeNull();
  });

  it('reads the jump-off status from a results file', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_a_jump_off' });
    const ids = await enter(db(), c, f.starters.slice(0, 3));
    const [s0, s1, s2] = f.starters;
    const csv =
      'head_number,status,faults,time,jump_off_faults,jump_off_time,jump_off_status\n' +
      `${s0!.head},R,0,70.00,,,EL\n` +
      `${s1!.head},R,0,71.00,4,40.00,\n` +
      `${s2!.head},R,4,65.00,,,\n`;
    const body = uploadBody(csv, { competition: String(c), commit: 'true' }, 'results.csv');
    const res = await server().app.inject({
      method: 'POST',
      url: '/api/v1/venue/1/uploadResults/',
      headers: { ...(await server().auth('organizer')), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const upload = res.json<ResultsUpload>();
    expect(upload).toMatchObject({ committed: true, saved: 3, errors: 0 });
    expect(upload.rows.map((row) => row.jump_off_status)).toEqual(['EL', null, null]);
    expect(places(await rankingOf(c), ids)).toEqual([
      ['S1', 1],
      ['S0', 2],
      ['S2', 3],
    ]);
    const bad = uploadBody(`head_number,status,time,jump_off_status\n${s0!.head},R,70.00,XX\n`, {
      competition: String(c),
      commit: 'false',
    });
    const refused = await server().app.inject({
      method: 'POST',
      url: '/api/v1/venue/1/uploadResults/',
      headers: { ...(await server().auth('organizer')), ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.json<ResultsUpload>().rows[0]!.errors).toEqual({ jump_off_status: ['unknown_status'] });
  });
});

describe('times in hundredths, dressage in thousandths', () => {
  it('ties 63.451 s and 63.459 s as FEI timing does, and keeps them as 63.45 s', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_a', chart: [30_000, 20_000, 10_000] });
    const ids = await enter(db(), c, f.starters.slice(0, 3));
    await save(ids[0]!, { status: 'R', round: round(0, 63_459) });
    await save(ids[1]!, { status: 'R', round: round(0, 63_451) });
    await save(ids[2]!, { status: 'R', round: round(0, 63_460) });
    const r = await rankingOf(c);
    expect(places(r, ids)).toEqual([
      ['S0', 1],
      ['S1', 1],
      ['S2', 3],
    ]);
    expect(r.rows.map((row) => row.round!.time_ms)).toEqual([63_450, 63_450, 63_460]);
    expect(r.rows.map((row) => row.prize)).toEqual([25_000, 25_000, 10_000]);
    const [stored] = rowsOf<{ t: number }>(
      await db().execute(sql`SELECT round_time_ms AS t FROM competition_entries WHERE id = ${ids[0]!}`),
    );
    expect(Number(stored!.t)).toBe(63_450);
  });

  it('ranks dressage to three decimals: 71.240 % before 71.235 %', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'dressage' });
    const ids = await enter(db(), c, f.starters.slice(0, 3));
    await save(ids[0]!, { status: 'R', score_thousandths: 71_235 });
    await save(ids[1]!, { status: 'R', score_thousandths: 71_240 });
    await save(ids[2]!, { status: 'R', score_thousandths: 71_235 });
    const r = await rankingOf(c);
    expect(places(r, ids)).toEqual([
      ['S1', 1],
      ['S0', 2],
      ['S2', 2],
    ]);
    expect(r.rows[0]!.score_thousandths).toBe(71_240);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Ranking, RankingRow } from '../../src/shared/schemas/results';
import type { LiveEvent } from '../../server/src/modules/livescore/live-bus';
import { useSeededServer } from './helpers/use-server';
import { addCompetition, enter, resultOf, seedResultsFixtures } from './results-fixtures';

const { server, f, db, call } = useSeededServer(seedResultsFixtures);

const round = (faults: number, timeMs: number, timeFaults = 0, knockDowns?: number) => ({
  faults,
  time_faults: timeFaults,
  time_ms: timeMs,
  ...(knockDowns !== undefined ? { knock_downs: knockDowns } : {}),
});

const put = (entry: number, body: unknown, user = 'organizer') =>
  call(user, 'PUT', `/api/v1/competitionEntry/${entry}/result/`, body as Record<string, unknown>);

async function save(entry: number, body: unknown) {
  const res = await put(entry, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RankingRow>();
}

async function rankingOf(competition: number): Promise<Ranking> {
  const res = await call('organizer', 'GET', `/api/v1/competition/${competition}/ranking/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Ranking>();
}

/** entry → [rank, status, prize] as the ranking shows it, in its order. */
const table = (r: Ranking, names: Map<number, string>) =>
  r.rows.filter((row) => row.status !== null).map((row) => [names.get(row.entry), row.rank, row.status, row.prize]);

describe('rankings by the rules, through the API (hand-worked examples)', () => {
  it('Table A with a jump-off: jump-off starters first, ties share rank and prize, EL and RT unranked', async () => {
    // chart 1000.00, 600.00, 400.00, 200.00
    const c = await addCompetition(db(), f.vec, { rule: 'table_a_jump_off', chart: [100_000, 60_000, 40_000, 20_000] });
    const ids = await enter(db(), c, f.starters.slice(0, 7));
    const [a, b, cc, d, e, g, h] = ids as [number, number, number, number, number, number, number];
    const names = new Map([a, b, cc, d, e, g, h].map((id, i) => [id, 'ABCDEGH'[i]!]));
    await save(a, { status: 'R', round: round(0, 72_100), jump_off: round(0, 38_500) });
    await save(b, { status: 'R', round: round(0, 71_000), jump_off: round(4, 36_000) });
    await save(cc, { status: 'R', round: round(0, 73_000), jump_off: round(0, 38_500) });
    await save(d, { status: 'R', round: round(4, 70_000) });
    await save(e, { status: 'EL', round: null });
    await save(g, { status: 'RT' });
    await save(h, { status: 'R', round: round(4, 70_000) });
    const r = await rankingOf(c);
    // A and C tie on the jump-off (0, 38.50 s): places 1 + 2 = 1600.00 shared; B third (4 in the
    // jump-off); D and H tie on 4 faults 70.00 s: places 4 + 5 = 200.00 + 0 shared.
    expect(table(r, names)).toEqual([
      ['A', 1, 'R', 80_000],
      ['C', 1, 'R', 80_000],
      ['B', 3, 'R', 40_000],
      ['D', 4, 'R', 10_000],
      ['H', 4, 'R', 10_000],
      ['E', null, 'EL', 0],
      ['G', null, 'RT', 0],
    ]);
    expect(r.prize_total).toBe(220_000);
    expect(r.to_pay).toBe(220_000);
    expect(r.results).toBe(7);
    const rowA = r.rows.find((row) => row.entry === a)!;
    expect(rowA).toMatchObject({
      head_number: f.starters[0]!.head,
      rider: { id: f.rider, name: 'Rosa Rider' },
      round: { faults: 0, time_faults: 0, time_ms: 72_100 },
      jump_off: { faults: 0, time_ms: 38_500 },
      paid: 0,
    });
  });

  it('Table A without a jump-off: penalties (obstacle + time) then time', async () => {
    const c = await addCompetition(db(), f.vec, {
      rule: 'table_a',
      prizeMoney: 100_000,
      distributionBp: [5000, 3000, 2000],
    });
    const [p, q, s] = (await enter(db(), c, f.starters.slice(0, 3))) as [number, number, number];
    await save(p, { status: 'R', round: round(0, 80_000, 1) });
    await save(q, { status: 'R', round: round(4, 70_000) });
    await save(s, { status: 'R', round: round(0, 85_000) });
    const r = await rankingOf(c);
    expect(r.competition.prize_chart).toEqual([50_000, 30_000, 20_000]);
    expect(
      table(
        r,
        new Map([
          [p, 'P'],
          [q, 'Q'],
          [s, 'S'],
        ]),
      ),
    ).toEqual([
      ['S', 1, 'R', 50_000],
      ['P', 2, 'R', 30_000],
      ['Q', 3, 'R', 20_000],
    ]);
  });

  it('Table C: time plus 4 seconds per knock-down', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_c', chart: [30_000, 20_000] });
    const [x, y, z, w] = (await enter(db(), c, f.starters.slice(0, 4))) as [number, number, number, number];
    await save(x, { status: 'R', round: round(0, 60_000, 0, 1) }); // 64.00
    await save(y, { status: 'R', round: round(0, 63_500, 0, 0) }); // 63.50
    await save(z, { status: 'R', round: round(0, 58_000, 0, 2) }); // 66.00
    await save(w, { status: 'DQ' });
    const r = await rankingOf(c);
    expect(
      table(
        r,
        new Map([
          [x, 'X'],
          [y, 'Y'],
          [z, 'Z'],
          [w, 'W'],
        ]),
      ),
    ).toEqual([
      ['Y', 1, 'R', 30_000],
      ['X', 2, 'R', 20_000],
      ['Z', 3, 'R', 0],
      ['W', null, 'DQ', 0],
    ]);
  });

  it('dressage: percentage, highest first; ties share', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'dressage', chart: [40_000, 30_000, 20_000, 10_000] });
    const ids = (await enter(db(), c, f.starters.slice(0, 5))) as number[];
    const scores = [71_250, 68_500, 71_250, 74_000];
    for (const [i, score] of scores.entries()) await save(ids[i]!, { status: 'R', score_thousandths: score });
    await save(ids[4]!, { status: 'NS' });
    const r = await rankingOf(c);
    const names = new Map(ids.map((id, i) => [id, `S${i}`]));
    expect(table(r, names)).toEqual([
      ['S3', 1, 'R', 40_000],
      ['S0', 2, 'R', 25_000],
      ['S2', 2, 'R', 25_000],
      ['S1', 4, 'R', 10_000],
      ['S4', null, 'NS', 0],
    ]);
    expect(r.rows.find((row) => row.entry === ids[3])!.score_thousandths).toBe(74_000);
  });

  it('lists starters without a result after the ranked ones, and the venue summary counts them', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_a' });
    const ids = await enter(db(), c, f.starters.slice(0, 3));
    await save(ids[2]!, { status: 'R', round: round(0, 60_000) });
    const r = await rankingOf(c);
    expect(r.rows.map((row) => [row.entry, row.rank])).toEqual([
      [ids[2], 1],
      [ids[0], null],
      [ids[1], null],
    ]);
    const list = await call('organizer', 'GET', '/api/v1/venue/1/rankings/');
    expect(list.statusCode).toBe(200);
    expect(list.json().results).toEqual([
      expect.objectContaining({ id: c, entries: 3, results: 1, published_at: null, paid_total: 0 }),
    ]);
  });
});

describe('PUT/DELETE /api/v1/competitionEntry/{id}/result/', () => {
  it('saves who and when, publishes live after commit, audits; DELETE clears', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_a' });
    const [entry] = (await enter(db(), c, f.starters.slice(0, 1))) as [number];
    const events: LiveEvent[] = [];
    const stop = server().app.live.subscribe((event) => events.push(event));
    const row = await save(entry, { status: 'R', round: round(4, 65_430, 1) });
    expect(row).toMatchObject({ entry, rank: 1, status: 'R', round: { faults: 4, time_faults: 1, time_ms: 65_430 } });
    // on PostgreSQL the event travels through NOTIFY: it arrives just after the answer
    await expect
      .poll(() => events, { timeout: 30_000 })
      .toEqual([{ venueId: 1, competitionId: c, kind: 'result', entryId: entry }]);
    stop();
    const stored = await resultOf(db(), entry);
    expect(stored).toMatchObject({ result_status: 'R', round_time_ms: 65_430 });
    expect(stored!.result_at).not.toBeNull();
    expect(stored!.result_by).not.toBeNull();
    const audit = await call('admin', 'GET', '/api/v1/auditLog/?action=result.save');
    expect(audit.statusCode).toBe(200);
    expect(JSON.stringify(audit.json())).toContain(`"entry":${entry}`);

    const cleared = await call('organizer', 'DELETE', `/api/v1/competitionEntry/${entry}/result/`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ status: null, rank: null, round: null });
    expect(await resultOf(db(), entry)).toMatchObject({ result_status: null, round_time_ms: null, result_at: null });
  });

  it('refuses bad input with field codes and changes nothing', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_a' });
    const [entry, withdrawn] = (await enter(db(), c, f.starters.slice(0, 2))) as [number, number];
    await save(entry, { status: 'R', round: round(0, 60_000) });
    const before = await resultOf(db(), entry);
    const cases: [unknown, Record<string, unknown>][] = [
      [{ status: 'XX', round: round(0, 60_000) }, { status: ['unknown_status'] }],
      [{ status: 'R', round: round(0, -1) }, { round: { time_ms: ['too_small'] } }],
      [{ status: 'R', round: round(0, 10_000_000) }, { round: { time_ms: ['too_big'] } }],
      [{ status: 'R', round: round(-4, 60_000) }, { round: { faults: ['too_small'] } }],
      [{ status: 'R', round: round(0, 60_000, -1) }, { round: { time_faults: ['too_small'] } }],
      [{ status: 'R', round: { faults: 0, time_ms: 60_000.5 } }, { round: { time_ms: ['invalid'] } }],
      [{ status: 'R' }, { round: ['required'] }],
      [{ status: 'R', round: round(0, 60_000), jump_off: round(0, 40_000) }, { jump_off: ['not_allowed'] }],
      [{ status: 'R', round: round(0, 60_000), score_thousandths: 70_000 }, { score_thousandths: ['not_allowed'] }],
    ];
    for (const [body, fields] of cases) {
      const res = await put(entry, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toMatchObject(fields);
    }
    expect(await resultOf(db(), entry)).toEqual(before);

    await db().execute(sql`UPDATE competition_entries SET status = 'withdrawn' WHERE id = ${withdrawn}`);
    const refused = await put(withdrawn, { status: 'R', round: round(0, 60_000) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ __all__: ['entry_withdrawn'] });
    expect((await resultOf(db(), withdrawn))!.result_status).toBeNull();
  });

  it('dressage needs a score for R; a score above 100 % is refused', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'dressage' });
    const [entry] = (await enter(db(), c, f.starters.slice(0, 1))) as [number];
    expect((await put(entry, { status: 'R' })).json().fields).toEqual({ score_thousandths: ['required'] });
    expect((await put(entry, { status: 'R', score_thousandths: 100_001 })).json().fields).toEqual({
      score_thousandths: ['too_big'],
    });
    expect((await put(entry, { status: 'R', score_thousandths: 70_000, round: round(0, 1) })).json().fields).toEqual({
      round: ['not_allowed'],
    });
    expect((await resultOf(db(), entry))!.result_status).toBeNull();
  });

  it('is for the office of the venue only: 404 unknown, 403 others', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_a' });
    const [entry] = (await enter(db(), c, f.starters.slice(0, 1))) as [number];
    const body = { status: 'R', round: round(0, 60_000) };
    expect((await put(999_999, body)).statusCode).toBe(404);
    expect((await put(entry, body, 'rider')).statusCode).toBe(403);
    expect((await put(entry, body, 'stable')).statusCode).toBe(403);
    expect((await call('rider', 'GET', `/api/v1/competition/${c}/ranking/`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/api/v1/competition/${c}/ranking/`)).statusCode).toBe(401);
    // A competition of another venue: the organizer of venue 1 may not see it.
    const other = await addCompetition(db(), f.vec2, { rule: 'table_a' });
    expect((await call('organizer', 'GET', `/api/v1/competition/${other}/ranking/`)).statusCode).toBe(403);
    expect((await call('admin', 'GET', `/api/v1/competition/${other}/ranking/`)).statusCode).toBe(200);
    expect((await call('organizer', 'GET', '/api/v1/venue/999/rankings/')).statusCode).toBe(404);
    expect((await call('organizer', 'GET', `/api/v1/venue/${f.venue2}/rankings/`)).statusCode).toBe(403);
    expect((await resultOf(db(), entry))!.result_status).toBeNull();
  });
});

describe('POST /api/v1/competition/{id}/publish/', () => {
  it('sets and clears published_at, and tells the live bus', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_a' });
    const events: LiveEvent[] = [];
    const stop = server().app.live.subscribe((event) => events.push(event));
    const published = await call('organizer', 'POST', `/api/v1/competition/${c}/publish/`, { published: true });
    expect(published.statusCode).toBe(200);
    expect(published.json<Ranking>().competition.published_at).not.toBeNull();
    const held = await call('organizer', 'POST', `/api/v1/competition/${c}/publish/`, { published: false });
    expect(held.json<Ranking>().competition.published_at).toBeNull();
    await expect.poll(() => events.map((e) => e.kind), { timeout: 30_000 }).toEqual(['publish', 'publish']);
    stop();
    const bad = await call('organizer', 'POST', `/api/v1/competition/${c}/publish/`, { published: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await call('rider', 'POST', `/api/v1/competition/${c}/publish/`, { published: true })).statusCode).toBe(
      403,
    );
  });
});

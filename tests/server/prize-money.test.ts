import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PrizePayment, Ranking } from '../../src/shared/schemas/results';
import { rowsOf } from '../../server/src/db/rows';
import { extractText } from 'unpdf';
import type { Invoice } from '../../src/shared/schemas/invoices';
import { useSeededServer } from './helpers/use-server';
import { charge } from './invoice-fixtures';
import { balances, countOf } from './payouts-fixtures';
import { addCompetition, enter, ledgerPrizes, seedResultsFixtures } from './results-fixtures';

const { server, f, db, call } = useSeededServer(seedResultsFixtures);

const round = (faults: number, timeMs: number) => ({ faults, time_faults: 0, time_ms: timeMs });

async function save(entry: number, body: unknown) {
  const res = await call(
    'organizer',
    'PUT',
    `/api/v1/competitionEntry/${entry}/result/`,
    body as Record<string, unknown>,
  );
  expect(res.statusCode, res.body).toBe(200);
}

async function pay(competition: number, key: string | null = crypto.randomUUID(), user = 'organizer') {
  return server().app.inject({
    method: 'POST',
    url: `/api/v1/competition/${competition}/payPrizeMoney/`,
    headers: { ...(await server().auth(user)), ...(key ? { 'idempotency-key': key } : {}) },
  });
}

const publish = (competition: number) =>
  call('organizer', 'POST', `/api/v1/competition/${competition}/publish/`, { published: true });

describe('POST /api/v1/competition/{id}/payPrizeMoney/', () => {
  it('pays no prize to a start whose participation is at another venue, posting nothing', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_a', chart: [10_000] });
    const starter = f.starters[2]!;
    const [entry] = (await enter(db(), c, [starter])) as [number];
    await save(entry, { status: 'R', round: round(0, 60_000) });
    await publish(c);
    // Broken data: the start's participation now belongs to the other show.
    await db().execute(sql`UPDATE venue_participations SET venue_id = ${f.venue2} WHERE id = ${starter.participation}`);
    const refused = await pay(c);
    expect([refused.statusCode, refused.json().fields]).toEqual([400, { __all__: ['not_at_venue'] }]);
    expect(await countOf(db(), 'transactions')).toBe(0);
    expect(await countOf(db(), 'prize_postings')).toBe(0);
  });

  it('needs a published ranking and an Idempotency-Key, and the office of the venue', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_a', chart: [10_000] });
    const [entry] = (await enter(db(), c, f.starters.slice(0, 1))) as [number];
    await save(entry, { status: 'R', round: round(0, 60_000) });
    const unpublished = await pay(c);
    expect(unpublished.statusCode).toBe(400);
    expect(unpublished.json().fields).toEqual({ __all__: ['not_published'] });
    await publish(c);
    expect((await pay(c, null)).json().error).toBe('idempotency_key_required');
    expect((await pay(c, crypto.randomUUID(), 'rider')).statusCode).toBe(403);
    expect((await pay(999_999)).statusCode).toBe(404);
    expect(await countOf(db(), 'transactions')).toBe(0);
    expect(await countOf(db(), 'prize_postings')).toBe(0);
  });

  it('posts one credit per placed starter to the payer (the employer for an employed rider); paying twice posts nothing twice', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_a', chart: [50_000, 30_000, 20_000] });
    const ids = (await enter(db(), c, f.starters.slice(0, 4))) as [number, number, number, number];
    await save(ids[0], { status: 'R', round: round(0, 62_000) }); // 2nd: 300.00 to the demo rider
    await save(ids[1], { status: 'R', round: round(0, 61_000) }); // 1st: 500.00 to the employer
    await save(ids[2], { status: 'R', round: round(4, 59_000) }); // 3rd: 200.00
    await save(ids[3], { status: 'EL' });
    await publish(c);
    const key = crypto.randomUUID();
    const first = await pay(c, key);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json<PrizePayment>();
    expect(body).toMatchObject({ competition: c, posted: 3, amount: 100_000 });
    expect(body.ranking.rows.map((r) => [r.entry, r.prize, r.paid])).toEqual([
      [ids[1], 50_000, 50_000],
      [ids[0], 30_000, 30_000],
      [ids[2], 20_000, 20_000],
      [ids[3], 0, 0],
    ]);
    expect(body.ranking.to_pay).toBe(0);

    const accounts = await balances(db());
    expect(accounts.get(`party:rider:${f.rider}`)).toBe(30_000);
    expect(accounts.get(`party:employer:${f.employer}`)).toBe(50_000);
    expect(accounts.get(`party:rider:${f.starters[2]!.rider}`)).toBe(20_000);
    expect(accounts.get('prize::0')).toBe(-100_000);
    const [employerEntry] = rowsOf<Record<string, unknown>>(
      await db().execute(sql`SELECT kind, category, source, beneficiary_rider_id, party_type, gross_minor, vec_id
        FROM transactions WHERE party_type = 'employer'`),
    );
    expect(employerEntry).toMatchObject({
      kind: 'credit',
      category: 'prize_money',
      source: 'system',
      beneficiary_rider_id: f.employedRider,
      vec_id: f.vec,
    });
    expect(Number(employerEntry!.gross_minor)).toBe(50_000);

    // The same key: the first answer again; another key: nothing left to pay.
    const replay = await pay(c, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(body);
    const again = await pay(c);
    expect(again.json()).toMatchObject({ posted: 0, amount: 0 });
    expect(await countOf(db(), 'transactions')).toBe(3);
    expect(await countOf(db(), 'prize_postings')).toBe(3);
    expect(await balances(db())).toEqual(accounts);
  });

  it('a corrected ranking posts only the differences (a prize_money charge where it dropped)', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_a', chart: [50_000, 30_000] });
    const ids = (await enter(db(), c, f.starters.slice(2, 5))) as [number, number, number];
    await save(ids[0], { status: 'R', round: round(0, 60_000) });
    await save(ids[1], { status: 'R', round: round(0, 61_000) });
    await save(ids[2], { status: 'R', round: round(4, 58_000) });
    await publish(c);
    await pay(c);
    expect(await ledgerPrizes(db(), c)).toEqual(
      new Map([
        [ids[0], 50_000],
        [ids[1], 30_000],
      ]),
    );
    // A correction: the second starter was faster; the third had no fault after all and ties.
    await save(ids[1], { status: 'R', round: round(0, 59_000) });
    await save(ids[2], { status: 'R', round: round(0, 60_000) });
    const res = await pay(c);
    // New order: ids[1] 1st (500.00), ids[0] and ids[2] tie 2nd (300.00 + 0 shared: 150.00 each).
    expect(res.json()).toMatchObject({ posted: 3, amount: 0 });
    expect(await ledgerPrizes(db(), c)).toEqual(
      new Map([
        [ids[0], 15_000],
        [ids[1], 50_000],
        [ids[2], 15_000],
      ]),
    );
    const kinds = rowsOf<{ kind: string; gross: string; ref: string }>(
      await db().execute(sql`SELECT kind, gross_minor::text AS gross, external_ref AS ref FROM transactions
        WHERE external_ref LIKE ${`prize:${c}:%:2`} ORDER BY external_ref`),
    );
    expect(kinds.map((k) => [k.ref, k.kind, Number(k.gross)])).toEqual([
      [`prize:${c}:${ids[0]}:2`, 'charge', 35_000],
      [`prize:${c}:${ids[1]}:2`, 'credit', 20_000],
    ]);
    expect((await balances(db())).get('prize::0')).toBe(-80_000);
    // A result cleared: its prize comes back in full on the next payment.
    await call('organizer', 'DELETE', `/api/v1/competitionEntry/${ids[2]}/result/`);
    await pay(c);
    expect((await ledgerPrizes(db(), c)).get(ids[2])).toBe(0);
  });

  it('follows a change of payer: the old payer gives back, the new one is paid', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_a', chart: [40_000] });
    const [entry] = (await enter(db(), c, f.starters.slice(0, 1))) as [number];
    await save(entry, { status: 'R', round: round(0, 60_000) });
    await publish(c);
    await pay(c);
    await db().execute(
      sql`UPDATE venue_participations SET payer_type = 'employer', payer_id = ${f.employer} WHERE id = ${f.participation}`,
    );
    expect((await pay(c)).json()).toMatchObject({ posted: 2, amount: 0 });
    const accounts = await balances(db());
    expect(accounts.get(`party:rider:${f.rider}`)).toBe(0);
    expect(accounts.get(`party:employer:${f.employer}`)).toBe(40_000);
  });

  it('the prize shows on the rider’s own balance and statement', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_a', chart: [25_000] });
    const [entry] = (await enter(db(), c, f.starters.slice(0, 1))) as [number];
    await save(entry, { status: 'R', round: round(0, 60_000) });
    await publish(c);
    await pay(c);
    const mine = await call('rider', 'GET', '/api/v1/balance/mine/');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().results).toEqual([expect.objectContaining({ venue: 1, balance: 25_000 })]);
    const statement = await call('rider', 'GET', `/api/v1/transaction/?venue=1&party_type=rider&party_id=${f.rider}`);
    expect(statement.statusCode, statement.body).toBe(200);
    expect(JSON.stringify(statement.json())).toContain('Prize money 7 Grand Prix, place 1');
    const ranking = (await call('organizer', 'GET', `/api/v1/competition/${c}/ranking/`)).json<Ranking>();
    expect(ranking.paid_total).toBe(25_000);
  });

  it('the invoice shows the prize money credited beside its total, and bills neither the prize nor its correction', async () => {
    const c = await addCompetition(db(), f.vec, { rule: 'table_a', chart: [30_000, 10_000] });
    const [first, second] = (await enter(db(), c, [f.starters[0]!, f.starters[2]!])) as [number, number];
    await save(first, { status: 'R', round: round(0, 60_000) });
    await save(second, { status: 'R', round: round(0, 61_000) });
    await publish(c);
    await pay(c); // the demo rider wins 300.00
    // a corrected ranking: the rider is second now (100.00): a correction of −200.00
    await save(first, { status: 'R', round: round(4, 60_000) });
    expect((await pay(c)).statusCode).toBe(200);
    const auth = await server().auth('organizer');
    // An office fee with VAT (a charge at 0 % needs a tax type that states why).
    await charge(server().app, auth, {
      party_type: 'rider',
      party_id: f.rider,
      category: 'other',
      description: 'Office fee',
      unit_price: 1_500,
      tax_type: f.vatStd,
    });
    const issued = await call(
      'organizer',
      'GET',
      `/api/v1/venue/1/generateInvoice/?venueParticipationID=${f.participation}`,
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = issued.json<Invoice>();
    // only the office fee is billed: the prize credit and its correction charge are no supplies
    expect(invoice.gross).toBe(1_500);
    expect(invoice.lines.map((l) => l.description)).toEqual(['Office fee']);
    const pdf = await server().app.inject({
      method: 'GET',
      url: `/api/v1/invoice/${invoice.id}/pdf/`,
      headers: await server().auth('rider'),
    });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('Prize money credited at this show');
    expect(text).toContain('Prize money 7 Grand Prix, place 1');
    expect(text).toContain('Prize money correction 7 Grand Prix');
    expect(text).toMatch(/Prize money in total\s*100\.00/);
    // a later charge is on the next invoice, and the prize stays uninvoiced
    const left = rowsOf<{ n: number }>(
      await db().execute(
        sql`SELECT count(*)::int AS n FROM transactions WHERE category = 'prize_money' AND invoice_id IS NOT NULL`,
      ),
    );
    expect(left[0]!.n).toBe(0);
  });
});

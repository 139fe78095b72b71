import { eq, sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/src/db/rows';
import { competitionEntries, competitions } from '../../server/src/db/schema';
import type { LiveEvent } from '../../server/src/modules/livescore/live-bus';
import type { StartList, StartListEntry, StartlistOverview } from '../../src/shared/schemas/startlists';
import { drawStartList } from '../../src/shared/sport/draw';
import { useSeededServer } from './helpers/use-server';
import { ledgerCounts, newKey } from './ledger-fixtures';
import { balances } from './payouts-fixtures';
import { seedStartlistFixtures } from './startlists-fixtures';

const { server, f, db, call } = useSeededServer(seedStartlistFixtures);

const list = async (id = f.competition, user = 'organizer') => {
  const res = await call(user, 'GET', `/api/v1/competition/${id}/startlist/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StartList>();
};
const enterAll = async (id = f.competition) => {
  const res = await call('organizer', 'POST', `/api/v1/competition/${id}/entries/fromEvent/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ created: number; list: StartList }>();
};
const draw = (body: Record<string, unknown>, id = f.competition) =>
  call('organizer', 'POST', `/api/v1/competition/${id}/draw/`, body);

/** Everything a refused request must leave as it was: entries, competitions and the ledger. */
async function snapshot() {
  const entries = await db().select().from(competitionEntries).orderBy(competitionEntries.id);
  const comps = await db().select().from(competitions).orderBy(competitions.id);
  return { entries, comps, ledger: await ledgerCounts(db()) };
}

const feeTransactions = async () =>
  rowsOf<{
    id: number;
    party_type: string;
    party_id: number;
    gross: number;
    vec: number;
    category: string;
    tax: number;
  }>(
    await db()
      .execute(sql`SELECT id::int AS id, party_type, party_id::int AS party_id, gross_minor::int AS gross, vec_id AS vec, category,
      tax_minor::int AS tax FROM transactions WHERE external_ref LIKE 'entry_fee:%' ORDER BY id`),
  );

describe('entries and their fees', () => {
  it('enters every rider + horse of the event once, charging the fee to the payer with the event’s tax', async () => {
    const before = await balances(db());
    const { created, list: l } = await enterAll();
    expect(created).toBe(7);
    expect(l.entries).toHaveLength(7);
    // not drawn yet: no order, no start time, but the head numbers from the venue
    expect(l.entries.every((e) => e.start_order === null && e.start_time === null && !e.late)).toBe(true);
    expect(l.entries.map((e) => e.head_number).sort()).toEqual([101, 102, 103, 104, 105, 106, 107]);
    expect(l.entries.find((e) => e.head_number === 101)).toMatchObject({
      rider: { id: f.rider, nationality: 'SLO' },
      horse: { name: 'Quidam Blue', fei_id: '105IG70' },
      status: 'entered',
      entry_fee: 4_000,
      has_result: false,
    });

    const fees = await feeTransactions();
    expect(fees).toHaveLength(7);
    expect(fees.every((t) => t.gross === 4_000 && t.vec === f.vec && t.category === 'entry_fee')).toBe(true);
    // 22 % VAT included in 40.00 (prices gross)
    expect(fees[0]!.tax).toBe(721);
    // Eva rides for the employer: her fee goes to the employer's account
    expect(fees.filter((t) => t.party_type === 'employer')).toHaveLength(1);
    const after = await balances(db());
    const delta = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
    const riderKey = [...after.keys()].find((k) => k.endsWith(`:rider:${f.rider}`) && delta(k) !== 0)!;
    expect(Math.abs(delta(riderKey))).toBe(3 * 4_000);
    const employerKey = [...after.keys()].find((k) => k.endsWith(`:employer:${f.employer}`) && delta(k) !== 0)!;
    expect(Math.abs(delta(employerKey))).toBe(4_000);
    // entries point to their charge
    const rows = await db().select().from(competitionEntries);
    expect(new Set(rows.map((r) => r.feeTransactionId))).toEqual(new Set(fees.map((t) => t.id)));

    // a second call enters nothing and posts nothing
    const counts = await ledgerCounts(db());
    expect((await enterAll()).created).toBe(0);
    expect(await ledgerCounts(db())).toEqual(counts);
  });

  it('enters newcomers of the event after the draw in one go: late, after the last starter, each fee naming its entry', async () => {
    await enterAll();
    expect((await draw({ seed: 7 })).statusCode).toBe(200);
    // A newcomer with two horses, nationality as people keep it (ISO 3166).
    const [rider] = rowsOf<{ id: number }>(
      await db().execute(sql`INSERT INTO riders (first_name, last_name, nationality)
        VALUES ('Steve', 'Guerdat', 'CH') RETURNING id`),
    );
    const [vp] = rowsOf<{ id: number }>(
      await db().execute(sql`INSERT INTO venue_participations (venue_id, rider_id, payer_type, payer_id)
        VALUES (1, ${rider!.id}, 'rider', ${rider!.id}) RETURNING id`),
    );
    const newHorses = rowsOf<{ id: number }>(
      await db().execute(sql`INSERT INTO horses (name) VALUES ('Venard'), ('Dynamix') RETURNING id`),
    );
    for (const h of newHorses)
      await db().execute(sql`INSERT INTO vec_participations (vec_id, venue_participation_id, horse_id)
        VALUES (${f.vec}, ${vp!.id}, ${h.id})`);
    const { created, list: l } = await enterAll();
    expect(created).toBe(2);
    const added = l.entries.filter((e) => e.rider.id === rider!.id);
    expect(added.map((e) => [e.start_order, e.late])).toEqual([
      [8, true],
      [9, true],
    ]);
    expect(added[0]!.rider.nationality).toBe('SUI');
    const refs = rowsOf<{ ref: string; party: number }>(
      await db().execute(sql`SELECT t.external_ref AS ref, t.party_id::int AS party FROM competition_entries e
        JOIN transactions t ON t.id = e.fee_transaction_id WHERE e.rider_id = ${rider!.id} ORDER BY e.id`),
    );
    expect(refs).toEqual(added.map((e) => ({ ref: `entry_fee:${e.id}`, party: rider!.id })));
  });

  it('takes a VEC participation, or a rider and their horse at the venue, and refuses duplicates and foreign horses', async () => {
    const [quidam, cassini] = f.pairs;
    const one = await call('organizer', 'POST', `/api/v1/competition/${f.competition}/entries/`, {
      vec_participation: quidam!.vecParticipation,
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json<StartListEntry>()).toMatchObject({
      horse: { id: quidam!.horse },
      late: false,
      fee_transaction: expect.any(Number),
    });
    const two = await call('organizer', 'POST', `/api/v1/competition/${f.competition}/entries/`, {
      venue_participation: cassini!.venueParticipation,
      horse: cassini!.horse,
    });
    expect(two.statusCode, two.body).toBe(201);
    expect(two.json<StartListEntry>().vec_participation).toBe(cassini!.vecParticipation);

    const before = await snapshot();
    const refusals: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ vec_participation: quidam!.vecParticipation }, { horse: ['already_entered'] }],
      [{ venue_participation: quidam!.venueParticipation, horse: quidam!.horse }, { horse: ['already_entered'] }],
      // Eva's horse is not Rosa's at this venue
      [{ venue_participation: quidam!.venueParticipation, horse: f.evasHorse }, { horse: ['not_at_venue'] }],
      [{ vec_participation: 999_999 }, { vec_participation: ['does_not_exist'] }],
      [{ venue_participation: quidam!.venueParticipation }, { horse: ['required'] }],
      [{}, { venue_participation: ['required'], horse: ['required'] }],
      [{ vec_participation: 'x' }, { vec_participation: ['invalid'] }],
    ];
    for (const [body, fields] of refusals) {
      const res = await call('organizer', 'POST', `/api/v1/competition/${f.competition}/entries/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('posts the fee once for one Idempotency-Key, and nothing for a free competition', async () => {
    const key = newKey();
    const send = async () =>
      server().app.inject({
        method: 'POST',
        url: `/api/v1/competition/${f.competition}/entries/`,
        headers: { ...(await server().auth('organizer')), 'idempotency-key': key },
        payload: { vec_participation: f.pairs[0]!.vecParticipation },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await feeTransactions()).toHaveLength(1);

    const free = await call('organizer', 'POST', `/api/v1/competition/${f.free}/entries/`, {
      vec_participation: f.pairs[0]!.vecParticipation,
    });
    expect(free.json<StartListEntry>()).toMatchObject({ entry_fee: 0, fee_transaction: null });
    expect(await feeTransactions()).toHaveLength(1);
  });
});

describe('withdrawals', () => {
  it('before the deadline: reverses the fee, leaves the order, the rest close up; twice changes nothing', async () => {
    await enterAll();
    const drawn = (await draw({ seed: 42 })).json<StartList>();
    const third = drawn.entries[2]!;
    const before = await balances(db());
    const res = await call('organizer', 'POST', `/api/v1/competitionEntry/${third.id}/withdraw/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StartListEntry>()).toMatchObject({
      status: 'withdrawn',
      start_order: null,
      fee_reversal: expect.any(Number),
    });
    const after = await balances(db());
    // the fee is undone: exactly one account (the payer's) moves back by 40.00, by a reversal of the fee
    const [fee] = rowsOf<{ id: number; party_type: string; party_id: number }>(
      await db().execute(
        sql`SELECT id, party_type, party_id FROM transactions WHERE external_ref = ${`entry_fee:${third.id}`}`,
      ),
    );
    const [reversal] = rowsOf<{ gross: number; reversal_of_id: number }>(
      await db().execute(
        sql`SELECT gross_minor::int AS gross, reversal_of_id FROM transactions WHERE id = ${res.json<StartListEntry>().fee_reversal}`,
      ),
    );
    expect(reversal).toEqual({ gross: -4_000, reversal_of_id: fee!.id });
    const payerKeys = [...after.keys()].filter(
      (k) => k.endsWith(`:${fee!.party_type}:${fee!.party_id}`) && after.get(k) !== before.get(k),
    );
    expect(payerKeys.map((k) => Math.abs(after.get(k)! - (before.get(k) ?? 0)))).toContain(4_000);

    const l = await list();
    const entered = l.entries.filter((e) => e.status === 'entered');
    expect(entered.map((e) => e.start_order)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(entered.map((e) => e.id)).toEqual(drawn.entries.filter((e) => e.id !== third.id).map((e) => e.id));
    expect(l.entries.at(-1)).toMatchObject({ id: third.id, status: 'withdrawn' });
    expect(entered[1]!.start_time).toBe('2099-06-01T14:01:30.000Z');

    const snap = await snapshot();
    const again = await call('organizer', 'POST', `/api/v1/competitionEntry/${third.id}/withdraw/`);
    expect(again.statusCode).toBe(200);
    expect(await snapshot()).toEqual(snap);
    // re-entering a withdrawn pair is refused (its fee history stays with the old entry)
    const back = await call('organizer', 'POST', `/api/v1/competition/${f.competition}/entries/`, {
      vec_participation: third.vec_participation,
    });
    expect(back.json().fields).toEqual({ horse: ['entry_withdrawn'] });
  });

  it('after the deadline: the fee stays charged', async () => {
    await enterAll();
    await db()
      .update(competitions)
      .set({ entryDeadline: new Date('2020-01-01T00:00:00Z') })
      .where(eq(competitions.id, f.competition));
    const entry = (await list()).entries[0]!;
    const ledger = await ledgerCounts(db());
    const res = await call('organizer', 'POST', `/api/v1/competitionEntry/${entry.id}/withdraw/`);
    expect(res.json<StartListEntry>()).toMatchObject({ status: 'withdrawn', fee_reversal: null });
    expect((await ledgerCounts(db())).transactions).toBe(ledger.transactions);
  });

  it('refuses a starter with a result', async () => {
    await enterAll();
    const entry = (await list()).entries[0]!;
    await db().update(competitionEntries).set({ resultStatus: 'R' }).where(eq(competitionEntries.id, entry.id));
    const before = await snapshot();
    const res = await call('organizer', 'POST', `/api/v1/competitionEntry/${entry.id}/withdraw/`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ __all__: ['has_results'] });
    expect(await snapshot()).toEqual(before);
  });
});

describe('the draw', () => {
  it('is reproducible from its seed, keeps one rider’s horses apart and stores seed and time', async () => {
    await enterAll();
    const a = (await draw({ seed: 1234 })).json<StartList>();
    expect(a.competition.draw_seed).toBe(1234);
    expect(a.competition.drawn_at).not.toBeNull();
    const b = (await draw({ seed: 99 })).json<StartList>();
    const c = (await draw({ seed: 1234 })).json<StartList>();
    expect(c.entries.map((e) => e.id)).toEqual(a.entries.map((e) => e.id));
    expect(b.entries.map((e) => e.id)).not.toEqual(a.entries.map((e) => e.id));
    // the same order the pure function gives for the seed
    const expected = drawStartList(
      a.entries.map((e) => ({ id: e.id, riderId: e.rider.id })).sort((x, y) => x.id - y.id),
      1234,
      1,
    );
    expect(c.entries.map((e) => e.id)).toEqual(expected.order);
    expect(c.entries.map((e) => e.start_order)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(c.entries[0]!.start_time).toBe('2099-06-01T14:00:00.000Z');
    expect(c.entries[6]!.start_time).toBe('2099-06-01T14:09:00.000Z');
    // Rosa's three horses are never one after the other
    for (let i = 1; i < c.entries.length; i++)
      expect(c.entries[i]!.rider.id === c.entries[i - 1]!.rider.id).toBe(false);
    // without a seed one is chosen and shown
    const random = (await draw({})).json<StartList>();
    expect(random.competition.draw_seed).toEqual(expect.any(Number));
  });

  it('appends a late entry after the draw at the end', async () => {
    await call('organizer', 'POST', `/api/v1/competition/${f.competition}/entries/`, {
      vec_participation: f.pairs[0]!.vecParticipation,
    });
    await call('organizer', 'POST', `/api/v1/competition/${f.competition}/entries/`, {
      vec_participation: f.pairs[3]!.vecParticipation,
    });
    await draw({ seed: 5 });
    const late = await call('organizer', 'POST', `/api/v1/competition/${f.competition}/entries/`, {
      vec_participation: f.pairs[6]!.vecParticipation,
    });
    expect(late.json<StartListEntry>()).toMatchObject({
      start_order: 3,
      late: true,
      start_time: '2099-06-01T14:03:00.000Z',
    });
  });

  it('is refused once a starter has a result, and for bad input, changing nothing', async () => {
    await enterAll();
    await draw({ seed: 7 });
    const entry = (await list()).entries[0]!;
    await db().update(competitionEntries).set({ resultStatus: 'EL' }).where(eq(competitionEntries.id, entry.id));
    const before = await snapshot();
    const res = await draw({ seed: 8 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ __all__: ['has_results'] });
    expect((await draw({ seed: -1 })).json().fields).toEqual({ seed: ['too_small'] });
    expect((await draw({ seed: 1, gap: 'x' })).statusCode).toBe(400);
    expect((await draw({ seed: 1, extra: true })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('reordering', () => {
  it('takes exactly the entered entries; starters with a result keep their place', async () => {
    await enterAll();
    const drawn = (await draw({ seed: 3 })).json<StartList>();
    const ids = drawn.entries.map((e) => e.id);
    const swapped = [ids[1]!, ids[0]!, ...ids.slice(2)];
    const res = await call('organizer', 'PUT', `/api/v1/competition/${f.competition}/order/`, { entries: swapped });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StartList>().entries.map((e) => e.id)).toEqual(swapped);

    await db().update(competitionEntries).set({ resultStatus: 'R' }).where(eq(competitionEntries.id, swapped[0]!));
    const before = await snapshot();
    const bad: [unknown, Record<string, string[]>][] = [
      [swapped.slice(1), { entries: ['invalid'] }],
      [[...swapped, swapped[0]], { entries: ['duplicate'] }],
      [[...swapped.slice(0, -1), 999_999], { entries: ['not_on_start_list'] }],
      [[swapped[1], swapped[0], ...swapped.slice(2)], { entries: ['has_results'] }],
    ];
    for (const [entries, fields] of bad) {
      const r = await call('organizer', 'PUT', `/api/v1/competition/${f.competition}/order/`, { entries });
      expect(r.statusCode).toBe(400);
      expect(r.json().fields).toEqual(fields);
    }
    expect(await snapshot()).toEqual(before);
    // the others may still move around the starter who has a result
    const moved = [swapped[0]!, ...swapped.slice(2), swapped[1]!];
    const ok = await call('organizer', 'PUT', `/api/v1/competition/${f.competition}/order/`, { entries: moved });
    expect(ok.statusCode).toBe(200);
    expect(
      ok
        .json<StartList>()
        .entries.filter((e) => e.status === 'entered')
        .map((e) => e.id),
    ).toEqual(moved);
  });
});

describe('the printable start list and the overview', () => {
  it('prints order, times, head numbers, riders and horses', async () => {
    await enterAll();
    await draw({ seed: 11 });
    const withdrawn = (await list()).entries[6]!;
    await call('organizer', 'POST', `/api/v1/competitionEntry/${withdrawn.id}/withdraw/`);
    const res = await server().app.inject({
      method: 'GET',
      url: `/api/v1/competition/${f.competition}/startlist.pdf`,
      headers: { ...(await server().auth('organizer')), 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    const l = await list();
    expect(flat).toContain('Start list – 12 Grand Prix');
    expect(flat).toContain('Draw seed: 11');
    const first = l.entries[0]!;
    expect(flat).toContain(`${first.head_number}`);
    expect(flat).toContain(first.horse.name);
    expect(flat).toContain('Withdrawn');
    expect(flat).toContain(withdrawn.horse.name);
    // 14:00Z is 16:00 in Ljubljana (summer)
    expect(flat).toContain('16:00');
    expect(flat).toContain('16:07');
  });

  it('lists the venue’s competitions by event with entry counts', async () => {
    await enterAll();
    const res = await call('organizer', 'GET', '/api/v1/venue/1/startlists/');
    expect(res.statusCode).toBe(200);
    const overview = res.json<StartlistOverview>();
    const event = overview.events.find((e) => e.id === f.vec)!;
    expect(event.competitions.find((c) => c.id === f.competition)).toMatchObject({ entries: 7, withdrawn: 0 });
    expect(event.competitions.find((c) => c.id === f.free)).toMatchObject({ entries: 0 });
    expect(overview.events.some((e) => e.id === f.vec2)).toBe(false);
  });
});

describe('access', () => {
  it('answers the venue’s office only; another venue’s competition is 403, an unknown one 404', async () => {
    const cases: [string, string, string, unknown?][] = [
      ['GET', `/api/v1/competition/${f.foreign}/startlist/`, ''],
      ['GET', `/api/v1/competition/${f.foreign}/startlist.pdf`, ''],
      ['GET', `/api/v1/competition/${f.foreign}/candidates/`, ''],
      ['POST', `/api/v1/competition/${f.foreign}/entries/fromEvent/`, ''],
      ['POST', `/api/v1/competition/${f.foreign}/draw/`, '', { seed: 1 }],
      ['PUT', `/api/v1/competition/${f.foreign}/order/`, '', { entries: [] }],
      ['GET', `/api/v1/venue/${f.venue2}/startlists/`, ''],
    ];
    const before = await snapshot();
    for (const [method, url, , body] of cases) {
      const res = await call('organizer', method as 'GET', url, body as Record<string, unknown>);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    for (const user of ['rider', 'stable', 'merchant']) {
      expect((await call(user, 'GET', `/api/v1/competition/${f.competition}/startlist/`)).statusCode).toBe(403);
    }
    expect((await call('organizer', 'GET', '/api/v1/competition/999999/startlist/')).statusCode).toBe(404);
    expect((await call('organizer', 'POST', '/api/v1/competitionEntry/999999/withdraw/')).statusCode).toBe(404);
    expect((await call('organizer', 'GET', '/api/v1/venue/999999/startlists/')).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/v1/competition/${f.competition}/startlist/`)).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
    // the admin may act everywhere
    expect((await call('admin', 'GET', `/api/v1/competition/${f.foreign}/startlist/`)).statusCode).toBe(200);
  });

  it('tells the live bus after each change to a start list', async () => {
    const events: LiveEvent[] = [];
    const stop = server().app.live.subscribe((event) => events.push(event));
    try {
      await enterAll();
      await draw({ seed: 2 });
      // on PostgreSQL the events travel through NOTIFY: they arrive just after the answers
      await expect
        .poll(() => events.filter((e) => e.competitionId === f.competition && e.kind === 'startlist').length, {
          timeout: 30_000,
        })
        .toBe(2);
      await draw({ seed: -5 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(events).toHaveLength(2);
    } finally {
      stop();
    }
  });
});

import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { UNDO_WINDOW_MS } from '../../src/shared/schemas/floor-undo';
import { rowsOf } from '../../server/src/db/rows';
import { transactions } from '../../server/src/db/schema';
import { ledgerCounts, newKey, postEntry, seedLedgerFixtures, type LedgerFixtures } from './ledger-fixtures';
import { useTestServer } from './helpers/use-server';

/* The stable's undo of its own fresh charge: POST /api/v1/transaction/undo/. */

const server = useTestServer();
let f: LedgerFixtures;
beforeEach(async () => {
  f = await seedLedgerFixtures(server().database.db);
});

/** A stable charge of the box for the demo rider, posted by `username` with key `key`. */
async function charge(username: string, key = newKey(), venue = 1) {
  const auth = await server().auth(username);
  const response = await postEntry(
    server().app,
    auth,
    { venue, kind: 'charge', party_type: 'rider', party_id: f.rider, consumable: f.box, source: 'stable' },
    key,
  );
  expect(response.statusCode).toBe(201);
  return { key, id: response.json().id as number };
}

async function undo(username: string, body: Record<string, unknown>, key = newKey()) {
  return server().app.inject({
    method: 'POST',
    url: '/api/v1/transaction/undo/',
    headers: { ...(await server().auth(username)), 'idempotency-key': key },
    payload: body,
  });
}

async function reversalsOf(id: number) {
  return server().database.db.select().from(transactions).where(eq(transactions.reversalOfId, id));
}

/** The sum of the rider's entries as stored (a charge positive, its reversal negative). */
async function balanceOfRider(): Promise<number> {
  const [row] = rowsOf<{ balance: string }>(
    await server().database.db.execute(
      sql`SELECT coalesce(sum(gross_minor), 0)::text AS balance FROM transactions WHERE party_type = 'rider' AND party_id = ${f.rider}`,
    ),
  );
  return Number(row?.balance);
}

describe('the stable undoes its own fresh charge', () => {
  it('posts the reversal once, replays the same answer, and brings the balance back', async () => {
    const before = await balanceOfRider();
    const { key, id } = await charge('stable');
    expect(await balanceOfRider()).toBe(before + 15000); // stored unsigned: the charge owes 150.00
    const undoKey = newKey();
    const first = await undo('stable', { venue: 1, key, device_id: 'tablet-1' }, undoKey);
    expect(first.statusCode).toBe(204);
    const reversals = await reversalsOf(id);
    expect(reversals).toHaveLength(1);
    expect(reversals[0]).toMatchObject({
      kind: 'reversal',
      grossMinor: -15000,
      idempotencyKey: undoKey,
      deviceId: 'tablet-1',
    });
    expect(await balanceOfRider()).toBe(before);

    // The outbox may send it again (lost answer): the same answer, nothing posted twice.
    const counts = await ledgerCounts(server().database.db);
    const replay = await undo('stable', { venue: 1, key, device_id: 'tablet-1' }, undoKey);
    expect(replay.statusCode).toBe(204);
    expect(await ledgerCounts(server().database.db)).toEqual(counts);

    // A second undo under another key is refused: the charge is reversed already.
    const again = await undo('stable', { venue: 1, key });
    expect(again.statusCode).toBe(400);
    expect(await reversalsOf(id)).toHaveLength(1);
    expect(await balanceOfRider()).toBe(before);
  });
});

describe('the undo is refused', () => {
  it("for someone else's charge (403), nothing posted", async () => {
    const { key, id } = await charge('organizer');
    const counts = await ledgerCounts(server().database.db);
    const response = await undo('stable', { venue: 1, key });
    expect(response.statusCode).toBe(403);
    expect(await reversalsOf(id)).toHaveLength(0);
    expect(await ledgerCounts(server().database.db)).toEqual(counts);
  });

  it('for an old charge (403), nothing posted', async () => {
    const { key, id } = await charge('stable');
    const old = new Date(Date.now() - UNDO_WINDOW_MS - 60_000);
    await server().database.db.update(transactions).set({ recordedAt: old }).where(eq(transactions.id, id));
    const counts = await ledgerCounts(server().database.db);
    const response = await undo('stable', { venue: 1, key });
    expect(response.statusCode).toBe(403);
    expect(await reversalsOf(id)).toHaveLength(0);
    expect(await ledgerCounts(server().database.db)).toEqual(counts);
  });

  it('for a charge just inside the window it still works', async () => {
    const { key, id } = await charge('stable');
    const recent = new Date(Date.now() - UNDO_WINDOW_MS + 60_000);
    await server().database.db.update(transactions).set({ recordedAt: recent }).where(eq(transactions.id, id));
    expect((await undo('stable', { venue: 1, key })).statusCode).toBe(204);
    expect(await reversalsOf(id)).toHaveLength(1);
  });

  it('for an unknown key (404) or at another venue (404)', async () => {
    const { key } = await charge('stable');
    expect((await undo('stable', { venue: 1, key: 'no-such-key' })).statusCode).toBe(404);
    expect((await undo('stable', { venue: f.venue2, key })).statusCode).toBe(404);
  });

  it('for roles without write access (403) and without a key header (400)', async () => {
    const { key, id } = await charge('stable');
    expect((await undo('vetcheck', { venue: 1, key })).statusCode).toBe(403);
    expect((await undo('rider', { venue: 1, key })).statusCode).toBe(403);
    const unkeyed = await server().app.inject({
      method: 'POST',
      url: '/api/v1/transaction/undo/',
      headers: await server().auth('stable'),
      payload: { venue: 1, key },
    });
    expect(unkeyed.statusCode).toBe(400);
    expect(await reversalsOf(id)).toHaveLength(0);
  });

  it('for bad input (400 with a field error), nothing posted', async () => {
    const { id } = await charge('stable');
    for (const body of [
      { venue: 1 },
      { venue: 'x', key: 'k' },
      { venue: 1, key: '' },
      { venue: 1, key: 'k', extra: 1 },
    ]) {
      const response = await undo('stable', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const missing = await undo('stable', { venue: 1 });
    expect(missing.json().fields).toHaveProperty('key');
    expect(await reversalsOf(id)).toHaveLength(0);
  });
});

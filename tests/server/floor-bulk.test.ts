import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pull } from './floor-fixtures';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

const RIDERS = 5000;
const TRANSACTIONS = 50_000;
const CHUNK = 1000;

/**
 * Runs a set-based INSERT over `1..total` in statements of CHUNK rows. Each statement commits on
 * its own: within one transaction every row's trigger updates the same counter row again, and
 * those versions pile up (quadratic time), so a bulk load goes in pieces.
 */
async function inChunks(total: number, insert: (from: number, to: number) => SQL): Promise<void> {
  for (let from = 1; from <= total; from += CHUNK) {
    await server().database.db.execute(insert(from, Math.min(from + CHUNK - 1, total)));
  }
}

/** A venue the size of a large show, written set-based (the triggers number every row). */
async function seedLargeShow(): Promise<void> {
  const db = server().database.db;
  await db.execute(sql`INSERT INTO riders (first_name, last_name, email)
    SELECT 'Bulk', 'Rider ' || g, 'bulk-' || g || '@bulk.test' FROM generate_series(1, ${RIDERS}) g`);
  await db.execute(sql`INSERT INTO horses (name, fei_id)
    SELECT 'Bulk Horse ' || g, 'BULK' || g FROM generate_series(1, ${RIDERS}) g`);
  const first = sql`(SELECT min(id) FROM riders WHERE email LIKE 'bulk-%')`;
  const firstHorse = sql`(SELECT min(id) FROM horses WHERE fei_id LIKE 'BULK%')`;
  await inChunks(
    RIDERS,
    (from, to) => sql`INSERT INTO venue_participations (venue_id, rider_id, payer_type, payer_id)
      SELECT 1, ${first} + g - 1, 'rider', ${first} + g - 1 FROM generate_series(${from}::int, ${to}::int) g`,
  );
  await inChunks(
    RIDERS,
    (from, to) => sql`INSERT INTO participation_horses (venue_participation_id, venue_id, horse_id, head_number)
      SELECT vp.id, 1, ${firstHorse} + g - 1, g FROM generate_series(${from}::int, ${to}::int) g
      JOIN venue_participations vp ON vp.venue_id = 1 AND vp.rider_id = ${first} + g - 1`,
  );
  await db.execute(sql`INSERT INTO grooms (rider_id, first_name, last_name)
    SELECT id, 'Bulk', 'Groom ' || id FROM riders WHERE email LIKE 'bulk-%' AND id % 10 = 0`);
  await db.execute(sql`INSERT INTO consumables (venue_id, name, category, unit_price_minor)
    VALUES (1, 'Box', 'box', 15000), (1, 'Hay', 'hay', 950)`);
  await inChunks(
    TRANSACTIONS,
    (from, to) => sql`INSERT INTO transactions (venue_id, kind, party_type, party_id, description, quantity,
        unit_price_minor, net_minor, tax_minor, gross_minor, currency, source, idempotency_key)
      SELECT 1, CASE WHEN g % 10 = 0 THEN 'payment' ELSE 'charge' END, 'rider', ${first} + g % ${RIDERS},
        'Bulk entry ' || g, 1, 1000, 1000, 0, 1000, 'EUR', 'stable', 'bulk-key-' || g
      FROM generate_series(${from}::int, ${to}::int) g`,
  );
  await db.execute(sql`ANALYZE`);
}

describe('the floor snapshot of a large show', () => {
  it('holds 5,000 riders, 5,000 horses and 50,000 entries; the next pull from its cursor is empty', async () => {
    await seedLargeShow();
    const stable = await server().auth('stable');
    const first = await pull(server().app, stable, 1);
    expect(first.statusCode).toBe(200);
    const c = first.changes();
    expect(c.reset).toBe(true);
    expect(c.riders).toHaveLength(RIDERS);
    expect(c.horses).toHaveLength(RIDERS);
    expect(c.grooms).toHaveLength(RIDERS / 10);
    expect(c.consumables).toHaveLength(2);
    expect(c.transactions).toHaveLength(TRANSACTIONS);
    expect(new Set(c.transactions.map((t) => t.key)).size).toBe(TRANSACTIONS);
    const payments = c.transactions.filter((t) => t.kind === 'payment');
    expect(payments.every((t) => t.gross === 1000)).toBe(true);
    expect(c.transactions.filter((t) => t.kind === 'charge').every((t) => t.gross === -1000)).toBe(true);
    expect(new Set(c.riders.map((r) => r.qr)).size).toBe(RIDERS);

    const next = (await pull(server().app, stable, 1, c.cursor)).changes();
    expect(next).toMatchObject({
      reset: false,
      cursor: c.cursor,
      riders: [],
      grooms: [],
      horses: [],
      consumables: [],
      transactions: [],
      attendees: [],
      checkins: [],
      signins: [],
      inspections: [],
      deleted: [],
    });
  }, 180_000);
});

import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryColumns, entryLine, type FloorStreamLine } from '@shared/floor-stream';
import type { FloorChanges } from '@shared/schemas/floor';
import { FloorDb } from '@/offline/db';
import { saveWrite } from '@/offline/outbox';
import { pullChanges } from '@/offline/pull';
import { venueRows } from '@/offline/snapshot-chunks';
import { pageRows } from '@/offline/transaction-pages';
import type { Transport } from '@/offline/transport';
import { changes, chargeWrite, rider, serverCharge } from './offline-fakes';

/* The first pull streamed: stored in chunks as the lines arrive, the cursor last. */

const VENUE = 1;
const NOW = Date.parse('2026-05-01T10:00:00Z');
let db: FloorDb;
let count = 0;

beforeEach(() => {
  count += 1;
  db = new FloorDb(`pull-stream-${count}`);
});
afterEach(async () => {
  await db.delete();
});

/** A snapshot of `riders` riders and `entries` entries (newest first), as its lines. */
function snapshotLines(riders: number, entries: number, end = true): FloorStreamLine[] {
  const { protocol, venue, cursor } = changes({ cursor: 9 });
  const lines: FloorStreamLine[] = [{ protocol, venue, cursor, reset: true }];
  const all = Array.from({ length: riders }, (_, i) => rider(i + 1));
  for (let i = 0; i < all.length; i += 1000) lines.push({ entity: 'riders', rows: all.slice(i, i + 1000) });
  const charges = Array.from({ length: entries }, (_, i) => ({
    ...serverCharge(entries - i, null),
    occurred_at: new Date(NOW - i * 60_000).toISOString(),
  }));
  for (let i = 0; i < charges.length; i += 1000)
    lines.push({ entity: 'transactions', rows: charges.slice(i, i + 1000) });
  if (end) lines.push({ end: true, cursor: 9 });
  return lines;
}

/** A server that streams `lines` (values, or text as written), and records what the device held after each line. */
function streaming(lines: (FloorStreamLine | string)[]): { transport: Transport; seen: number[] } {
  const seen: number[] = [];
  const transport: Transport = async (request) => {
    expect(request.onLine).toBeTypeOf('function');
    for (const line of lines) {
      request.onLine!(typeof line === 'string' ? line : JSON.stringify(line));
      // The network between lines: stored chunks become visible meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(await db.transactionPages.count());
    }
    return { status: 200, body: undefined, streamed: true };
  };
  return { transport, seen };
}

describe('a streamed first pull', () => {
  it('stores the snapshot in chunks while it arrives, each chunk of entries a page, the cursor last', async () => {
    // This device's unsent charge stays through the snapshot.
    await saveWrite(db, 7, chargeWrite(VENUE, 'mine'));
    const { transport, seen } = streaming(snapshotLines(2500, 12_000));
    expect(await pullChanges(db, transport, VENUE, NOW)).toBe('ok');
    // Pages were there before the last line arrived.
    expect(seen.slice(0, -2).some((n) => n > 0)).toBe(true);
    const pages = await db.transactionPages.where('[venue+page]').between([VENUE, 0], [VENUE, Infinity]).toArray();
    expect(pages.map((p) => pageRows(p).length)).toEqual(Array(12).fill(1000));
    // Newest first across pages, as the screens read them.
    const ids = pages.flatMap((p) => pageRows(p).map((r) => r.id));
    expect(ids).toEqual(Array.from({ length: 12_000 }, (_, i) => 12_000 - i));
    expect((await venueRows(db, VENUE, 'riders')).length).toBe(2500);
    // Each line of riders one record.
    expect(await db.snapshotChunks.count()).toBe(3);
    expect(await db.riders.count()).toBe(0);
    expect(await db.transactions.get('mine')).toMatchObject({ pending: 1 });
    expect((await db.sync.get(VENUE))!.cursor).toBe(9);
  });

  it('stores a line of entries in columns as the text it came as, one page each, with its count', async () => {
    // This device's unsent charge, which the server has meanwhile: its row replaces the copy.
    await saveWrite(db, 7, chargeWrite(VENUE, 'mine'));
    const lines = snapshotLines(10, 2500).map((line) => {
      if (!('entity' in line) || !('rows' in line) || line.entity !== 'transactions') return line;
      const rows = line.rows.map((row, i) => (row.id === 2500 && i === 0 ? { ...row, key: 'mine' } : row));
      return entryLine(rows.length, JSON.stringify(entryColumns(rows)));
    });
    const { transport } = streaming(lines);
    expect(await pullChanges(db, transport, VENUE, NOW)).toBe('ok');
    const pages = await db.transactionPages.where('[venue+page]').between([VENUE, 0], [VENUE, Infinity]).toArray();
    expect(pages.map((p) => p.size)).toEqual([1000, 1000, 500]);
    const first = lines.find((line): line is string => typeof line === 'string')!;
    expect(first).toContain(pages[0]!.columns);
    const rows = pages.flatMap((p) => pageRows(p));
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 2500 }, (_, i) => 2500 - i));
    expect(rows[0]).toMatchObject({ key: 'mine', venue: VENUE, occurred_at: new Date(NOW).toISOString() });
    expect(await db.transactions.get('mine')).toBeUndefined();
    expect((await db.sync.get(VENUE))!.cursor).toBe(9);
  });

  it('an answer cut short keeps the old cursor: the next pull is a snapshot again', async () => {
    const { transport } = streaming(snapshotLines(10, 3000, false));
    expect(await pullChanges(db, transport, VENUE, NOW)).toBe('failed');
    expect(await db.sync.get(VENUE)).toBeUndefined();
  });

  it('changes since a cursor are applied at once, as a plain answer is', async () => {
    await db.sync.put({
      ...{ venue: VENUE, cursor: 3, venueName: 'Demo Show', currency: 'EUR', currencyDisplay: 'symbol' },
      ...{ timeZone: 'Europe/Berlin', lastSyncAt: null, lastError: null },
    });
    const { protocol, venue }: FloorChanges = changes();
    const { transport } = streaming([
      { protocol, venue, cursor: 4, reset: false },
      { entity: 'riders', rows: [rider(5)] },
      { end: true, cursor: 4 },
    ]);
    expect(await pullChanges(db, transport, VENUE, NOW)).toBe('ok');
    expect(await db.riders.get(5)).toMatchObject({ venue: VENUE });
    expect((await db.sync.get(VENUE))!.cursor).toBe(4);
  });

  it('a snapshot the server kept from a moment ago (behind) is followed at once by a pull from its cursor, once', async () => {
    const { protocol, venue }: FloorChanges = changes();
    const asked: string[] = [];
    const answers: FloorStreamLine[][] = [
      [
        { protocol, venue, cursor: 9, reset: true },
        { entity: 'riders', rows: [rider(1)] },
        { end: true, cursor: 9 },
      ],
      // What changed after the kept snapshot: a rider renamed, another new.
      [
        { protocol, venue, cursor: 12, reset: false },
        { entity: 'riders', rows: [{ ...rider(1), name: 'Renamed' }, rider(2)] },
        { end: true, cursor: 12 },
      ],
    ];
    // The first answer is a kept snapshot (SNAPSHOT_BEHIND_HEADER); so is the second, below.
    let behindToo = false;
    const transport: Transport = async (request) => {
      asked.push(request.path);
      const answer = answers[asked.length - 1] ?? answers[0]!;
      for (const line of answer) request.onLine!(JSON.stringify(line));
      const behind = asked.length === 1 || behindToo;
      return { status: 200, body: undefined, streamed: true, ...(behind && { behind: true as const }) };
    };
    expect(await pullChanges(db, transport, VENUE, NOW)).toBe('ok');
    expect(asked.map((path) => /cursor=(\d+)/.exec(path)![1])).toEqual(['0', '9']);
    expect((await db.sync.get(VENUE))!.cursor).toBe(12);
    expect(await db.riders.get(1)).toMatchObject({ name: 'Renamed' });
    expect(await db.riders.get(2)).toMatchObject({ venue: VENUE });

    // A snapshot that is behind again is not followed twice in a row: the next pull is the tablet's own.
    answers[1] = answers[0]!;
    behindToo = true;
    asked.length = 0;
    await db.sync.delete(VENUE);
    expect(await pullChanges(db, transport, VENUE, NOW)).toBe('ok');
    expect(asked).toHaveLength(2);
  });
});

import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FloorDb, type SyncState } from '@/offline/db';
import { saveWrite } from '@/offline/outbox';
import { storeTransactionPages } from '@/offline/pull';
import { venueRow } from '@/offline/snapshot-chunks';
import { pageRows } from '@/offline/transaction-pages';
import { createFloorSync } from '@/offline/sync';
import { useAppStore } from '@/lib/store';
import {
  changes,
  chargeWrite,
  fakeServer,
  localAttendee,
  localCharge,
  localCheckin,
  rider,
  serverCharge,
} from './offline-fakes';

const USER = 7;
const VENUE = 1;
let db: FloorDb;
let server: ReturnType<typeof fakeServer>;
let dbCount = 0;
const NOW = Date.parse('2026-05-01T10:00:00Z');

const engine = () => createFloorSync({ db, transport: server.transport, user: () => USER, now: () => NOW });
const stored = (cursor: number): SyncState => ({
  venue: VENUE,
  cursor,
  venueName: 'Demo Show',
  currency: 'EUR',
  currencyDisplay: 'symbol',
  timeZone: 'Europe/Berlin',
  lastSyncAt: null,
  lastError: null,
});
/** A table's rows of every venue: in the snapshot's chunks, and row by row (those win). */
const allRows = async (table: 'riders' | 'grooms') => {
  const chunked = (await db.snapshotChunks.toArray())
    .filter((chunk) => chunk.entity === table)
    .flatMap((chunk) => (JSON.parse(chunk.rows) as { id: number }[]).map((row) => ({ ...row, venue: chunk.venue })));
  const rows = new Map<string, { id: number | string; venue: number }>();
  for (const row of [...chunked, ...(await db[table].toArray())]) rows.set(`${row.venue}:${row.id}`, row);
  return [...rows.values()].sort((a, b) => Number(a.id) - Number(b.id));
};
const ids = async (table: 'riders' | 'grooms' | 'transactions') =>
  table === 'transactions'
    ? (await db[table].orderBy(':id').primaryKeys()).sort()
    : (await allRows(table)).map((row) => row.id);
/** The venue's pages in order: the ids of each page's rows. */
const pages = async (venue = VENUE) =>
  (await db.transactionPages.where('[venue+page]').between([venue, 0], [venue, Infinity]).toArray()).map((page) =>
    pageRows(page).map((row) => row.id),
  );
/** Server charges 1…n, every one at its own minute except pairs that share one. */
const charges = (n: number, minuteOf: (id: number) => number) =>
  Array.from({ length: n }, (_, i) => ({
    ...serverCharge(i + 1, null),
    occurred_at: new Date(Date.UTC(2026, 3, 1) + minuteOf(i + 1) * 60_000).toISOString(),
  }));

beforeEach(() => {
  dbCount += 1;
  db = new FloorDb(`pull-test-${dbCount}`);
  server = fakeServer();
  useAppStore.setState({ updateAvailable: false });
});

afterEach(async () => {
  await db.delete();
});

describe('pull', () => {
  it('the first pull is a snapshot: rows get their venue, the cursor and venue are stored', async () => {
    server.answerPull(
      changes({ cursor: 7, reset: true, riders: [rider(1), rider(2)], transactions: [serverCharge(10, null)] }),
    );
    await engine().pull(VENUE);
    expect(server.pullPaths()).toEqual(['venue/1/floor/changes/?cursor=0']);
    expect(await venueRow(db, VENUE, 'riders', 1)).toMatchObject({ name: 'Rider 1', venue: VENUE });
    // A snapshot's rows are kept in chunks, not row by row.
    expect(await db.riders.count()).toBe(0);
    expect((await db.snapshotChunks.toArray()).map((chunk) => [chunk.entity, chunk.chunk])).toEqual([['riders', 0]]);
    expect(pageRows((await db.transactionPages.get([VENUE, 0]))!)).toEqual([
      expect.objectContaining({ id: 10, venue: VENUE, gross: -1000 }),
    ]);
    expect(await db.transactions.count()).toBe(0);
    expect(await db.sync.get(VENUE)).toEqual({
      venue: VENUE,
      cursor: 7,
      venueName: 'Demo Show',
      currency: 'EUR',
      currencyDisplay: 'symbol',
      timeZone: 'Europe/Berlin',
      lastSyncAt: '2026-05-01T10:00:00.000Z',
      lastError: null,
    });
  });

  it('an incremental pull sends the cursor, updates rows and applies tombstones', async () => {
    const groom = (id: number, participation: number) => ({
      id,
      rider: participation + 1000,
      participation,
      name: `Groom ${id}`,
      qr: `g${id}-abcdefabcdef`,
    });
    server.answerPull(
      changes({
        cursor: 5,
        reset: true,
        riders: [rider(1), rider(2)],
        grooms: [groom(7, 1), groom(8, 2)],
        transactions: [serverCharge(10, null)],
      }),
      changes({
        cursor: 8,
        riders: [rider(2, 'Renamed')],
        transactions: [serverCharge(11, null)],
        deleted: [
          { entity: 'riders', id: 1 },
          { entity: 'transactions', id: 10 },
        ],
      }),
    );
    const sync = engine();
    await sync.pull(VENUE);
    await sync.pull(VENUE);
    expect(server.pullPaths()).toEqual(['venue/1/floor/changes/?cursor=0', 'venue/1/floor/changes/?cursor=5']);
    expect(await ids('riders')).toEqual([2]);
    expect((await venueRow(db, VENUE, 'riders', 2))!.name).toBe('Renamed');
    expect(await ids('transactions')).toEqual([11]);
    expect(await pages()).toEqual([[]]);
    // The rider who left took their groom along; the other rider's groom stays.
    expect(await ids('grooms')).toEqual([8]);
    expect((await db.sync.get(VENUE))!.cursor).toBe(8);
  });

  it('a cursor reset clears the venue’s old rows but keeps this device’s pending and refused ones', async () => {
    await db.riders.bulkPut([
      { ...rider(1), venue: VENUE },
      { ...rider(2), venue: 2 },
    ]);
    await db.transactions.bulkPut([
      { ...serverCharge(10, null), venue: VENUE },
      { ...localCharge(VENUE, 'sent'), pending: undefined },
      { ...localCharge(VENUE, 'refused'), pending: undefined, rejected: 1 },
    ]);
    await storeTransactionPages(db, VENUE, [serverCharge(11, null)]);
    await storeTransactionPages(db, 2, [serverCharge(12, null)]);
    await saveWrite(db, USER, chargeWrite(VENUE, 'queued'));
    await db.sync.put(stored(3));
    server.answerPull(changes({ cursor: 90, reset: true, riders: [rider(3)] }));
    await engine().pull(VENUE);
    expect((await allRows('riders')).map((r) => [r.id, r.venue])).toEqual([
      [2, 2],
      [3, VENUE],
    ]);
    expect(await ids('transactions')).toEqual(['queued', 'refused']);
    expect(await pages(VENUE)).toEqual([]);
    expect(await pages(2)).toEqual([[12]]);
    expect((await db.sync.get(VENUE))!.cursor).toBe(90);
  });

  it('a snapshot stores its transactions in pages of 1,000, newest first, ties by id, and keeps pending rows', async () => {
    await saveWrite(db, USER, chargeWrite(VENUE, 'queued'));
    // Minutes 0…1249, each held by two charges (id and id + 1250), given oldest id first.
    const rows = charges(2501, (id) => id % 1250);
    server.answerPull(changes({ cursor: 9, reset: true, transactions: rows }));
    await engine().pull(VENUE);
    const stored = await pages();
    expect(stored.map((page) => page.length)).toEqual([1000, 1000, 501]);
    const expected = rows
      .map((row) => [row.id, Date.parse(row.occurred_at)] as const)
      .sort(([idA, atA], [idB, atB]) => atB - atA || idB - idA)
      .map(([rowId]) => rowId);
    expect(stored.flat()).toEqual(expected);
    // Minute 1249 is the newest: ids 1249 and 2499, the larger first.
    expect(stored[0]!.slice(0, 2)).toEqual([2499, 1249]);
    const first = (await db.transactionPages.get([VENUE, 0]))!;
    expect(pageRows(first).every((row) => row.venue === VENUE)).toBe(true);
    expect(first.size).toBe(1000);
    expect(await ids('transactions')).toEqual(['queued']);
  });

  it('a transaction tombstone removes it from the rows and from the page that holds it', async () => {
    server.answerPull(
      changes({ cursor: 5, reset: true, transactions: charges(1500, (id) => id) }),
      changes({
        cursor: 6,
        transactions: [serverCharge(2000, null)],
        deleted: [
          { entity: 'transactions', id: 1400 },
          { entity: 'transactions', id: 3 },
          { entity: 'transactions', id: 2000 },
        ],
      }),
    );
    const sync = engine();
    await sync.pull(VENUE);
    const before = await pages();
    await sync.pull(VENUE);
    const after = await pages();
    expect(after[0]).toEqual(before[0]!.filter((rowId) => rowId !== 1400));
    expect(after[1]).toEqual(before[1]!.filter((rowId) => rowId !== 3));
    expect(after.map((page) => page.length)).toEqual([999, 499]);
    expect((await db.transactionPages.toArray()).map((page) => page.size)).toEqual([999, 499]);
    expect(await ids('transactions')).toEqual([]);
  });

  it('after a snapshot, the server’s row still replaces the pending copy with the same key', async () => {
    await saveWrite(db, USER, chargeWrite(VENUE, 'k1'));
    server.answerPull(
      changes({ cursor: 3, reset: true, transactions: [serverCharge(55, 'k1'), serverCharge(54, null)] }),
      changes({ cursor: 4, transactions: [serverCharge(56, 'k2')] }),
    );
    const sync = engine();
    await sync.pull(VENUE);
    expect(await ids('transactions')).toEqual([]);
    expect(await pages()).toEqual([[55, 54]]);
    await saveWrite(db, USER, chargeWrite(VENUE, 'k2'));
    await sync.pull(VENUE);
    expect(await ids('transactions')).toEqual([56]);
    expect(await db.transactions.get(56)).toMatchObject({ key: 'k2', venue: VENUE });
    expect(await db.transactions.get(56)).not.toHaveProperty('pending');
  });

  it('the server’s row replaces the pending copy with the same key', async () => {
    await saveWrite(db, USER, chargeWrite(VENUE, 'k1'));
    await saveWrite(db, USER, chargeWrite(VENUE, 'k2'));
    server.answerPull(changes({ cursor: 4, transactions: [serverCharge(55, 'k1'), serverCharge(56, 'elsewhere')] }));
    await engine().pull(VENUE);
    expect(await ids('transactions')).toEqual([55, 56, 'k2']);
    expect(await db.transactions.get(55)).toMatchObject({ key: 'k1', venue: VENUE });
    expect(await db.transactions.get(55)).not.toHaveProperty('pending');
  });

  it('an attendee created offline: its pending check-ins now name the server id', async () => {
    await db.attendees.put(localAttendee(VENUE, 'att'));
    await db.checkins.put(localCheckin(VENUE, 'chk', 'att'));
    const { venue: _v, pending: _p, ...attendee } = localAttendee(VENUE, 'att');
    server.answerPull(changes({ cursor: 2, attendees: [{ ...attendee, id: 31, venue: VENUE }] }));
    await engine().pull(VENUE);
    expect(await db.attendees.get('att')).toBeUndefined();
    expect(await db.checkins.get('chk')).toMatchObject({ attendee: 31, pending: 1 });
  });

  it('an answer older than the stored cursor changes nothing', async () => {
    await db.sync.put(stored(20));
    server.answerPull(changes({ cursor: 12, riders: [rider(4)] }));
    await engine().pull(VENUE);
    expect(await db.riders.count()).toBe(0);
    expect((await db.sync.get(VENUE))!.cursor).toBe(20);
  });

  it('a failed pull keeps the data and notes the error', async () => {
    await db.sync.put(stored(1));
    await db.riders.put({ ...rider(1), venue: VENUE });
    server.answerPull({ status: 503, body: { error: 'maintenance' } });
    await engine().pull(VENUE);
    expect(await db.riders.count()).toBe(1);
    expect(await db.sync.get(VENUE)).toMatchObject({ cursor: 1, lastError: 'HTTP 503' });
  });

  it('426 sync_outdated: outdated, the reload banner, and no more requests', async () => {
    server.answerPull({ status: 426, body: { error: 'sync_outdated' } });
    await saveWrite(db, USER, chargeWrite(VENUE, 'k1'));
    const sync = engine();
    await sync.pull(VENUE);
    expect(sync.state.getState().outdated).toBe(true);
    expect(useAppStore.getState().updateAvailable).toBe(true);
    await sync.pull(VENUE);
    await sync.flush();
    expect(server.requests).toHaveLength(1);
    expect(await db.sync.get(VENUE)).toBeUndefined();
  });

  it('after a flush that sent something, the venue is pulled', async () => {
    await db.sync.put(stored(1));
    await saveWrite(db, USER, chargeWrite(VENUE, 'k1'));
    server.answerPull(changes({ cursor: 2, transactions: [serverCharge(70, 'k1')] }));
    await engine().flush();
    expect(server.pullPaths()).toEqual(['venue/1/floor/changes/?cursor=1']);
    expect(await ids('transactions')).toEqual([70]);
  });
});

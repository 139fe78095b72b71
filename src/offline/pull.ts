import Dexie, { type Transaction } from 'dexie';
import { FLOOR_ENTITIES, type FloorEntity } from '@shared/floor-constants';
import type { FloorChanges, FloorTransaction } from '@shared/schemas/floor';
import { FLOOR_STREAM_CHUNK } from '@shared/floor-stream';
import {
  newestTransactionFirst,
  TRANSACTION_PAGE_SIZE,
  type ChunkedEntity,
  type FloorDb,
  type LocalId,
  type SnapshotChunk,
  type TransactionPage,
} from './db';
import { floorTable } from './outbox';
import { useAppStore } from '@/lib/store';
import { takeEarlyPull } from './early-pull';
import { streamedPull } from './pull-stream';
import { clearSnapshotChunks, putSnapshotChunks, removeFromChunks, snapshotChunk } from './snapshot-chunks';
import { pageRows, putTransactionPages, transactionPageOf } from './transaction-pages';
import type { Transport } from './transport';
import { measureSince, PERF } from '@shared/perf-marks';

/**
 * Pull (ARCHITECTURE "Offline floor operations"): the venue's changes since its cursor (a
 * snapshot the first time), applied in one Dexie transaction. A snapshot's transactions go into
 * pages (see TransactionPage); every later row goes into its table.
 */

export type PullResult = 'ok' | 'failed' | 'unauthorized' | 'outdated';

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

const isChanges = (body: unknown): body is FloorChanges =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as FloorChanges).cursor === 'number' &&
  FLOOR_ENTITIES.every((entity) => Array.isArray((body as FloorChanges)[entity]));

/**
 * A heartbeat the pull carries (the device's id, app version and writes waiting), and what to do
 * with the server's answer to it (DEVICE_ANSWER_HEADER's value, as sent).
 */
export interface PullHeartbeat {
  deviceId: string;
  appVersion: string | null;
  pending: number;
  told: (answer: string) => void;
}

const heartbeatQuery = ({ deviceId, appVersion, pending }: PullHeartbeat): string =>
  `&device_id=${encodeURIComponent(deviceId)}&pending_writes=${pending}` +
  (appVersion === null ? '' : `&app_version=${encodeURIComponent(appVersion)}`);

export async function pullChanges(
  db: FloorDb,
  transport: Transport,
  venue: number,
  now: number,
  heartbeat?: PullHeartbeat,
  /** A pull made because the snapshot just stored was behind: it does not make another. */
  following = false,
): Promise<PullResult> {
  const state = await db.sync.get(venue);
  const noteError = (message: string) => db.sync.update(venue, { lastError: message });
  let status: number;
  let body: unknown;
  let streamed = false;
  const start = performance.now();
  const at = new Date(now).toISOString();
  // This device's rows not on the server yet, by entity, read once per pull: a snapshot of
  // 65 lines otherwise asked IndexedDB for them 65 times.
  const localKeys = new Map<FloorEntity, Set<LocalId>>();
  const stream = streamedPull(db, venue, at, {
    clear: async () => {
      const [, ...keys] = await Promise.all([
        clearSnapshot(db, venue),
        ...FLOOR_ENTITIES.map((entity) => localIds(db, entity)),
      ]);
      FLOOR_ENTITIES.forEach((entity, i) => localKeys.set(entity, keys[i]!));
    },
    dropLocalCopies: async (entity, keys) => {
      let local = localKeys.get(entity);
      if (!local) {
        local = await localIds(db, entity);
        localKeys.set(entity, local);
      }
      if (!local.size) return [];
      const replaced = await dropLocalCopies(db, entity, keys(), local);
      for (const key of replaced) local.delete(key);
      return replaced;
    },
    applyTombstones: (tx, deleted) => applyTombstones(db, tx, venue, deleted),
  });
  try {
    const cursor = state?.cursor ?? 0;
    let device: string | undefined;
    let behind: true | undefined;
    ({
      status,
      body,
      streamed = false,
      device,
      behind,
    } = await transport({
      method: 'GET',
      path: `venue/${venue}/floor/changes/?cursor=${cursor}${heartbeat ? heartbeatQuery(heartbeat) : ''}`,
      onLine: stream.onLine,
      answer: takeEarlyPull(venue, cursor, useAppStore.getState().token) ?? undefined,
    }));
    if (device !== undefined && status === 200) heartbeat?.told(device);
    if (streamed) {
      const finished = await stream.finish();
      measureSince(PERF.pullFetch, start);
      if (finished === 'incomplete') {
        await noteError('incomplete answer');
        return 'failed';
      }
      // The server's kept snapshot lacks what changed after it: those rows come from its cursor now.
      if (finished === 'stored')
        return behind && !following ? pullChanges(db, transport, venue, now, undefined, true) : 'ok';
      body = finished;
    }
  } catch (error) {
    await noteError(describe(error));
    return 'failed';
  }
  if (status === 426) return 'outdated';
  if (status === 401) return 'unauthorized';
  if (status < 200 || status >= 300 || !isChanges(body)) {
    await noteError(`HTTP ${status}`);
    return 'failed';
  }
  if (!streamed) measureSince(PERF.pullFetch, start);
  const stored = performance.now();
  await applyChanges(db, venue, body, at);
  measureSince(PERF.pullStore, stored);
  return 'ok';
}

/** Everything of the venue's snapshot goes (a new one comes), except this device's unsent or refused writes. */
async function clearSnapshot(db: FloorDb, venue: number): Promise<void> {
  // Side by side, not one after the other: a dozen tables, each a few round trips to IndexedDB.
  await Promise.all([
    venuePages(db, venue).delete(),
    clearSnapshotChunks(db, venue),
    ...FLOOR_ENTITIES.map((entity) => clearVenue(db, entity, venue)),
  ]);
}

/** Every row of the venue goes, except this device's unsent or refused writes. */
async function clearVenue(db: FloorDb, entity: FloorEntity, venue: number): Promise<void> {
  const table = floorTable(db, entity);
  const kept = await table
    .where(':id')
    .aboveOrEqual('')
    .filter((row) => row.venue === venue && (row.pending === 1 || row.rejected === 1))
    .toArray();
  await table.where('venue').equals(venue).delete();
  if (kept.length) await table.bulkPut(kept);
}

/** The ids of this device's rows not on the server yet (client keys: strings, which sort after numbers). */
async function localIds(db: FloorDb, entity: FloorEntity): Promise<Set<LocalId>> {
  return new Set(await floorTable(db, entity).where(':id').aboveOrEqual('').primaryKeys());
}

/**
 * The local copies of the incoming rows (their `keys`): the server's row replaces them. Returns
 * the keys that had one. `local`: localIds, when read already.
 */
async function dropLocalCopies(
  db: FloorDb,
  entity: FloorEntity,
  keys: (string | null | undefined)[],
  local?: Set<LocalId>,
): Promise<string[]> {
  const known = local ?? (await localIds(db, entity));
  if (!known.size) return [];
  const replaced = keys.flatMap((key) => (key && known.has(key) ? [key] : []));
  if (replaced.length) await floorTable(db, entity).bulkDelete(replaced);
  return replaced;
}

/**
 * Stores a venue's snapshot transactions as pages 0, 1, … (the venue has no pages yet); inside
 * a read-write transaction over transactionPages it is part of that one.
 */
export async function storeTransactionPages(db: FloorDb, venue: number, rows: FloorTransaction[]): Promise<void> {
  const sorted = [...rows].sort(newestTransactionFirst);
  const pages: TransactionPage[] = [];
  for (let start = 0; start < sorted.length; start += TRANSACTION_PAGE_SIZE) {
    pages.push(
      transactionPageOf(venue, start / TRANSACTION_PAGE_SIZE, sorted.slice(start, start + TRANSACTION_PAGE_SIZE)),
    );
  }
  await db.transaction('rw', db.transactionPages, db.snapshotStamps, (tx) => putTransactionPages(db, tx, pages));
}

/** Stores a venue's snapshot rows of `entity` (not the entries) as chunks 0, 1, …, in `tx`. */
function storeSnapshotChunks(
  db: FloorDb,
  tx: Transaction,
  venue: number,
  entity: ChunkedEntity,
  rows: unknown[],
): void {
  const chunks: SnapshotChunk[] = [];
  for (let start = 0; start < rows.length; start += FLOOR_STREAM_CHUNK) {
    chunks.push(snapshotChunk(venue, entity, chunks.length, rows.slice(start, start + FLOOR_STREAM_CHUNK)));
  }
  putSnapshotChunks(db, tx, chunks);
}

const venuePages = (db: FloorDb, venue: number) =>
  db.transactionPages.where('[venue+page]').between([venue, Dexie.minKey], [venue, Dexie.maxKey]);

/**
 * Rewrites the pages that hold any of `ids` without them, in `tx`: every page of the venue is
 * read (rare: an entry is corrected by a reversal, not deleted).
 */
async function removeFromPages(db: FloorDb, tx: Transaction, venue: number, ids: number[]): Promise<void> {
  const gone = new Set<LocalId>(ids);
  const rewritten: TransactionPage[] = [];
  for (const page of await venuePages(db, venue).toArray()) {
    const rows = pageRows(page);
    const kept = rows.filter((row) => !gone.has(row.id)).map(({ venue: _venue, ...row }) => row as FloorTransaction);
    if (kept.length < rows.length) rewritten.push(transactionPageOf(venue, page.page, kept));
  }
  putTransactionPages(db, tx, rewritten);
}

/** Rows deleted on the server go from the per-row tables and from the snapshot's pages and chunks. */
async function applyTombstones(
  db: FloorDb,
  tx: Transaction,
  venue: number,
  deleted: FloorChanges['deleted'],
): Promise<void> {
  for (const entity of FLOOR_ENTITIES) {
    const ids = deleted.filter((gone) => gone.entity === entity).map((gone) => gone.id);
    if (!ids.length) continue;
    const gone = new Set<LocalId>(ids);
    await floorTable(db, entity).bulkDelete(ids);
    if (entity === 'transactions') await removeFromPages(db, tx, venue, ids);
    else await removeFromChunks(db, tx, venue, entity, (row) => gone.has(row.id));
    // A rider who left the venue takes their grooms along (the server sends no groom tombstones then).
    if (entity === 'riders') {
      await db.grooms.where('participation').anyOf(ids).delete();
      await removeFromChunks(db, tx, venue, 'grooms', (groom) => gone.has(groom.participation));
    }
  }
}

export async function applyChanges(db: FloorDb, venue: number, changes: FloorChanges, at: string): Promise<void> {
  const tables = [
    ...FLOOR_ENTITIES.map((entity) => floorTable(db, entity)),
    db.transactionPages,
    db.snapshotChunks,
    db.snapshotStamps,
    db.sync,
  ];
  await db.transaction('rw', tables, async (tx) => {
    const stored = await db.sync.get(venue);
    // An answer older than what is stored (another tab pulled meanwhile) changes nothing.
    if (stored && !changes.reset && changes.cursor < stored.cursor) return;
    const newIds = new Map<LocalId, LocalId>();
    if (changes.reset) await clearSnapshot(db, venue);
    for (const entity of FLOOR_ENTITIES) {
      const rows: { id: number; key?: string | null }[] = changes[entity];
      if (!rows.length) continue;
      const replaced = new Set(
        await dropLocalCopies(
          db,
          entity,
          rows.map((row) => row.key),
        ),
      );
      if (entity === 'attendees') {
        for (const row of rows) if (row.key && replaced.has(row.key)) newIds.set(row.key, row.id);
      }
      // A snapshot is kept in pages (the entries) and chunks (the rest), later changes row by row.
      if (changes.reset && entity === 'transactions') await storeTransactionPages(db, venue, changes.transactions);
      else if (changes.reset) storeSnapshotChunks(db, tx, venue, entity as ChunkedEntity, rows);
      else await floorTable(db, entity).bulkPut(rows.map((row) => ({ ...row, venue })));
    }
    // This device's check-ins of an attendee it created offline now name the attendee's id.
    for (const [key, id] of newIds) await db.checkins.where('attendee').equals(key).modify({ attendee: id });
    await applyTombstones(db, tx, venue, changes.deleted);
    const { name, currency, currency_display, time_zone } = changes.venue;
    await db.sync.put({
      venue,
      cursor: changes.cursor,
      venueName: name,
      currency,
      currencyDisplay: currency_display,
      timeZone: time_zone,
      lastSyncAt: at,
      lastError: null,
    });
  });
}

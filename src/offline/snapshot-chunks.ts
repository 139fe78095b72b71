import Dexie, { type Transaction } from 'dexie';
import { newStamp, type ChunkedEntity, type FloorDb, type FloorRows, type LocalId, type SnapshotChunk } from './db';
import { putStraight } from './put-straight';
import { snapshotStamp, stampSnapshots } from './snapshot-stamp';

/*
 * A snapshot's rows other than the entries, kept in chunks (db.ts SnapshotChunk), and the
 * venue's rows as the screens read them: the chunks' rows with the per-row table's (later
 * changes, this device's writes) in place of those with the same id. The chunks are parsed once
 * per write of a chunk (their stamps say which, in any tab) and kept in memory.
 */

/** A chunk of `rows`; `json`: their JSON text when it is at hand already. */
export function snapshotChunk<E extends ChunkedEntity>(
  venue: number,
  entity: E,
  chunk: number,
  rows: readonly unknown[],
  json = JSON.stringify(rows),
): SnapshotChunk {
  return { venue, entity, chunk, rows: json, stamp: newStamp() };
}

/** Puts `chunks` in `tx` (read-write over snapshotChunks and snapshotStamps): see putStraight. */
export function putSnapshotChunks(db: FloorDb, tx: Transaction, chunks: readonly SnapshotChunk[]): void {
  putStraight(tx, db.snapshotChunks, chunks);
  stampSnapshots(
    db,
    tx,
    chunks.map((chunk) => chunk.venue),
  );
}

/** The per-row table of `entity`, typed by its rows. */
const rowTable = <E extends ChunkedEntity>(db: FloorDb, entity: E) => db.table<FloorRows[E], LocalId>(entity);

const ofEntity = (db: FloorDb, venue: number, entity: ChunkedEntity) =>
  db.snapshotChunks.where('[venue+entity+chunk]').between([venue, entity, Dexie.minKey], [venue, entity, Dexie.maxKey]);

/** Every chunk of the venue goes (a new snapshot). */
export async function clearSnapshotChunks(db: FloorDb, venue: number): Promise<void> {
  await db.snapshotChunks.where('[venue+entity+chunk]').between([venue, Dexie.minKey], [venue, Dexie.maxKey]).delete();
  // No stamp: readers check the chunks' own stamps until the next write makes one.
  await db.snapshotStamps.delete(venue);
}

/** Rewrites the venue's chunks of `entity` that hold rows `gone` says so of, without them. */
export async function removeFromChunks<E extends ChunkedEntity>(
  db: FloorDb,
  tx: Transaction,
  venue: number,
  entity: E,
  gone: (row: FloorRows[E]) => boolean,
): Promise<void> {
  const rewritten: SnapshotChunk[] = [];
  for (const chunk of await ofEntity(db, venue, entity).toArray()) {
    const rows = JSON.parse(chunk.rows) as FloorRows[E][];
    const kept = rows.filter((row) => !gone(row));
    if (kept.length < rows.length) rewritten.push(snapshotChunk(venue, entity, chunk.chunk, kept));
  }
  putSnapshotChunks(db, tx, rewritten);
}

interface Parsed {
  /** The stamp of each chunk parsed, by chunk number. */
  stamps: Map<number, number>;
  /** The venue's snapshot stamp when the chunks were read (snapshot-stamp.ts), if it had one. */
  snapshot?: number;
  rows: unknown[];
}

const parsed = new Map<string, Parsed>();

function rowsOf(chunk: SnapshotChunk): unknown[] {
  const rows = JSON.parse(chunk.rows) as { venue: number }[];
  for (const row of rows) row.venue = chunk.venue;
  return rows;
}

/** The venue's rows of `entity` in its snapshot's chunks, parsed once per chunk write. */
async function chunkRows<E extends ChunkedEntity>(db: FloorDb, venue: number, entity: E): Promise<FloorRows[E][]> {
  const name = `${db.name}|${venue}|${entity}`;
  // The venue's stamp unchanged since the chunks were read: one record says they still are.
  const snapshot = await snapshotStamp(db, venue);
  const known = parsed.get(name);
  if (known && snapshot !== undefined && known.snapshot === snapshot) return known.rows as FloorRows[E][];
  const keys = (await db.snapshotChunks
    .where('[venue+entity+chunk+stamp]')
    // [venue, entity] sorts before each of their keys, [venue, entity, maxKey] after.
    .between([venue, entity], [venue, entity, Dexie.maxKey])
    .keys()) as unknown as [number, string, number, number][];
  const stamps = new Map(keys.map(([, , chunk, stamp]) => [chunk, stamp]));
  if (known && [...known.stamps].every(([chunk, stamp]) => stamps.get(chunk) === stamp)) {
    const added = [...stamps.keys()].filter((chunk) => !known.stamps.has(chunk));
    if (!added.length) {
      known.snapshot = snapshot;
      return known.rows as FloorRows[E][];
    }
    const chunks = await db.snapshotChunks.bulkGet(
      added.map((chunk): [number, string, number] => [venue, entity, chunk]),
    );
    // A chunk written again since its key was read is read whole next time.
    if (chunks.every((chunk) => chunk !== undefined && chunk.stamp === stamps.get(chunk.chunk))) {
      const grown: Parsed = { stamps: new Map(known.stamps), snapshot, rows: [...known.rows] };
      for (const chunk of chunks) {
        grown.rows.push(...rowsOf(chunk!));
        grown.stamps.set(chunk!.chunk, chunk!.stamp);
      }
      parsed.set(name, grown);
      return grown.rows as FloorRows[E][];
    }
  }
  const fresh: Parsed = { stamps: new Map(), snapshot, rows: [] };
  for (const chunk of await ofEntity(db, venue, entity).toArray()) {
    fresh.rows.push(...rowsOf(chunk));
    fresh.stamps.set(chunk.chunk, chunk.stamp);
  }
  parsed.set(name, fresh);
  return fresh.rows as FloorRows[E][];
}

/**
 * The venue's rows of `entity`: its snapshot's and the per-row table's, the latter in place of
 * those with the same id. Call inside a read transaction over snapshotChunks, snapshotStamps and that table (or
 * none: each read is then its own). The rows are shared: never change one.
 */
export async function venueRows<E extends ChunkedEntity>(
  db: FloorDb,
  venue: number,
  entity: E,
): Promise<FloorRows[E][]> {
  const [chunked, rows] = await Promise.all([
    chunkRows(db, venue, entity),
    rowTable(db, entity).where('venue').equals(venue).toArray(),
  ]);
  if (!rows.length) return chunked.slice();
  const own = new Set<LocalId>(rows.map((row) => row.id));
  return [...chunked.filter((row) => !own.has(row.id)), ...rows];
}

/** One row of the venue by id, wherever it is kept; undefined when there is none. */
export async function venueRow<E extends ChunkedEntity>(
  db: FloorDb,
  venue: number,
  entity: E,
  id: LocalId,
): Promise<FloorRows[E] | undefined> {
  const row = await rowTable(db, entity).get(id);
  if (row) return row.venue === venue ? row : undefined;
  return (await chunkRows(db, venue, entity)).find((candidate) => candidate.id === id);
}

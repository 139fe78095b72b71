import type { Transaction } from 'dexie';
import { FLOOR_ENTITIES, type FloorEntity } from '@shared/floor-constants';
import type { FloorStreamChunk, FloorStreamHeader, FloorStreamLine } from '@shared/floor-stream';
import type { FloorChanges } from '@shared/schemas/floor';
import { measureSince, PERF } from '@shared/perf-marks';
import type { ChunkedEntity, FloorDb, LocalId, SnapshotChunk, TransactionPage } from './db';
import { floorTable } from './outbox';
import { putSnapshotChunks, snapshotChunk } from './snapshot-chunks';
import { putTransactionPages, transactionPage } from './transaction-pages';

/**
 * A streamed pull, stored as it arrives (src/shared/floor-stream.ts). A snapshot is written in
 * chunks of a few thousand rows, each chunk in one IndexedDB transaction, while the next lines
 * are still on their way: the venue is cleared with the first (this device's unsent and refused
 * writes kept), each chunk of entries becomes one page, and the cursor is stored with the last,
 * only once the end line has arrived — an answer cut short keeps the old cursor, so the next pull
 * is a snapshot again. An answer of changes since a cursor is small: it is gathered and applied
 * at once (`apply`), as a plain JSON answer is.
 */

/** Rows per IndexedDB transaction while a snapshot is stored. */
const ROWS_PER_WRITE = 5000;

export interface StreamedPull {
  /** Hand every line's value here as it arrives. */
  onLine(value: unknown): void;
  /**
   * After the last line: waits for the chunks still being stored; answers the changes to apply
   * at once (not a snapshot), 'stored' (a snapshot, stored) or 'incomplete'.
   */
  finish(): Promise<FloorChanges | 'stored' | 'incomplete'>;
}

const isHeader = (line: FloorStreamLine): line is FloorStreamHeader => 'protocol' in line;
const isChunk = (line: FloorStreamLine): line is FloorStreamChunk => 'entity' in line;

/** What a streamed pull does to the venue's rows (pull.ts). */
export interface PullSteps {
  /** Everything of the venue's snapshot goes but this device's unsent and refused writes. */
  clear(): Promise<void>;
  /** This device's copies of rows the server now has go; answers their keys. */
  dropLocalCopies(entity: FloorEntity, rows: { key?: string | null }[]): Promise<string[]>;
  applyTombstones(tx: Transaction, deleted: FloorChanges['deleted']): Promise<void>;
}

export function streamedPull(db: FloorDb, venue: number, at: string, steps: PullSteps): StreamedPull {
  let header: FloorStreamHeader | null = null;
  let end: number | null = null;
  const gathered: FloorStreamLine[] = [];
  let queue: FloorStreamChunk[] = [];
  let queuedRows = 0;
  let cleared = false;
  let flushedOnce = false;
  let page = 0;
  const chunkNumbers = new Map<ChunkedEntity, number>();
  const newIds = new Map<LocalId, LocalId>();
  let writing: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  const tables = () => [
    ...FLOOR_ENTITIES.map((entity) => floorTable(db, entity)),
    db.transactionPages,
    db.snapshotChunks,
    db.snapshotStamps,
    db.sync,
  ];

  /** Stores the chunks queued so far in one transaction (the first clears the venue). */
  const write = (lines: FloorStreamChunk[]) => async () => {
    const start = performance.now();
    await db.transaction('rw', tables(), async (tx) => {
      if (!cleared) {
        await steps.clear();
        cleared = true;
      }
      const pages: TransactionPage[] = [];
      const chunks: SnapshotChunk[] = [];
      for (const line of lines) {
        const rows: { id: number; key?: string | null }[] = line.rows;
        const replaced = new Set(await steps.dropLocalCopies(line.entity, rows));
        if (line.entity === 'attendees') {
          for (const row of rows) if (row.key && replaced.has(row.key)) newIds.set(row.key, row.id);
        }
        // A line is a page of entries, or a chunk of another list: one record either way.
        if (line.entity === 'transactions') {
          pages.push(transactionPage(venue, page++, line.rows));
        } else {
          const number = chunkNumbers.get(line.entity) ?? 0;
          chunkNumbers.set(line.entity, number + 1);
          chunks.push(snapshotChunk(venue, line.entity, number, rows));
        }
      }
      putTransactionPages(db, tx, pages);
      putSnapshotChunks(db, tx, chunks);
    });
    measureSince(PERF.pullChunk, start);
  };

  const enqueue = (task: () => Promise<void>) => {
    writing = writing.then(task).catch((error: unknown) => {
      failure ??= error;
    });
  };

  const flush = () => {
    if (!queue.length) return;
    enqueue(write(queue));
    flushedOnce = true;
    queue = [];
    queuedRows = 0;
  };

  return {
    onLine(value) {
      const line = value as FloorStreamLine;
      if (header === null) {
        if (typeof value !== 'object' || value === null || !isHeader(line)) throw new Error('pull: no header line');
        header = line;
        return;
      }
      if (!header.reset) {
        gathered.push(line);
        return;
      }
      if (isChunk(line)) {
        queue.push(line);
        queuedRows += line.rows.length;
        // The first chunk goes at once: the screens show rows while the rest arrives.
        if (queuedRows >= ROWS_PER_WRITE || !flushedOnce) flush();
      } else if ('deleted' in line) {
        gathered.push(line);
      } else if ('end' in line) {
        end = line.cursor;
      }
    },

    async finish() {
      if (header === null) return 'incomplete';
      if (!header.reset) {
        const changes: FloorChanges = {
          ...header,
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
        };
        let complete = false;
        for (const line of gathered) {
          if (isChunk(line)) (changes[line.entity] as unknown[]).push(...line.rows);
          else if ('deleted' in line) changes.deleted.push(...line.deleted);
          else if ('end' in line) complete = true;
        }
        return complete ? changes : 'incomplete';
      }
      flush();
      await writing;
      if (failure) throw failure;
      if (end === null) return 'incomplete';
      const { venue: info, cursor } = header;
      const deleted = gathered.flatMap((line) => ('deleted' in line ? line.deleted : []));
      await db.transaction('rw', tables(), async (tx) => {
        // An empty venue: nothing came but the header and the end.
        if (!cleared) await steps.clear();
        // This device's check-ins of an attendee it created offline now name the attendee's id.
        for (const [key, id] of newIds) await db.checkins.where('attendee').equals(key).modify({ attendee: id });
        await steps.applyTombstones(tx, deleted);
        await db.sync.put({
          venue,
          cursor,
          venueName: info.name,
          currency: info.currency,
          currencyDisplay: info.currency_display,
          timeZone: info.time_zone,
          lastSyncAt: at,
          lastError: null,
        });
      });
      return 'stored';
    },
  };
}

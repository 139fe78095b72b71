import Dexie from 'dexie';
import { FLOOR_ENTITIES, type FloorEntity } from '@shared/floor-constants';
import type { FloorStreamChunk, FloorStreamHeader, FloorStreamLine } from '@shared/floor-stream';
import type { FloorChanges } from '@shared/schemas/floor';
import { measureSince, PERF } from '@shared/perf-marks';
import type { FloorDb, LocalId, TransactionPage } from './db';
import { floorTable } from './outbox';
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

export function streamedPull(
  db: FloorDb,
  venue: number,
  at: string,
  clear: (entity: FloorEntity) => Promise<void>,
  dropLocalCopies: (entity: FloorEntity, rows: { key?: string | null }[]) => Promise<string[]>,
): StreamedPull {
  let header: FloorStreamHeader | null = null;
  let end: number | null = null;
  const gathered: FloorStreamLine[] = [];
  let queue: FloorStreamChunk[] = [];
  let queuedRows = 0;
  let cleared = false;
  let flushedOnce = false;
  let page = 0;
  const newIds = new Map<LocalId, LocalId>();
  let writing: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  const tables = () => [...FLOOR_ENTITIES.map((entity) => floorTable(db, entity)), db.transactionPages, db.sync];

  /** Stores the chunks queued so far in one transaction (the first clears the venue). */
  const write = (chunks: FloorStreamChunk[]) => async () => {
    const start = performance.now();
    await db.transaction('rw', tables(), async (tx) => {
      if (!cleared) {
        await db.transactionPages.where('[venue+page]').between([venue, Dexie.minKey], [venue, Dexie.maxKey]).delete();
        for (const entity of FLOOR_ENTITIES) await clear(entity);
        cleared = true;
      }
      const pages: TransactionPage[] = [];
      for (const chunk of chunks) {
        const rows: { id: number; key?: string | null }[] = chunk.rows;
        const replaced = new Set(await dropLocalCopies(chunk.entity, rows));
        if (chunk.entity === 'attendees') {
          for (const row of rows) if (row.key && replaced.has(row.key)) newIds.set(row.key, row.id);
        }
        if (chunk.entity === 'transactions') pages.push(transactionPage(venue, page++, chunk.rows));
        else await floorTable(db, chunk.entity).bulkPut(rows.map((row) => ({ ...row, venue })));
      }
      putTransactionPages(db, tx, pages);
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
      await db.transaction('rw', tables(), async () => {
        if (!cleared) {
          // An empty venue: nothing came but the header and the end.
          await db.transactionPages
            .where('[venue+page]')
            .between([venue, Dexie.minKey], [venue, Dexie.maxKey])
            .delete();
          for (const entity of FLOOR_ENTITIES) await clear(entity);
        }
        // This device's check-ins of an attendee it created offline now name the attendee's id.
        for (const [key, id] of newIds) await db.checkins.where('attendee').equals(key).modify({ attendee: id });
        for (const entity of FLOOR_ENTITIES) {
          const ids = deleted.filter((gone) => gone.entity === entity).map((gone) => gone.id);
          if (ids.length) await floorTable(db, entity).bulkDelete(ids);
        }
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

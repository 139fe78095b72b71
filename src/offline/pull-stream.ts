import type { Transaction } from 'dexie';
import { FLOOR_ENTITIES, type FloorEntity } from '@shared/floor-constants';
import {
  entryLineParts,
  entryRows,
  type EntryColumns,
  type FloorStreamChunk,
  type FloorStreamHeader,
  type FloorStreamLine,
} from '@shared/floor-stream';
import type { FloorChanges } from '@shared/schemas/floor';
import { measureSince, PERF } from '@shared/perf-marks';
import type { ChunkedEntity, FloorDb, LocalId, SnapshotChunk, TransactionPage } from './db';
import { floorTable } from './outbox';
import { putSnapshotChunks, snapshotChunk } from './snapshot-chunks';
import { putTransactionPages, transactionPage, transactionPageOf } from './transaction-pages';

/**
 * A streamed pull, stored as it arrives (src/shared/floor-stream.ts). A snapshot is written
 * while the next lines are still on their way, one IndexedDB transaction at a time, each
 * storing every line that arrived since the last began (the fewer transactions, the sooner
 * the lines are stored): the venue is cleared with the first (this device's unsent and refused
 * writes kept), each line of entries becomes one page (a line in columns is stored as the text
 * it came as, unparsed), and the cursor is stored with the last, only once the end line has
 * arrived — an answer cut short keeps the old cursor, so the next pull is a snapshot again. An
 * answer of changes since a cursor is small: it is gathered and applied at once (`apply`), as
 * a plain JSON answer is.
 */

export interface StreamedPull {
  /** Hand every line's text here as it arrives. */
  onLine(line: string): void;
  /**
   * After the last line: waits for the lines still being stored; answers the changes to apply
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
  /**
   * This device's copies of rows the server now has go; answers their keys. `keys`: the
   * incoming rows' keys, asked for only when this device has rows of its own of `entity`.
   */
  dropLocalCopies(entity: FloorEntity, keys: () => (string | null | undefined)[]): Promise<string[]>;
  applyTombstones(tx: Transaction, deleted: FloorChanges['deleted']): Promise<void>;
}

/** A line of a snapshot to store: a list's rows, or a page of entries in columns as it came. */
type Stored = { entity: FloorEntity; rows: { id: number; key?: string | null }[] } | { size: number; columns: string };

export function streamedPull(db: FloorDb, venue: number, at: string, steps: PullSteps): StreamedPull {
  let header: FloorStreamHeader | null = null;
  let end: number | null = null;
  const gathered: FloorStreamLine[] = [];
  let queue: Stored[] = [];
  let cleared = false;
  let finishing = false;
  let page = 0;
  const chunkNumbers = new Map<ChunkedEntity, number>();
  const newIds = new Map<LocalId, LocalId>();
  let writing: Promise<void> | null = null;
  let failure: unknown = null;
  const tables = () => [
    ...FLOOR_ENTITIES.map((entity) => floorTable(db, entity)),
    db.transactionPages,
    db.snapshotChunks,
    db.snapshotStamps,
    db.sync,
  ];

  /** Stores `lines` in `tx` (the first clears the venue). */
  const store = async (tx: Transaction, lines: Stored[]) => {
    if (!cleared) {
      await steps.clear();
      cleared = true;
    }
    const pages: TransactionPage[] = [];
    const chunks: SnapshotChunk[] = [];
    for (const line of lines) {
      if ('columns' in line) {
        const keys = () => (JSON.parse(line.columns) as EntryColumns).key;
        await steps.dropLocalCopies('transactions', keys);
        pages.push(transactionPage(venue, page++, line.size, line.columns));
        continue;
      }
      const { entity, rows } = line;
      const replaced = new Set(await steps.dropLocalCopies(entity, () => rows.map((row) => row.key)));
      if (entity === 'attendees') {
        for (const row of rows) if (row.key && replaced.has(row.key)) newIds.set(row.key, row.id);
      }
      // A line is a page of entries, or a chunk of another list: one record either way.
      if (entity === 'transactions') {
        pages.push(transactionPageOf(venue, page++, line.rows as FloorChanges['transactions']));
      } else {
        const number = chunkNumbers.get(entity) ?? 0;
        chunkNumbers.set(entity, number + 1);
        chunks.push(snapshotChunk(venue, entity, number, rows));
      }
    }
    putTransactionPages(db, tx, pages);
    putSnapshotChunks(db, tx, chunks);
  };

  /**
   * One IndexedDB transaction at a time stores every line that has arrived: the first line at
   * once (the screens show rows while the rest arrives), then whatever came meanwhile. The
   * lines still queued at the end go with the cursor (finish).
   */
  const pump = () => {
    if (writing || finishing || failure || !queue.length) return;
    const lines = queue;
    queue = [];
    const start = performance.now();
    writing = db
      .transaction('rw', tables(), (tx) => store(tx, lines))
      .then(
        () => measureSince(PERF.pullChunk, start),
        (error: unknown) => {
          failure ??= error;
        },
      )
      .finally(() => {
        writing = null;
        pump();
      });
  };

  return {
    onLine(text) {
      if (header === null) {
        const value = JSON.parse(text) as unknown;
        if (typeof value !== 'object' || value === null || !isHeader(value as FloorStreamLine)) {
          throw new Error('pull: no header line');
        }
        header = value as FloorStreamHeader;
        return;
      }
      const entries = entryLineParts(text);
      if (!header.reset) {
        gathered.push(
          entries
            ? { entity: 'transactions', rows: entryRows(JSON.parse(entries.columns) as EntryColumns) }
            : (JSON.parse(text) as FloorStreamLine),
        );
        return;
      }
      if (entries) {
        queue.push(entries);
        pump();
        return;
      }
      const line = JSON.parse(text) as FloorStreamLine;
      if (isChunk(line)) {
        queue.push('columns' in line ? { size: line.size, columns: JSON.stringify(line.columns) } : line);
        pump();
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
          if (isChunk(line)) {
            const rows = 'columns' in line ? entryRows(line.columns) : line.rows;
            (changes[line.entity] as unknown[]).push(...rows);
          } else if ('deleted' in line) changes.deleted.push(...line.deleted);
          else if ('end' in line) complete = true;
        }
        return complete ? changes : 'incomplete';
      }
      finishing = true;
      while (writing) await writing;
      if (failure) throw failure;
      if (end === null) return 'incomplete';
      const { venue: info, cursor } = header;
      const deleted = gathered.flatMap((line) => ('deleted' in line ? line.deleted : []));
      const start = performance.now();
      // The lines still queued go with the cursor (for an empty venue, only the clearing does).
      await db.transaction('rw', tables(), async (tx) => {
        await store(tx, queue);
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
      measureSince(PERF.pullChunk, start);
      return 'stored';
    },
  };
}

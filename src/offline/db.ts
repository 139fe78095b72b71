import Dexie, { cmp, type EntityTable, type Table } from 'dexie';
import { entryColumns } from '@shared/floor-stream';
import type {
  Attendee,
  Checkin,
  FloorConsumable,
  FloorEntity,
  FloorGroom,
  FloorHorse,
  FloorRider,
  FloorTransaction,
  Inspection,
  QrCode,
  Signin,
} from '@shared/schemas/floor';

/*
 * The offline store: the only place that touches IndexedDB. One database per origin;
 * every floor row carries its venue. A row written on this device before the server has it has
 * `id` = its client key (a UUID string) and `pending: 1`; the pull replaces it by the server's
 * row with the same `key`. Numbers are server ids.
 */

export type LocalId = number | string;
/** A floor row as kept here: the server's row, its venue, and whether it is this device's unsent write. */
export type Local<T extends { id: number }> = Omit<T, 'id'> & {
  id: LocalId;
  venue: number;
  /** 1 while the write is queued or being sent (indexable, unlike a boolean). */
  pending?: 1;
  /** Set when the server refused the write (see `attention`). */
  rejected?: 1;
};

export type LocalRider = Local<FloorRider>;
export type LocalGroom = Local<FloorGroom>;
export type LocalHorse = Local<FloorHorse>;
export type LocalConsumable = Local<FloorConsumable>;
export type LocalTransaction = Local<FloorTransaction>;
export type LocalAttendee = Local<Attendee>;
export type LocalCheckin = Local<Omit<Checkin, 'attendee'> & { attendee: LocalId }>;
export type LocalSignin = Local<Signin>;
export type LocalInspection = Local<Inspection>;

/**
 * A snapshot's transactions of one venue are stored in pages of 1,000 rows: rows newest first
 * across pages 0, 1, 2, …; the per-row table holds later changes and this device's writes, and
 * wins for the same id. A page keeps its rows in columns as one JSON text, as the streamed pull
 * brings them: IndexedDB copies a string of 170 KB far quicker than a thousand objects of twenty
 * fields (transaction-pages.ts reads and writes them).
 */
export interface TransactionPage {
  venue: number;
  page: number;
  /**
   * The rows as JSON: EntryColumns (src/shared/floor-stream.ts). Not indexed by their ids: 50,000
   * index entries cost IndexedDB several times the pages themselves; what asks for ids (a count,
   * a tombstone) reads the pages, a count through the snapshot's sums kept in memory.
   */
  columns: string;
  /** How many rows the page holds. */
  size: number;
  /**
   * Made anew whenever the page is written, and indexed with venue and page: the keys of that
   * index tell a reader (in any tab) which pages are new or changed without reading a page.
   */
  stamp: number;
}
export const TRANSACTION_PAGE_SIZE = 1000;

/** The floor entities whose snapshot rows are kept in chunks (the entries are kept in pages). */
export type ChunkedEntity = Exclude<FloorEntity, 'transactions'>;

/**
 * A snapshot's rows of one entity other than the entries, one chunk as it came (1,000 rows of
 * a streamed line) in one record: IndexedDB costs about as much per record as per byte, and a
 * big show has 5,000 riders and 5,000 horses (snapshot-chunks.ts reads and writes them). As with
 * the entries, the per-row tables hold later changes and this device's writes, and win for the
 * same id.
 */
export interface SnapshotChunk {
  venue: number;
  entity: ChunkedEntity;
  chunk: number;
  /** The rows as JSON (an array of the entity's wire rows, without `venue`). */
  rows: string;
  /** As a TransactionPage's: made anew with every write of the chunk, indexed. */
  stamp: number;
}

/**
 * Per venue, a stamp made anew in every transaction that writes or clears any of the venue's
 * pages or chunks: a reader that finds the stamp it last parsed the snapshot at knows, from one
 * record, that its parsed copy is current (instead of a key cursor over every page's stamp, one
 * IndexedDB round trip per page, on every scan).
 */
export interface SnapshotStamp {
  venue: number;
  stamp: number;
}

/** A page's stamp: unique enough across tabs and writes (a random integer below 2^53). */
export const newStamp = (): number => Math.floor(Math.random() * Number.MAX_SAFE_INTEGER);

/** The order of a venue's transactions: newest first by occurred_at, then by id descending. */
export const newestTransactionFirst = (
  a: Pick<LocalTransaction, 'occurred_at' | 'id'>,
  b: Pick<LocalTransaction, 'occurred_at' | 'id'>,
): number => (a.occurred_at === b.occurred_at ? cmp(b.id, a.id) : a.occurred_at < b.occurred_at ? 1 : -1);

/** The Local row type of each floor table. */
export interface FloorRows {
  riders: LocalRider;
  grooms: LocalGroom;
  horses: LocalHorse;
  consumables: LocalConsumable;
  transactions: LocalTransaction;
  attendees: LocalAttendee;
  checkins: LocalCheckin;
  signins: LocalSignin;
  inspections: LocalInspection;
}

/** A queued write: replayed in `seq` order against the ordinary REST endpoint. */
export interface OutboxItem {
  seq?: number;
  /** The client-made UUID: Idempotency-Key of the request and id of the local row. */
  key: string;
  /**
   * The signed-in user who made it: it is sent as theirs (keys are per user), by their session
   * or their device credential kept on this device (sync.ts).
   */
  user: number;
  /** Their name as the device knew it, to say whose the write is (older items lack it). */
  userName?: string;
  venue: number;
  entity: FloorEntity;
  method: 'POST' | 'PATCH';
  /** Path under /api/v1/, e.g. `transaction/`. */
  path: string;
  body: unknown;
  createdAt: string;
  attempts: number;
  /** Epoch ms before which it is not retried (backoff). */
  notBefore: number;
  lastError?: string;
}

/** A write the server refused (4xx): kept for staff to read and dismiss; it left the queue. */
export interface AttentionItem {
  key: string;
  user: number;
  userName?: string;
  venue: number;
  entity: FloorEntity;
  path: string;
  body: unknown;
  status: number;
  /** The server's wire error ({error, message, fields}) or a message. */
  error: unknown;
  at: string;
}

/** Per venue: where the last pull ended. */
export interface SyncState {
  venue: number;
  cursor: number;
  venueName: string;
  currency: string;
  currencyDisplay: string;
  timeZone: string;
  /** ISO time of the last successful pull or push. */
  lastSyncAt: string | null;
  lastError: string | null;
}

/** The signed-in rider's own QR codes, readable offline once loaded. */
export type MyCode = QrCode & { user: number };

export class FloorDb extends Dexie {
  riders!: EntityTable<LocalRider, 'id'>;
  grooms!: EntityTable<LocalGroom, 'id'>;
  horses!: EntityTable<LocalHorse, 'id'>;
  consumables!: EntityTable<LocalConsumable, 'id'>;
  transactions!: EntityTable<LocalTransaction, 'id'>;
  transactionPages!: Table<TransactionPage, [number, number]>;
  snapshotChunks!: Table<SnapshotChunk, [number, string, number]>;
  snapshotStamps!: EntityTable<SnapshotStamp, 'venue'>;
  attendees!: EntityTable<LocalAttendee, 'id'>;
  checkins!: EntityTable<LocalCheckin, 'id'>;
  signins!: EntityTable<LocalSignin, 'id'>;
  inspections!: EntityTable<LocalInspection, 'id'>;
  outbox!: EntityTable<OutboxItem, 'seq'>;
  attention!: EntityTable<AttentionItem, 'key'>;
  sync!: EntityTable<SyncState, 'venue'>;
  myCodes!: EntityTable<MyCode, 'code'>;

  constructor(name = 'paddock-floor') {
    super(name);
    this.version(1).stores({
      riders: 'id, venue, rider',
      grooms: 'id, venue, rider, participation',
      horses: 'id, venue, participation, [venue+head_number]',
      consumables: 'id, venue',
      transactions: 'id, venue, [venue+occurred_at], pending',
      transactionPages: '[venue+page], *ids',
      attendees: 'id, venue, key',
      checkins: 'id, venue, attendee, key',
      signins: 'id, venue, participation, key',
      inspections: 'id, venue, horse, key',
      outbox: '++seq, &key, venue, user',
      attention: 'key, venue, user',
      sync: 'venue',
      myCodes: 'code, user',
    });
    // The pages' rows became one JSON text each, and pages got their stamp; a snapshot's other
    // rows go into chunks from now on (those stored before stay in their tables, where later
    // changes go too). The outbox and every other table stay as they are: a device's unsent
    // writes survive any upgrade.
    this.version(2)
      .stores({
        transactionPages: '[venue+page], *ids, [venue+page+stamp]',
        snapshotChunks: '[venue+entity+chunk], [venue+entity+chunk+stamp]',
      })
      .upgrade((tx) =>
        tx
          .table('transactionPages')
          .toCollection()
          .modify((page: { rows: unknown; stamp?: number }) => {
            if (typeof page.rows !== 'string') page.rows = JSON.stringify(page.rows);
            page.stamp = newStamp();
          }),
      );
    // The snapshot's stamp per venue (SnapshotStamp); a venue stored before has none until its
    // next snapshot or change of a page: its readers check the pages' stamps as before.
    this.version(3).stores({ snapshotStamps: 'venue' });
    // A page keeps its rows in columns, as a streamed pull brings them, and no index of their
    // ids (TransactionPage). The venues' snapshot stamps go: the pages are written anew, and a
    // reader then checks their own stamps until the next write makes one.
    this.version(4)
      .stores({ transactionPages: '[venue+page], [venue+page+stamp]' })
      .upgrade(async (tx) => {
        await tx
          .table('transactionPages')
          .toCollection()
          .modify((page: { rows?: string; ids?: unknown; columns?: string; size?: number; stamp?: number }) => {
            const rows = JSON.parse(page.rows ?? '[]') as FloorTransaction[];
            page.columns = JSON.stringify(entryColumns(rows));
            page.size = rows.length;
            delete page.rows;
            delete page.ids;
            page.stamp = newStamp();
          });
        await tx.table('snapshotStamps').clear();
      });
  }
}

/** The floor tables by entity name (tombstones and outbox items name these). */
export const entityTable = (db: FloorDb, entity: FloorEntity) => db[entity];

export const floorDb = new FloorDb();

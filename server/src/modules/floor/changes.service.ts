import { FLOOR_ENTITIES, type FloorEntity } from '@shared/floor-constants';
import { FLOOR_STREAM_CHUNK, type FloorStreamHeader, type FloorStreamLine } from '@shared/floor-stream';
import { can } from '@shared/permissions';
import { SYNC_PROTOCOL, SYNC_PROTOCOL_MIN, type FloorChanges, type FloorTransaction } from '@shared/schemas/floor';
import type { QrUserType } from '@shared/qr';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { qrCodeOf } from '../../security/qr';
import type { RequestUser } from '../../types';
import { assertVenueAccess } from '../venue/venue-access';
import type { EntryPosition } from './changes-lists';
import { changesRepo } from './changes.repo';
import { addNames, emptyNameBook, EntryTable, floorRows, stillGone, tombstones } from './changes-wire';

const MAX_CODES_KEPT = 100_000;

/**
 * The client's sync protocol from its header: absent counts as current; a version below
 * SYNC_PROTOCOL_MIN (or not a version at all) is 426 `sync_outdated`, so the app asks for a reload.
 */
export function assertSyncProtocol(header: string | string[] | undefined): void {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim();
  if (raw === undefined) return;
  const version = Number(raw);
  if (!raw || !Number.isInteger(version) || version < SYNC_PROTOCOL_MIN) throw new AppError('sync_outdated');
}

/**
 * A full snapshot when the client has nothing (cursor 0), when its cursor is ahead of the
 * server's (the database was reset) or when tombstones it has not seen were purged.
 */
export function needsReset(cursor: number, seq: number, purgedSeq: number): boolean {
  return cursor === 0 || cursor > seq || cursor < purgedSeq;
}

/**
 * Welcome desk, sign-in and vet-check have no money screen, so their pulls carry no entries
 *. Their cursors are the venue's counter plus this offset: handed back by anyone
 * with a money screen, such a cursor is ahead of the counter and gets a full snapshot, so a
 * device shared by both never misses the entries it was not sent. A cursor without the offset
 * brought to a moneyless session gets a snapshot too, which clears the entries stored before.
 */
export const MONEYLESS_CURSOR = 2 ** 40;

/**
 * The floor changes of a venue (src/shared/schemas/floor.ts `floorChanges`); `entrySlice`: entries
 * per read of a streamed pull.
 */
export function createChangesService(ctx: AppContext, { entrySlice = ENTRY_SLICE } = {}) {
  // A code never changes for a given secret: kept, as every tablet pulls every minute.
  const codes = new Map<string, string>();
  const qr = (type: QrUserType, id: number): string => {
    const key = `${type}${id}`;
    let code = codes.get(key);
    if (code === undefined) {
      if (codes.size >= MAX_CODES_KEPT) codes.clear();
      code = qrCodeOf(ctx.config.qrSecret, type, id);
      codes.set(key, code);
    }
    return code;
  };

  /** What one pull is, from the venue's counter and the client's cursor. */
  async function begin(tx: Db, user: RequestUser, venueId: number, cursor: number) {
    const venue = await changesRepo.venue(tx, venueId);
    if (!venue) throw new AppError('not_found');
    assertVenueAccess(user, venue.id);
    const seq = Number(venue.seq);
    const money = can(user.roles, 'transaction.venue');
    const since = money ? cursor : cursor < MONEYLESS_CURSOR ? 0 : cursor - MONEYLESS_CURSOR;
    const reset = needsReset(since, seq, Number(venue.purged_seq));
    const header: FloorStreamHeader = {
      protocol: SYNC_PROTOCOL,
      venue: {
        id: venue.id,
        name: venue.name,
        currency: venue.currency,
        currency_display: venue.currency_display,
        time_zone: venue.time_zone,
      },
      cursor: money ? seq : seq + MONEYLESS_CURSOR,
      reset,
    };
    return { header, money, since: reset ? -1 : since, reset };
  }

  const readOnly = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

  return {
    /**
     * Everything of one pull, read in one read-only REPEATABLE READ transaction: the counter
     * and the rows agree (a writer holds the counter's row lock until it commits, so a counter
     * value N seen here means every row numbered ≤ N is seen too).
     */
    async changes(user: RequestUser, venueId: number, cursor: number): Promise<FloorChanges> {
      return ctx.db.transaction(async (tx) => {
        const { header, money, since, reset } = await begin(tx, user, venueId, cursor);
        const lists = await changesRepo.lists(tx, header.venue.id, since, reset);
        if (!money) lists.transactions = '{}';
        const entries = new EntryTable(lists.transactions);
        const wanted = entries.namesWanted();
        const names = await changesRepo.names(tx, wanted.parties, wanted.authors);
        return { ...header, ...floorRows(lists, entries.rows(addNames(emptyNameBook(), names)), qr) };
      }, readOnly);
    },

    /**
     * The same pull as its stream's lines (src/shared/floor-stream.ts), each handed to `send` as
     * soon as it is read, in the same one transaction: the header once the venue and the session
     * are checked, the other lists, then the entries slice by slice (ENTRY_SLICE, newest first),
     * so the tablet stores what came while the rest is read. Resolves once the header is sent,
     * or rejects if the pull fails before (a refusal is an ordinary error answer);
     * `done` settles when the last line is sent or the pull failed after the header.
     */
    async stream(
      user: RequestUser,
      venueId: number,
      cursor: number,
      send: (line: FloorStreamLine) => void,
    ): Promise<{ done: Promise<void> }> {
      let started!: () => void;
      const header = new Promise<void>((resolve) => (started = resolve));
      const done = ctx.db.transaction(async (tx) => {
        const pull = await begin(tx, user, venueId, cursor);
        send(pull.header);
        started();
        const venue = pull.header.venue.id;
        const lists = await changesRepo.listsButEntries(tx, venue, pull.since, pull.reset);
        const others = floorRows({ ...lists, transactions: '{}', deleted: '{}' }, [], qr);
        for (const entity of FLOOR_ENTITIES) if (entity !== 'transactions') sendChunks(send, entity, others[entity]);
        const entryIds: { id: number }[] = [];
        if (pull.money) {
          const book = emptyNameBook();
          let after: EntryPosition | null = null;
          for (;;) {
            const slice: string = await changesRepo.entrySlice(tx, venue, pull.since, after, entrySlice);
            const entries = new EntryTable(slice);
            if (!entries.size) break;
            const wanted = entries.namesWanted(book);
            if (!wanted.none) addNames(book, await changesRepo.names(tx, wanted.parties, wanted.authors));
            const rows = entries.rows(book).sort(newestFirst);
            sendChunks(send, 'transactions', rows);
            for (const entry of rows) entryIds.push({ id: entry.id });
            if (entries.size < entrySlice) break;
            after = entries.last();
          }
        }
        const deleted = stillGone(tombstones(lists.deleted), { ...others, transactions: entryIds });
        if (deleted.length) send({ deleted });
        send({ end: true, cursor: pull.header.cursor });
      }, readOnly);
      await Promise.race([header, done]);
      return { done };
    },
  };
}

/** Entries per read of a streamed pull: ten of the tablet's pages. */
export const ENTRY_SLICE = 10 * FLOOR_STREAM_CHUNK;

/** The order the tablet keeps a snapshot's entries in (newest first: occurred_at, then id). */
const newestFirst = (a: FloorTransaction, b: FloorTransaction): number =>
  a.occurred_at === b.occurred_at ? b.id - a.id : a.occurred_at < b.occurred_at ? 1 : -1;

/** A list in lines of FLOOR_STREAM_CHUNK rows (a line of entries is one page of the tablet's store). */
function sendChunks<E extends FloorEntity>(
  send: (line: FloorStreamLine) => void,
  entity: E,
  rows: FloorChanges[E],
): void {
  for (let start = 0; start < rows.length; start += FLOOR_STREAM_CHUNK) {
    send({ entity, rows: rows.slice(start, start + FLOOR_STREAM_CHUNK) } as FloorStreamLine);
  }
}

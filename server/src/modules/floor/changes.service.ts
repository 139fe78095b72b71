import { Buffer } from 'node:buffer';
import { can } from '@shared/permissions';
import { SYNC_PROTOCOL, SYNC_PROTOCOL_MIN, type FloorChanges, type FloorTransaction } from '@shared/schemas/floor';
import type { QrUserType } from '@shared/qr';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { qrCodeOf } from '../../security/qr';
import type { RequestUser } from '../../types';
import { assertKnownVenueAccess, assertVenueAccess, canActOnVenue } from '../venue/venue-access';
import { createChangesLog, venueOf, type LoggedChanges, type LoggedParts } from './changes-log';
import { changesRepo, type EntryPage, type FloorLists, type FloorVenue } from './changes.repo';
import { changesLines } from './changes-stream';
import { EntryTable, floorRows } from './changes-wire';
import { compressOnce } from './quick-compress';
import { createSnapshotCache, type KeptSnapshot } from './snapshot-cache';

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

/** A pull's answer: its rows, or (the changes since a recent cursor) the log's JSON of them. */
type PullHeader = Pick<FloorChanges, 'protocol' | 'venue' | 'cursor' | 'reset'>;
export type PullAnswer =
  /** `pages`: a snapshot's entries in columns (asked for with `columns`), none in `body`. */
  | { logged: false; body: FloorChanges; pages?: EntryPage[] }
  | { logged: true; header: PullHeader; changes: LoggedChanges }
  | { logged: 'parts'; header: PullHeader; parts: LoggedParts }
  /** A kept snapshot (snapshot-cache.ts): its whole answer, compressed. */
  | { logged: 'snapshot'; snapshot: KeptSnapshot };

/** The floor changes of a venue (src/shared/schemas/floor.ts `floorChanges`). */
export function createChangesService(ctx: AppContext) {
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

  const log = createChangesLog(ctx.db, qr);

  /** A snapshot's answer without its entries (`entries`: as rows; or none, for a snapshot in pages). */
  const snapshotBody = (
    row: FloorVenue & Omit<FloorLists, 'transactions'>,
    reset: boolean,
    entries: FloorTransaction[],
    cursor: number,
  ): FloorChanges => ({
    protocol: SYNC_PROTOCOL,
    venue: venueOf(row),
    cursor,
    reset,
    ...floorRows({ ...row, transactions: '{}' }, entries, qr),
  });

  const moneyCursor = (money: boolean) => (seq: number) => (money ? seq : seq + MONEYLESS_CURSOR);

  // The snapshot in pages as the streamed answer's lines, read once for the tablets that ask.
  const snapshots = createSnapshotCache(ctx.db, log, async (venueId, money) => {
    const row = await changesRepo.pages(ctx.db, venueId, money);
    if (!row) return null;
    log.startAt(venueId, row);
    const seq = Number(row.seq);
    const text = Buffer.from(
      [...changesLines(snapshotBody(row, true, [], moneyCursor(money)(seq)), row.pages)].join(''),
    );
    const [br, gzip] = await Promise.all([compressOnce(text, 'br'), compressOnce(text, 'gzip')]);
    return { seq, venue: venueOf(row), br, gzip };
  });

  return {
    /** Reads the venue's snapshot for the roles with entries, so the first tablet to sign in is sent it at once. */
    async warmSnapshot(venueId: number): Promise<void> {
      await snapshots.get(venueId, true);
    },

    /**
     * The changes since the cursor from the log of recent changes (changes-log.ts); else, and
     * for a snapshot, everything of the pull in one statement, so in one snapshot
     * (changes-lists.ts pullText). It is read for the client's cursor; when that cursor needs a
     * snapshot after all (it is ahead of the counter, or tombstones it has not seen were
     * purged), it is read once more as a snapshot.
     */
    async changes(
      user: RequestUser,
      venueId: number,
      cursor: number,
      /**
       * `gzipLines`: the answer is sent as gzip lines, so the log may answer with its compressed
       * segments; `columns`: a snapshot's entries may come as pages in columns; `compressed`:
       * the answer may be compressed (brotli or gzip), so a snapshot in columns may be a kept one.
       */
      {
        gzipLines = false,
        columns = false,
        compressed = false,
      }: { gzipLines?: boolean; columns?: boolean; compressed?: boolean } = {},
    ): Promise<PullAnswer> {
      // Another venue's staff: 404 for a venue that does not exist, else 403, and nothing read.
      if (!canActOnVenue(user, venueId)) await assertKnownVenueAccess(ctx.db, user, venueId);
      const money = can(user.roles, 'transaction.venue');
      const since = money ? cursor : cursor < MONEYLESS_CURSOR ? 0 : cursor - MONEYLESS_CURSOR;
      const cursorOf = moneyCursor(money);
      if (since > 0 && gzipLines) {
        const parts = await log.sinceParts(venueId, since, money);
        if (parts) {
          const header = { protocol: SYNC_PROTOCOL, venue: parts.venue, cursor: cursorOf(parts.top), reset: false };
          return { logged: 'parts', header, parts };
        }
      }
      if (since > 0) {
        const changes = await log.since(venueId, since, money);
        if (changes) {
          const header = { protocol: SYNC_PROTOCOL, venue: changes.venue, cursor: cursorOf(changes.top), reset: false };
          return { logged: true, header, changes };
        }
      }
      const bodyOf = (
        row: FloorVenue & Omit<FloorLists, 'transactions'>,
        reset: boolean,
        entries: FloorTransaction[],
      ) => {
        assertVenueAccess(user, row.id);
        if (reset) log.startAt(venueId, row);
        return snapshotBody(row, reset, entries, cursorOf(Number(row.seq)));
      };
      const snapshotInPages = async (): Promise<PullAnswer> => {
        if (compressed) {
          assertVenueAccess(user, venueId);
          const snapshot = await snapshots.get(venueId, money);
          if (!snapshot) throw new AppError('not_found');
          return { logged: 'snapshot', snapshot };
        }
        const row = await changesRepo.pages(ctx.db, venueId, money);
        if (!row) throw new AppError('not_found');
        return { logged: false, body: bodyOf(row, true, []), pages: row.pages };
      };
      if (since === 0 && columns) return snapshotInPages();
      let reset = since === 0;
      let row = await changesRepo.pull(ctx.db, venueId, reset ? -1 : since, money);
      if (row && !reset && needsReset(since, Number(row.seq), Number(row.purged_seq))) {
        if (columns) return snapshotInPages();
        reset = true;
        row = await changesRepo.pull(ctx.db, venueId, -1, money);
      }
      if (!row) throw new AppError('not_found');
      const entries = new EntryTable(money ? row.transactions : '{}');
      return { logged: false, body: bodyOf(row, reset, entries.rows(row)) };
    },
  };
}

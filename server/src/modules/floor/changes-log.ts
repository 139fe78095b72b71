import { Buffer } from 'node:buffer';
import { FLOOR_ENTITIES, type FloorEntity } from '@shared/floor-constants';
import type { FloorChanges } from '@shared/schemas/floor';
import type { Db } from '../../db/client';
import type { ListName } from './changes-lists';
import { changesRepo, type FloorLists, type FloorVenue } from './changes.repo';
import { rowLines } from './changes-stream';
import { EntryTable, floorRows, tombstonesOf, type QrCodes } from './changes-wire';
import { deflatePart, type Deflated } from './gzip-parts';

/**
 * The recent changes of each venue, kept by this process as the wire rows' JSON. Every tablet
 * pulls every few seconds, and each pull used to have PostgreSQL build, and this process
 * serialise, every row changed since that tablet's cursor: a charge was built and serialised
 * once per tablet (500 times at a championship). Here it is read once, with its floor number,
 * when this process first needs it, and each pull is put together from the kept JSON.
 *
 * Each pull first reads what was numbered after the log's top (one statement, shared by the
 * pulls that arrive within REFRESH_WINDOW_MS and started after each of them, so a pull sees
 * everything committed before it started: a tablet reads its own writes), then answers the
 * rows numbered after its cursor: for each row the version with the highest number (a row
 * beats a tombstone of the same number, as the statement's answer has it). A cursor from
 * before what the log holds, or one that needs a snapshot, is answered by the statement itself
 * (changes.service). An entry keeps the names of its party and author as they were when it was
 * logged, as the tablets that pulled it then keep them (the statement would name them as they
 * are now).
 */

/**
 * Pulls that arrive within this long of each other share one read of what was numbered after
 * the log's top: the read starts this long after the first of them, so it starts after each of
 * them arrived and still shows every one of them what was committed before it started (a
 * tablet reads its own writes). 500 tablets pull ~20 times a second; without the wait each pull
 * that found no read running started one of its own.
 */
export const REFRESH_WINDOW_MS = 50;

/**
 * `task` shared by the calls that arrive before it starts, started `ms` after the first of them
 * and never while its previous run is still going (a refresh appends after the top the previous
 * one left); each call resolves (or fails) with the run that started after it.
 */
export function sharedAfter(ms: number, task: () => Promise<void>): () => Promise<void> {
  let waiting: Promise<void> | null = null;
  let last: Promise<void> = Promise.resolve();
  return () => {
    waiting ??= (async () => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await last.catch(() => undefined);
      // From here on a call waits for the next run: this one may start before it arrived.
      waiting = null;
      const run = task();
      last = run;
      return run;
    })();
    return waiting;
  };
}

/** Rows kept per venue; the oldest go first (their cursors are then read from the database). */
const MAX_ROWS = 20_000;

/**
 * The rows logged are also compressed once, in segments of at least SEGMENT_ROWS rows or
 * SEGMENT_MS of changes, as the lines of a streamed answer: a pull that accepts gzip is sent the
 * segments after its cursor as they are (gzip-parts.ts), and only the rows around them are
 * compressed for it. Compressing every tablet's answer anew cost more than anything else a
 * pull does (a row of the venue goes out once to every tablet).
 */
const SEGMENT_ROWS = 500;
const SEGMENT_MS = 2_000;
/** A segment is compressed once: harder than an answer is. */
const SEGMENT_LEVEL = 6;

interface Segment {
  /** The rows numbered after `from` and up to `to`. */
  from: number;
  to: number;
  /** The lines for roles with entries, and without them (null: none). */
  money: Deflated | null;
  moneyless: Deflated | null;
}

interface Logged {
  seq: number;
  entity: FloorEntity | 'deleted';
  /** The tombstone's entity for `deleted`. */
  of?: FloorEntity;
  id: number;
  /** `entity:id` (a tombstone's the entity it names): one version per key goes out. */
  key: string;
  /** The wire row's JSON, UTF-8: a pull copies it as it is. */
  json: Buffer;
  /** A later version of the same row (or its tombstone) is logged: this one never goes out again. */
  superseded?: true;
}

interface VenueLog {
  /** Rows numbered after `base` and up to `top` are all here, in the order of their numbers. */
  base: number;
  top: number;
  purged: number;
  venue: FloorChanges['venue'];
  rows: Logged[];
  /** The latest version of each key. */
  latest: Map<string, Logged>;
  /** Sealed segments, contiguous from `base` up to `sealed`. */
  segments: Segment[];
  sealed: number;
  /** When the first row after `sealed` was logged. */
  openSince: number | null;
  refresh: () => Promise<void>;
}

/** The venue as a pull's header names it. */
export const venueOf = (row: FloorVenue): FloorChanges['venue'] => ({
  id: row.id,
  name: row.name,
  currency: row.currency,
  currency_display: row.currency_display,
  time_zone: row.time_zone,
});

/** A list's JSON columns without its `seq` column, and the numbers. */
function splitSeq(json: string): { json: string; seqs: number[] } {
  const table = JSON.parse(json) as Record<string, unknown[] | null>;
  const seqs = (table.seq ?? []).map(Number);
  delete table.seq;
  return { json: JSON.stringify(table), seqs };
}

const LISTS = [...FLOOR_ENTITIES, 'deleted'] as const satisfies readonly ListName[];

/** The changes after a cursor as gzip parts: rows to compress now around compressed segments. */
export interface LoggedParts {
  venue: FloorChanges['venue'];
  top: number;
  head: Record<FloorEntity, Buffer[]>;
  segments: Deflated[];
  tail: Record<FloorEntity, Buffer[]>;
  deleted: Buffer[];
}

export interface LoggedChanges {
  venue: FloorChanges['venue'];
  /** The counter the answer is complete up to. */
  top: number;
  purged: number;
  /** Each list's rows as JSON (UTF-8), in the order of their numbers. */
  lists: Record<FloorEntity, Buffer[]>;
  deleted: Buffer[];
}

const utf8 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

/** The index of the first row numbered after `seq`. */
function firstAfter(log: VenueLog, seq: number): number {
  let lo = 0;
  let hi = log.rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (log.rows[mid]!.seq > seq) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const emptyLists = () =>
  Object.fromEntries(FLOOR_ENTITIES.map((entity) => [entity, [] as Buffer[]])) as Record<FloorEntity, Buffer[]>;

/** The latest versions of the rows numbered after `after` and up to `upTo` (no tombstones). */
function rowsIn(log: VenueLog, after: number, upTo: number, money: boolean): Record<FloorEntity, Buffer[]> {
  const lists = emptyLists();
  for (let i = firstAfter(log, after); i < log.rows.length && log.rows[i]!.seq <= upTo; i++) {
    const row = log.rows[i]!;
    if (row.superseded || row.entity === 'deleted' || (row.entity === 'transactions' && !money)) continue;
    lists[row.entity].push(row.json);
  }
  return lists;
}

/** The tombstones numbered after `after` whose rows have not come back. */
function tombstonesAfter(log: VenueLog, after: number): Buffer[] {
  const gone: Buffer[] = [];
  for (let i = firstAfter(log, after); i < log.rows.length; i++) {
    const row = log.rows[i]!;
    if (row.entity === 'deleted' && !row.superseded) gone.push(row.json);
  }
  return gone;
}

/** Compresses the rows after the last segment into one (for both kinds of role). */
function seal(log: VenueLog): void {
  const part = (money: boolean) => {
    const lines = rowLines(rowsIn(log, log.sealed, log.top, money));
    return lines.length ? deflatePart(Buffer.concat(lines), SEGMENT_LEVEL) : null;
  };
  log.segments.push({ from: log.sealed, to: log.top, money: part(true), moneyless: part(false) });
  log.sealed = log.top;
  log.openSince = null;
}

/** Every log of each database (a service's per venue) and what is kept beside them, to forget them at once. */
const registry = new WeakMap<Db, Set<{ clear(): void }>>();

/** Keep `kept` with this database's logs: it is forgotten with them. */
export function keptWithLogs(db: Db, kept: { clear(): void }): void {
  let known = registry.get(db);
  if (!known) registry.set(db, (known = new Set()));
  known.add(kept);
}

/** Forget what is logged of this database (its rows were all replaced at once, as tests do). */
export function forgetChangesLogs(db: Db): void {
  for (const logs of registry.get(db) ?? []) logs.clear();
}

export function createChangesLog(db: Db, qr: QrCodes) {
  const logs = new Map<number, Promise<VenueLog | null>>();
  keptWithLogs(db, logs);

  /** Reads what was numbered after the log's top and appends it. */
  async function refresh(log: VenueLog, venueId: number): Promise<void> {
    const row = await changesRepo.numbered(db, venueId, log.top);
    if (!row) return;
    log.venue = venueOf(row);
    log.purged = Number(row.purged_seq);
    const top = Number(row.seq);
    if (top < log.top) {
      // The counter went back (the database was reset): nothing kept is of this database.
      log.rows = [];
      log.latest.clear();
      log.segments = [];
      log.base = log.top = log.sealed = top;
      log.openSince = null;
      return;
    }
    if (top === log.top) return;
    const split = {} as FloorLists;
    const seqs = {} as Record<ListName, number[]>;
    for (const name of LISTS) ({ json: split[name], seqs: seqs[name] } = splitSeq(row[name]));
    const entries = new EntryTable(split.transactions).rows(row);
    const wire = floorRows({ ...split, deleted: '{}' }, entries, qr);
    const added: Logged[] = [];
    for (const entity of FLOOR_ENTITIES) {
      const list = wire[entity] as { id: number }[];
      list.forEach((item, i) =>
        added.push({
          seq: seqs[entity][i]!,
          entity,
          id: item.id,
          key: `${entity}:${item.id}`,
          json: utf8(item),
        }),
      );
    }
    tombstonesOf(split.deleted).forEach((gone, i) =>
      added.push({
        seq: seqs.deleted[i]!,
        entity: 'deleted',
        of: gone.entity,
        id: gone.id,
        key: `${gone.entity}:${gone.id}`,
        json: utf8(gone),
      }),
    );
    // In the order of their numbers; of one number, tombstones first: a row beats a tombstone
    // of its number (a groom moved to another rider of the venue), as the statement's answer has it.
    added.sort((a, b) => a.seq - b.seq || Number(b.entity === 'deleted') - Number(a.entity === 'deleted'));
    for (const row of added) {
      const earlier = log.latest.get(row.key);
      // A tombstone too: a row that comes back (a groom moved away and back) beats it.
      if (earlier) earlier.superseded = true;
      log.latest.set(row.key, row);
    }
    log.rows.push(...added);
    log.top = top;
    log.openSince ??= Date.now();
    if (log.rows.length - firstAfter(log, log.sealed) >= SEGMENT_ROWS || Date.now() - log.openSince >= SEGMENT_MS) {
      seal(log);
    }
    if (log.rows.length > MAX_ROWS) {
      // A quarter goes at once, whole segments: every row of the new base's number leaves with it.
      const oldest = log.rows[Math.floor(MAX_ROWS / 4)]!.seq;
      const cut = log.segments.find((segment) => segment.to >= oldest)?.to ?? oldest;
      log.rows = log.rows.filter((r) => r.seq > cut);
      for (const [key, row] of log.latest) if (row.seq <= cut) log.latest.delete(key);
      log.segments = log.segments.filter((segment) => segment.from >= cut);
      log.base = cut;
      if (log.sealed < cut) log.sealed = cut;
    }
  }

  const started = (venueId: number, row: FloorVenue): VenueLog => {
    const top = Number(row.seq);
    const log: VenueLog = {
      base: top,
      top,
      purged: Number(row.purged_seq),
      venue: venueOf(row),
      rows: [],
      latest: new Map(),
      segments: [],
      sealed: top,
      openSince: null,
      refresh: () => Promise.resolve(),
    };
    log.refresh = sharedAfter(REFRESH_WINDOW_MS, () => refresh(log, venueId));
    return log;
  };

  /** The venue's log, started at its counter now (null for an unknown venue). */
  function logOf(venueId: number): Promise<VenueLog | null> {
    let log = logs.get(venueId);
    if (!log) {
      log = (async () => {
        const row = await changesRepo.numbered(db, venueId, Number.MAX_SAFE_INTEGER);
        return row ? started(venueId, row) : null;
      })();
      logs.set(venueId, log);
      // An unknown venue (or a failed read) is not kept: it is asked again next time.
      log.then(
        (found) => found ?? logs.delete(venueId),
        () => logs.delete(venueId),
      );
    }
    return log;
  }

  return {
    /** A snapshot of the venue was read at `row`'s counter: its tablets' next pulls start there. */
    startAt(venueId: number, row: FloorVenue): void {
      if (!logs.has(venueId)) logs.set(venueId, Promise.resolve(started(venueId, row)));
    },

    /**
     * How far the log reaches, brought up to date first (null for an unknown venue): a cursor
     * from `base` on (and not behind `purged`) is answered from it; `rowsAfter(seq)`, how many
     * versions of rows were logged after `seq`.
     */
    async reach(venueId: number): Promise<{
      base: number;
      top: number;
      purged: number;
      venue: FloorChanges['venue'];
      rowsAfter(seq: number): number;
    } | null> {
      const log = await logOf(venueId);
      if (!log) return null;
      await log.refresh();
      return {
        base: log.base,
        top: log.top,
        purged: log.purged,
        venue: log.venue,
        rowsAfter: (seq) => log.rows.length - firstAfter(log, seq),
      };
    },

    /**
     * The changes after `since` from the log, brought up to date first; null when the log does
     * not hold them (an unknown venue, a cursor from before the log, or one ahead of the counter
     * or behind the purged tombstones: the statement decides those).
     */
    async since(venueId: number, since: number, money: boolean): Promise<LoggedChanges | null> {
      const log = await logOf(venueId);
      if (!log) return null;
      await log.refresh();
      if (since < log.base || since > log.top || since < log.purged) return null;
      // The latest version of each row numbered after `since`, in the order of their numbers.
      return {
        venue: log.venue,
        top: log.top,
        purged: log.purged,
        lists: rowsIn(log, since, log.top, money),
        deleted: tombstonesAfter(log, since),
      };
    },

    /**
     * The same as gzip parts: the rows up to the first segment boundary after `since`, the
     * segments after it, the rows after the last segment (a segment may hold a version of a row
     * that a later part replaces: the tablet applies the parts in order, tombstones last, and
     * only a row's latest tombstone goes out); null when the log does not hold them.
     */
    async sinceParts(venueId: number, since: number, money: boolean): Promise<LoggedParts | null> {
      const log = await logOf(venueId);
      if (!log) return null;
      await log.refresh();
      if (since < log.base || since > log.top || since < log.purged) return null;
      let first = log.segments.findIndex((segment) => segment.to > since);
      if (first === -1) first = log.segments.length;
      const cut = log.segments[first];
      // A cursor within a segment: its rows after the cursor go row by row, the segment not.
      const headTo = cut && cut.from < since ? cut.to : since;
      if (cut && cut.from < since) first += 1;
      const segments = log.segments
        .slice(first)
        .flatMap((segment) => (money ? segment.money : segment.moneyless) ?? []);
      return {
        venue: log.venue,
        top: log.top,
        head: rowsIn(log, since, headTo, money),
        segments,
        tail: rowsIn(log, Math.max(log.sealed, headTo), log.top, money),
        deleted: tombstonesAfter(log, since),
      };
    },
  };
}

export type ChangesLog = ReturnType<typeof createChangesLog>;

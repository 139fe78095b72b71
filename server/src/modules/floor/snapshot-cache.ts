import type { Buffer } from 'node:buffer';
import type { FloorChanges } from '@shared/schemas/floor';
import type { Db } from '../../db/client';
import { keptWithLogs, type ChangesLog } from './changes-log';

/**
 * A venue's floor snapshot, read and compressed once for the tablets that ask for one, not once
 * each. Forty tablets signing in on a show morning each asked the database for every person,
 * horse and entry of the venue (a second of its time for a big show) and compressed 10 MB for
 * each; now the first pays, and the others are sent the compressed bytes kept from it.
 *
 * A kept snapshot is sent while the log of recent changes (changes-log.ts) still reaches back to
 * its number: then what changed since is there for the pull the tablet makes from that number
 * at once (the answer says `behind`, SNAPSHOT_BEHIND_HEADER), cheaply. When that would be many rows, a new snapshot is
 * read beside the answer, for the next tablet; when the log no longer reaches that far (or its
 * tombstones were purged since, or the venue's name or currency changed, which its header
 * names), the snapshot is read anew before answering. Nothing is read for
 * a venue whose tablets ask for no snapshot.
 */

/** Rows logged after a kept snapshot beyond which the next one is read (the tablet's own pull after it stays small). */
export const SNAPSHOT_STALE_ROWS = 2_000;
/** Venues (of both kinds of role) whose snapshots are kept; the least recently asked for goes first. */
const MAX_KEPT = 16;

export interface BuiltSnapshot {
  /** The floor number the snapshot is complete up to. */
  seq: number;
  venue: FloorChanges['venue'];
  /** The whole answer (its lines, header to end), compressed once with brotli and with gzip. */
  br: Buffer;
  gzip: Buffer;
}

export interface KeptSnapshot extends BuiltSnapshot {
  /** Rows were numbered after `seq`: the tablet pulls them from `seq` at once. */
  behind: boolean;
}

export function createSnapshotCache(
  db: Db,
  log: ChangesLog,
  build: (venueId: number, money: boolean) => Promise<BuiltSnapshot | null>,
) {
  /** The last snapshot read of each venue and kind, the most recently asked for last. */
  const kept = new Map<string, BuiltSnapshot>();
  /** The read under way of each, shared by whoever asks meanwhile. */
  const reading = new Map<string, Promise<BuiltSnapshot | null>>();
  keptWithLogs(db, kept);
  keptWithLogs(db, reading);

  function read(key: string, venueId: number, money: boolean): Promise<BuiltSnapshot | null> {
    const running = reading.get(key);
    if (running) return running;
    const run: Promise<BuiltSnapshot | null> = build(venueId, money)
      .then((built) => {
        // Forgotten meanwhile (the database's rows were replaced): not kept.
        if (built && reading.get(key) === run) {
          kept.delete(key);
          kept.set(key, built);
          if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
        }
        return built;
      })
      .finally(() => {
        if (reading.get(key) === run) reading.delete(key);
      });
    reading.set(key, run);
    return run;
  }

  return {
    /** The venue's snapshot for roles with entries (`money`) or without; null for an unknown venue. */
    async get(venueId: number, money: boolean): Promise<KeptSnapshot | null> {
      const key = `${venueId}:${money ? 'money' : 'moneyless'}`;
      const earlier = kept.get(key);
      if (earlier) {
        // Read after this request arrived, the log tells what the snapshot lacks of what was committed before it.
        const reach = await log.reach(venueId);
        if (!reach) return null;
        const reaches = earlier.seq >= reach.base && earlier.seq >= reach.purged && earlier.seq <= reach.top;
        if (reaches && JSON.stringify(earlier.venue) === JSON.stringify(reach.venue)) {
          kept.delete(key);
          kept.set(key, earlier);
          if (reach.rowsAfter(earlier.seq) > SNAPSHOT_STALE_ROWS) void read(key, venueId, money).catch(() => undefined);
          return { ...earlier, behind: earlier.seq < reach.top };
        }
      }
      // A read that started before this request arrived may lack what was committed just before
      // it: then the tablet pulls what came after it at once.
      const joined = reading.has(key);
      const built = await read(key, venueId, money);
      if (!built) return null;
      return { ...built, behind: joined };
    },
  };
}

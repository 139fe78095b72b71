import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { entryNames, entrySlice, floorLists, type EntryPosition, type ListName } from './changes-lists';

/** The reads of one pull: call them inside one REPEATABLE READ transaction. */

/** Each list as JSON columns (text). */
export type FloorLists = Record<ListName, string>;
export type EntryNames = Record<'parties' | 'authors', string>;

export interface FloorVenue {
  id: number;
  name: string;
  currency: string;
  currency_display: string;
  time_zone: string;
  /** bigint: a string from node-postgres. */
  seq: string | number;
  purged_seq: string | number;
}

async function listsOf(
  tx: Db,
  venue: number,
  since: number,
  reset: boolean,
  wanted: (name: ListName) => boolean,
): Promise<Partial<FloorLists>> {
  const lists = Object.entries(floorLists(venue, since, reset))
    .filter(([name]) => wanted(name as ListName))
    .map(([name, query]) => sql`${query} AS ${sql.identifier(name)}`);
  const [row] = rowsOf<Partial<FloorLists>>(await tx.execute(sql`SELECT ${sql.join(lists, sql`, `)}`));
  if (!row) throw new Error('floor lists answered nothing');
  return row;
}

export const changesRepo = {
  /** The venue and its floor counter (0 before its first floor write). */
  async venue(tx: Db, venue: number): Promise<FloorVenue | undefined> {
    const [row] = rowsOf<FloorVenue>(
      await tx.execute(sql`SELECT v.id, v.name, v.currency, v.currency_display, v.time_zone,
        COALESCE(c.seq, 0) AS seq, COALESCE(c.purged_seq, 0) AS purged_seq
        FROM venues v LEFT JOIN floor_cursors c ON c.venue_id = v.id WHERE v.id = ${venue}`),
    );
    return row;
  },

  /** Every list as JSON text, in one statement. */
  async lists(tx: Db, venue: number, since: number, reset: boolean): Promise<FloorLists> {
    return (await listsOf(tx, venue, since, reset, (name) => name !== undefined)) as FloorLists;
  },

  /** Every list but the entries (streamed pulls read those in slices: `entrySlice`). */
  async listsButEntries(
    tx: Db,
    venue: number,
    since: number,
    reset: boolean,
  ): Promise<Omit<FloorLists, 'transactions'>> {
    return (await listsOf(tx, venue, since, reset, (name) => name !== 'transactions')) as Omit<
      FloorLists,
      'transactions'
    >;
  },

  /** The next `limit` entries after `after`, newest first, as JSON columns. */
  async entrySlice(tx: Db, venue: number, since: number, after: EntryPosition | null, limit: number): Promise<string> {
    const [row] = rowsOf<{ entries: string }>(
      await tx.execute(sql`SELECT ${entrySlice(venue, since, after, limit)} AS entries`),
    );
    if (!row) throw new Error('entry slice answered nothing');
    return row.entries;
  },

  /** Names of entries' parties and authors (JSON in, JSON columns out). */
  async names(tx: Db, parties: string, authors: string): Promise<EntryNames> {
    const [row] = rowsOf<EntryNames>(await tx.execute(entryNames(parties, authors)));
    if (!row) throw new Error('entry names answered nothing');
    return row;
  },
};

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { runFixed } from '../ledger/fixed-statement';
import { pullPagesText, pullText, type ListName } from './changes-lists';

/** The read of one pull: one statement (changes-lists.ts pullText). */

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

export type PullRow = FloorVenue & FloorLists & EntryNames;

/** A snapshot's page of entries in columns: its number, how many, the columns' JSON text. */
export interface EntryPage {
  page: number;
  size: number;
  columns: string;
}

/** A snapshot with its entries in pages (pullPagesText). */
export type PagesRow = FloorVenue & Omit<FloorLists, 'transactions'> & { pages: EntryPage[] };

/** Above every floor number there is (bigint): the upper bound of a pull's range. */
const UNTIL = '9223372036854775807';

const PULL = pullText();
const NUMBERED = pullText(true);
const PAGES = pullPagesText();

export const changesRepo = {
  /**
   * The venue with its counter and every list of rows numbered after `since` (-1: all of them,
   * a snapshot without tombstones), entries only with `money`; undefined for an unknown venue.
   */
  async pull(db: Db, venue: number, since: number, money: boolean): Promise<PullRow | undefined> {
    const [row] = await runFixed<PullRow>(db, 'floor.pull', PULL, [venue, since, UNTIL, since < 0, money]);
    return row;
  },

  /** A snapshot with its entries (with `money`) in pages of columns; undefined for an unknown venue. */
  async pages(db: Db, venue: number, money: boolean): Promise<PagesRow | undefined> {
    type Row = FloorVenue & Omit<FloorLists, 'transactions'> & Partial<EntryPage>;
    const rows = await runFixed<Row>(db, 'floor.pull.pages', PAGES, [venue, -1, UNTIL, true, money]);
    const [first] = rows;
    if (!first) return undefined;
    const { page: _page, size: _size, columns: _columns, ...lists } = first;
    const pages = rows.flatMap(({ page, size, columns }) =>
      page === null || page === undefined ? [] : [{ page: Number(page), size: Number(size), columns: columns! }],
    );
    return { ...lists, pages };
  },

  /** The same with every row's floor number as `seq` (never a snapshot: tombstones included). */
  async numbered(db: Db, venue: number, since: number): Promise<PullRow | undefined> {
    const [row] = await runFixed<PullRow>(db, 'floor.pull.numbered', NUMBERED, [venue, since, UNTIL, false, true]);
    return row;
  },

  /** The venue whose floor was written to last, if any. */
  async latestVenue(db: Db): Promise<number | undefined> {
    const [row] = rowsOf<{ venue_id: number }>(
      await db.execute(sql`SELECT venue_id FROM floor_cursors ORDER BY seq DESC LIMIT 1`),
    );
    return row?.venue_id;
  },
};

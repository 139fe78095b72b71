import type { Db } from '../../db/client';
import { runFixed } from '../ledger/fixed-statement';
import { pullText, type ListName } from './changes-lists';

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

/** Above every floor number there is (bigint): the upper bound of a pull's range. */
const UNTIL = '9223372036854775807';

const PULL = pullText();
const NUMBERED = pullText(true);

export const changesRepo = {
  /**
   * The venue with its counter and every list of rows numbered after `since` (-1: all of them,
   * a snapshot without tombstones), entries only with `money`; undefined for an unknown venue.
   */
  async pull(db: Db, venue: number, since: number, money: boolean): Promise<PullRow | undefined> {
    const [row] = await runFixed<PullRow>(db, 'floor.pull', PULL, [venue, since, UNTIL, since < 0, money]);
    return row;
  },

  /** The same with every row's floor number as `seq` (never a snapshot: tombstones included). */
  async numbered(db: Db, venue: number, since: number): Promise<PullRow | undefined> {
    const [row] = await runFixed<PullRow>(db, 'floor.pull.numbered', NUMBERED, [venue, since, UNTIL, false, true]);
    return row;
  },
};

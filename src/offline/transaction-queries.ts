import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { floorDb, newestTransactionFirst, type LocalId, type LocalTransaction, type TransactionPage } from './db';
import { snapshotStamp } from './snapshot-stamp';
import { pageRows } from './transaction-pages';

/*
 * The venue's transactions as the floor screens read them: the snapshot's pages (newest first)
 * merged with the per-row table (later changes and this device's writes), which wins for an id
 * both hold. Each read runs in one read transaction over both tables, so a pull is seen whole
 * and a change of either table re-runs the live query.
 */

const readTransactions = <T>(read: () => Promise<T>) =>
  floorDb.transaction('r', floorDb.transactions, floorDb.transactionPages, floorDb.snapshotStamps, read);

const rowsByTime = (venue: number, from: string | typeof Dexie.minKey = Dexie.minKey) =>
  floorDb.transactions.where('[venue+occurred_at]').between([venue, from], [venue, Dexie.maxKey], true, true);

const rowIds = async (venue: number) =>
  new Set<LocalId>(await floorDb.transactions.where('venue').equals(venue).primaryKeys());

/** The rows of pages 0, 1, … not in `skip`, up to and including the page after which `enough` says so. */
async function leadingPages(
  venue: number,
  skip: Set<LocalId>,
  enough: (rows: LocalTransaction[], page: TransactionPage) => boolean,
): Promise<LocalTransaction[]> {
  const rows: LocalTransaction[] = [];
  for (let number = 0; ; number += 1) {
    const page = await floorDb.transactionPages.get([venue, number]);
    if (!page) return rows;
    rows.push(...pageRows(page).filter((row) => !skip.has(row.id)));
    if (enough(rows, page)) return rows;
  }
}

async function allPages(venue: number, skip: Set<LocalId>): Promise<LocalTransaction[]> {
  const pages = await floorDb.transactionPages
    .where('[venue+page]')
    .between([venue, Dexie.minKey], [venue, Dexie.maxKey])
    .toArray();
  return pages.flatMap((page) => pageRows(page).filter((row) => !skip.has(row.id)));
}

/** How many transactions the venue has: paged ones (not overridden by a row) and rows. */
async function countAll(venue: number, ids: Set<LocalId>): Promise<number> {
  const { byId } = await pagedSummary(venue);
  let overridden = 0;
  for (const id of ids) if (typeof id === 'number' && byId.has(id)) overridden += 1;
  return byId.size - overridden + ids.size;
}

/** Whether the party's name or the description contains `query` (lower case). */
const matches = (row: LocalTransaction, query: string) =>
  [row.party.name, row.description].some((text) => (text ?? '').toLowerCase().includes(query));

/** The venue's entries newest first: the first `limit` (matching `search`), and how many it has. */
export function useVenueTransactions(venue: number, limit: number, search: string) {
  return useLiveQuery(
    () =>
      readTransactions(async () => {
        const query = search.trim().toLowerCase();
        const ids = await rowIds(venue);
        let rows: LocalTransaction[];
        let paged: LocalTransaction[];
        if (query) {
          rows = await rowsByTime(venue)
            .filter((row) => matches(row, query))
            .toArray();
          paged = (await allPages(venue, ids)).filter((row) => matches(row, query));
        } else {
          // The newest `limit` of the rows and of the pages hold the newest `limit` of both.
          rows = await rowsByTime(venue).reverse().limit(limit).toArray();
          paged = await leadingPages(venue, ids, (found) => found.length >= limit);
        }
        const results = [...rows, ...paged].sort(newestTransactionFirst).slice(0, limit);
        return { results, total: await countAll(venue, ids) };
      }),
    [venue, limit, search],
  );
}

/**
 * Today's charges at the venue (this device's day), pending ones included, refused ones not. The
 * snapshot's pages are summed from the cache (they change only with a new snapshot), so a
 * drain of many queued writes, which changes the rows one by one, does not reread them each time.
 */
export function useTodayCharges(venue: number) {
  return useLiveQuery(
    () =>
      readTransactions(async () => {
        const start = new Date();
        start.setHours(0, 0, 0, 0);
        const earlier = new Date(start.getTime() - 86_400_000).toISOString();
        const paged = await pagedSummary(venue);
        const rows = await rowsByTime(venue, earlier).toArray();
        const ids = await rowIds(venue);
        /*
         * +1 for a charge of today, -1 for today's reversal of a charge (an undo: it gives the
         * amount back, so its gross is positive), 0 for anything else or a refused write.
         */
        const weight = (t: LocalTransaction) => {
          if (t.rejected || Date.parse(t.occurred_at) < start.getTime()) return 0;
          if (t.kind === 'charge') return 1;
          return t.kind === 'reversal' && t.gross > 0 ? -1 : 0;
        };
        const add = (into: { count: number; sum: number }, t: LocalTransaction, sign = 1) => {
          const w = weight(t);
          if (!w) return;
          into.count += sign * w;
          // Total charged: a charge's amount (gross negative) in, an undo's (positive) out.
          into.sum -= sign * t.gross;
        };
        // The pages' part once per day and snapshot; the rows that override a paged entry taken out.
        if (paged.today?.start !== start.getTime()) {
          const today = { start: start.getTime(), count: 0, sum: 0 };
          for (const row of paged.byId.values()) add(today, row);
          paged.today = today;
        }
        const totals = { count: paged.today.count, sum: paged.today.sum };
        for (const id of ids) {
          const old = typeof id === 'number' ? paged.byId.get(id) : undefined;
          if (old) add(totals, old, -1);
        }
        for (const row of rows) add(totals, row);
        return totals;
      }),
    [venue],
  );
}

/*
 * The stable's quick charge reads two figures over all of a venue's entries: each item's use
 * and a rider's balance. The paged snapshot (tens of thousands of rows) is summed once and kept
 * until its pages change; the per-row table is read live. Which pages there are, and which
 * were written since, is told by the keys of the pages' [venue+page+stamp] index (a stamp is
 * new with every write of a page, in any tab), without reading a page.
 */

interface PagedSummary {
  /** The stamp of each page summed, by page number. */
  pages: Map<number, number>;
  /** The venue's snapshot stamp when the pages were read (snapshot-stamp.ts), if it had one. */
  snapshot?: number;
  byId: Map<number, LocalTransaction>;
  byRider: Map<number, LocalTransaction[]>;
  /** Charges per consumable (refused and reversed ones count too: they were used). */
  uses: Map<number, number>;
  /** Today's paged charges (from `start`, this device's midnight), summed once per day. */
  today?: { start: number; count: number; sum: number };
}

const summaries = new Map<number, PagedSummary>();

function addToSummary(summary: PagedSummary, row: LocalTransaction): void {
  const id = row.id as number;
  summary.byId.set(id, row);
  if (row.rider !== null) {
    const list = summary.byRider.get(row.rider);
    if (list) list.push(row);
    else summary.byRider.set(row.rider, [row]);
  }
  if (row.kind === 'charge' && row.consumable !== null) {
    summary.uses.set(row.consumable, (summary.uses.get(row.consumable) ?? 0) + 1);
  }
}

/** The venue's paged rows summed (from the cache while the pages are unchanged); call in a read transaction. */
async function pagedSummary(venue: number): Promise<PagedSummary> {
  // The venue's stamp unchanged since the pages were summed: one record says they still are.
  const snapshot = await snapshotStamp(floorDb, venue);
  const known = summaries.get(venue);
  if (known && snapshot !== undefined && known.snapshot === snapshot) return known;
  const keys = (await floorDb.transactionPages
    .where('[venue+page+stamp]')
    // [venue] sorts before every key of the venue, [venue, maxKey] after (one array may not
    // appear twice in a key: maxKey twice would make it invalid).
    .between([venue], [venue, Dexie.maxKey])
    .keys()) as unknown as [number, number, number][];
  const stamps = new Map(keys.map(([, page, stamp]) => [page, stamp]));
  // Pages only added since (a snapshot arriving in chunks): those are read and added.
  if (known && [...known.pages].every(([page, stamp]) => stamps.get(page) === stamp)) {
    const added = [...stamps.keys()].filter((page) => !known.pages.has(page));
    if (!added.length) {
      known.snapshot = snapshot;
      return known;
    }
    const pages = await floorDb.transactionPages.bulkGet(added.map((page): [number, number] => [venue, page]));
    // A page written again since its key was read is read whole next time.
    if (pages.every((page) => page !== undefined && page.stamp === stamps.get(page.page))) {
      for (const page of pages) {
        for (const row of pageRows(page!)) addToSummary(known, row);
        known.pages.set(page!.page, page!.stamp);
      }
      delete known.today;
      known.snapshot = snapshot;
      return known;
    }
  }
  const summary: PagedSummary = { pages: new Map(), snapshot, byId: new Map(), byRider: new Map(), uses: new Map() };
  const pages = await floorDb.transactionPages
    .where('[venue+page]')
    .between([venue, Dexie.minKey], [venue, Dexie.maxKey])
    .toArray();
  for (const page of pages) {
    for (const row of pageRows(page)) addToSummary(summary, row);
    summary.pages.set(page.page, page.stamp);
  }
  summaries.set(venue, summary);
  return summary;
}

const counts = (row: LocalTransaction) => !row.rejected;

/** A venue's entries as the charge screens sum them: the paged snapshot's sums and the later rows. */
export interface VenueEntries {
  paged: PagedSummary;
  rows: LocalTransaction[];
}

/** The venue's entries; call inside a read transaction over the transaction tables. */
export async function venueEntries(venue: number): Promise<VenueEntries> {
  const [paged, rows] = await Promise.all([
    pagedSummary(venue),
    floorDb.transactions.where('venue').equals(venue).toArray(),
  ]);
  return { paged, rows };
}

/** A rider's open balance and how many of its entries wait to be sent. */
export interface RiderBalance {
  balance: number;
  pending: number;
}

/**
 * A rider's open balance at the venue from this device's store, in minor units and signed as it
 * affects the rider (charges negative): every entry for the rider (paid by them or their
 * employer), this device's pending ones included, refused ones not.
 */
export function riderBalance({ paged, rows }: VenueEntries, rider: number): RiderBalance {
  const overridden = new Set(rows.map((row) => row.id));
  let balance = 0;
  let pending = 0;
  for (const row of paged.byRider.get(rider) ?? []) if (!overridden.has(row.id)) balance += row.gross;
  for (const row of rows) {
    if (row.rider !== rider || !counts(row)) continue;
    balance += row.gross;
    if (row.pending) pending += 1;
  }
  return { balance, pending };
}

/** How often each of the venue's items was charged here (snapshot and later rows), by consumable id. */
export function itemUsesOf({ paged, rows }: VenueEntries): Map<number, number> {
  const uses = new Map(paged.uses);
  for (const row of rows) {
    const old = typeof row.id === 'number' ? paged.byId.get(row.id) : undefined;
    if (old?.kind === 'charge' && old.consumable !== null) uses.set(old.consumable, uses.get(old.consumable)! - 1);
    if (row.kind === 'charge' && row.consumable !== null) {
      uses.set(row.consumable, (uses.get(row.consumable) ?? 0) + 1);
    }
  }
  return uses;
}

/** The rider's balance, live; `null` reads nothing (the screen read it with the person). */
export function useRiderBalance(venue: number, rider: number | null) {
  return useLiveQuery(
    async (): Promise<RiderBalance | undefined> =>
      rider === null ? undefined : readTransactions(async () => riderBalance(await venueEntries(venue), rider)),
    [venue, rider],
  );
}

/** How often each of the venue's items was charged here (snapshot and later rows), by consumable id. */
export function useItemUses(venue: number) {
  // An async scope: Dexie keeps its transaction across the native awaits of an async function only.
  return useLiveQuery(() => readTransactions(async () => itemUses(venue)), [venue]);
}

/** The item uses of `venue`; call inside a read transaction over the transaction tables. */
export async function itemUses(venue: number): Promise<Map<number, number>> {
  return itemUsesOf(await venueEntries(venue));
}

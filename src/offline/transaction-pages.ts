import Dexie, { RangeSet, type ObservabilitySet, type Transaction } from 'dexie';
import { newStamp, type FloorDb, type LocalTransaction, type TransactionPage } from './db';

/*
 * The pages of a snapshot's transactions (db.ts TransactionPage): made, read and written here.
 * A snapshot of 50,000 entries is 50 pages; written through Dexie's table API, every page's
 * 1,000 index keys were tracked one by one for the live queries (a second of the main thread
 * per snapshot), so pages are put straight into IndexedDB and the whole table is marked changed.
 */

/** A page of `rows` (newest first); `json`: their JSON text when it is at hand already. */
export function transactionPage(
  venue: number,
  page: number,
  rows: readonly { id: number | string }[],
  json = JSON.stringify(rows),
): TransactionPage {
  const ids: [number, number][] = [];
  for (const row of rows) if (typeof row.id === 'number') ids.push([venue, row.id]);
  return { venue, page, rows: json, ids, stamp: newStamp() };
}

/** A page's rows, each with its venue. */
export function pageRows(page: TransactionPage): LocalTransaction[] {
  const rows = JSON.parse(page.rows) as LocalTransaction[];
  for (const row of rows) row.venue = page.venue;
  return rows;
}

type NativeTransaction = IDBTransaction & { mutatedParts?: ObservabilitySet };

/**
 * Puts `pages` in `tx` (read-write over transactionPages), in the order of the requests made in
 * it so far (a deletion awaited before stays before). Call it while the transaction is active: in
 * its scope, not after awaiting anything but the transaction's own requests.
 */
export function putTransactionPages(db: FloorDb, tx: Transaction, pages: readonly TransactionPage[]): void {
  if (!pages.length) return;
  const native = tx.idbtrans as NativeTransaction;
  const store = native.objectStore(db.transactionPages.name);
  for (const page of pages) store.put(page);
  /*
   * Dexie's live queries re-run and its caches drop what a committed transaction lists in
   * `mutatedParts` (what its own writes record there): the whole table, as a clear() records it.
   */
  const everything = () => new RangeSet(Dexie.minKey, Dexie.maxKey);
  const prefix = `idb://${db.name}/${db.transactionPages.name}/`;
  const parts: ObservabilitySet = { [prefix]: everything(), [`${prefix}:dels`]: everything() };
  for (const index of db.transactionPages.schema.indexes) parts[prefix + index.name] = everything();
  native.mutatedParts = Dexie.extendObservabilitySet(native.mutatedParts ?? {}, parts);
}

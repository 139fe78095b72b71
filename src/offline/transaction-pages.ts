import type { Transaction } from 'dexie';
import { newStamp, type FloorDb, type LocalTransaction, type TransactionPage } from './db';
import { putStraight } from './put-straight';
import { stampSnapshots } from './snapshot-stamp';

/* The pages of a snapshot's transactions (db.ts TransactionPage): made, read and written here. */

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

/** Puts `pages` in `tx` (read-write over transactionPages and snapshotStamps): see putStraight. */
export function putTransactionPages(db: FloorDb, tx: Transaction, pages: readonly TransactionPage[]): void {
  putStraight(tx, db.transactionPages, pages);
  stampSnapshots(
    db,
    tx,
    pages.map((page) => page.venue),
  );
}

import type { Transaction } from 'dexie';
import { entryColumns, entryRows, type EntryColumns } from '@shared/floor-stream';
import type { FloorTransaction } from '@shared/schemas/floor';
import { newStamp, type FloorDb, type LocalTransaction, type TransactionPage } from './db';
import { putStraight } from './put-straight';
import { stampSnapshots } from './snapshot-stamp';

/* The pages of a snapshot's transactions (db.ts TransactionPage): made, read and written here. */

/** A page of `size` entries (newest first) whose columns' JSON text is `columns`, as the pull brought it. */
export function transactionPage(venue: number, page: number, size: number, columns: string): TransactionPage {
  return { venue, page, columns, size, stamp: newStamp() };
}

/** A page of `rows` (newest first). */
export const transactionPageOf = (venue: number, page: number, rows: readonly FloorTransaction[]): TransactionPage =>
  transactionPage(venue, page, rows.length, JSON.stringify(entryColumns(rows)));

/** A page's rows, each with its venue. */
export function pageRows(page: TransactionPage): LocalTransaction[] {
  const rows = entryRows(JSON.parse(page.columns) as EntryColumns) as LocalTransaction[];
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

import type { Transaction } from 'dexie';
import { newStamp, type FloorDb } from './db';
import { putStraight } from './put-straight';

/* The venue's snapshot stamp (db.ts SnapshotStamp): made anew with every write of its pages or chunks. */

/** A new stamp for each of `venues` in `tx` (read-write over snapshotStamps): see putStraight. */
export function stampSnapshots(db: FloorDb, tx: Transaction, venues: Iterable<number>): void {
  putStraight(
    tx,
    db.snapshotStamps,
    [...new Set(venues)].map((venue) => ({ venue, stamp: newStamp() })),
  );
}

/** The venue's snapshot stamp; undefined where none is recorded (a venue stored before stamps). */
export async function snapshotStamp(db: FloorDb, venue: number): Promise<number | undefined> {
  return (await db.snapshotStamps.get(venue))?.stamp;
}

import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FloorDb } from '@/offline/db';
import {
  clearSnapshotChunks,
  putSnapshotChunks,
  removeFromChunks,
  snapshotChunk,
  venueRows,
} from '@/offline/snapshot-chunks';
import { snapshotStamp } from '@/offline/snapshot-stamp';
import { rider } from './offline-fakes';

/* The venue's snapshot stamp: one record tells a reader its parsed chunks are still current. */

const VENUE = 1;
let db: FloorDb;
let count = 0;

beforeEach(() => {
  count += 1;
  db = new FloorDb(`snapshot-stamp-${count}`);
});
afterEach(async () => {
  await db.delete();
});

const write = (ids: number[], chunk = 0) =>
  db.transaction('rw', db.snapshotChunks, db.snapshotStamps, (tx) =>
    putSnapshotChunks(db, tx, [
      snapshotChunk(
        VENUE,
        'riders',
        chunk,
        ids.map((id) => rider(id)),
      ),
    ]),
  );

const read = () =>
  db.transaction('r', db.snapshotChunks, db.snapshotStamps, db.riders, async () =>
    (await venueRows(db, VENUE, 'riders')).map((row) => row.id),
  );

describe('the snapshot stamp', () => {
  it('is made anew by every write of a chunk, and a reader of an unchanged stamp reads no chunk again', async () => {
    await write([1, 2]);
    const first = await snapshotStamp(db, VENUE);
    expect(first).toEqual(expect.any(Number));
    expect(await read()).toEqual([1, 2]);

    const chunks = vi.spyOn(db.snapshotChunks, 'where');
    expect(await read()).toEqual([1, 2]);
    expect(chunks).not.toHaveBeenCalled();

    await write([3], 1);
    expect(await snapshotStamp(db, VENUE)).not.toBe(first);
    expect(await read()).toEqual([1, 2, 3]);
    expect(chunks).toHaveBeenCalled();
    chunks.mockRestore();

    // A tombstone rewrites the chunk that held the row: a new stamp, the row gone for readers.
    await db.transaction('rw', db.snapshotChunks, db.snapshotStamps, (tx) =>
      removeFromChunks(db, tx, VENUE, 'riders', (row) => row.id === 2),
    );
    expect(await read()).toEqual([1, 3]);
  });

  it("goes with the venue's chunks: their readers then read what is stored", async () => {
    await write([1, 2]);
    expect(await read()).toEqual([1, 2]);
    await db.transaction('rw', db.snapshotChunks, db.snapshotStamps, () => clearSnapshotChunks(db, VENUE));
    expect(await snapshotStamp(db, VENUE)).toBeUndefined();
    expect(await read()).toEqual([]);
  });
});

import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { FloorDb } from '@/offline/db';
import { venueRows } from '@/offline/snapshot-chunks';
import { pageRows } from '@/offline/transaction-pages';
import { chargeWrite, localCharge, rider, serverCharge } from './offline-fakes';

/* A device with the first version of the offline store takes the app's update without losing anything. */

const NAME = 'upgrade-from-1';

/** The store as the first version of the app made it. */
class FirstVersion extends Dexie {
  constructor() {
    super(NAME);
    this.version(1).stores({
      riders: 'id, venue, rider',
      grooms: 'id, venue, rider, participation',
      horses: 'id, venue, participation, [venue+head_number]',
      consumables: 'id, venue',
      transactions: 'id, venue, [venue+occurred_at], pending',
      transactionPages: '[venue+page], *ids',
      attendees: 'id, venue, key',
      checkins: 'id, venue, attendee, key',
      signins: 'id, venue, participation, key',
      inspections: 'id, venue, horse, key',
      outbox: '++seq, &key, venue, user',
      attention: 'key, venue, user',
      sync: 'venue',
      myCodes: 'code, user',
    });
  }
}

/** The store as version 3 made it: pages of rows as JSON text, indexed by their ids. */
class ThirdVersion extends FirstVersion {
  constructor() {
    super();
    this.version(2).stores({
      transactionPages: '[venue+page], *ids, [venue+page+stamp]',
      snapshotChunks: '[venue+entity+chunk], [venue+entity+chunk+stamp]',
    });
    this.version(3).stores({ snapshotStamps: 'venue' });
  }
}

afterEach(async () => {
  await Dexie.delete(NAME);
});

describe('the offline store upgraded from version 3', () => {
  it('keeps the pages, their rows now in columns and counted, and the unsent writes', async () => {
    const old = new ThirdVersion();
    const paged = [serverCharge(12, null), serverCharge(11, 'k-11')];
    await old.table('transactionPages').put({
      venue: 1,
      page: 0,
      rows: JSON.stringify(paged),
      ids: [
        [1, 12],
        [1, 11],
      ],
      stamp: 5,
    });
    await old.table('snapshotStamps').put({ venue: 1, stamp: 5 });
    await old.table('transactions').put(localCharge(1, 'key-1'));
    old.close();

    const db = new FloorDb(NAME);
    await db.open();
    expect(db.verno).toBe(4);
    const page = (await db.transactionPages.get([1, 0]))!;
    expect(page).toMatchObject({ venue: 1, page: 0, size: 2 });
    expect(page).not.toHaveProperty('rows');
    expect(page).not.toHaveProperty('ids');
    expect(page.stamp).not.toBe(5);
    expect(pageRows(page)).toEqual(paged.map((row) => ({ ...row, venue: 1 })));
    // A reader's copy of the old pages goes with the venue's stamp.
    expect(await db.snapshotStamps.count()).toBe(0);
    expect(await db.transactions.get('key-1')).toMatchObject({ pending: 1 });
    db.close();
  });
});

describe('the offline store upgraded from its first version', () => {
  it('keeps every unsent write and the snapshot, its pages in the new form', async () => {
    const old = new FirstVersion();
    const outbox = [1, 2, 3].map((n) => {
      const write = chargeWrite(1, `key-${n}`);
      return {
        key: write.key,
        user: 7,
        userName: 'Stella Stable',
        venue: 1,
        entity: write.entity,
        method: 'POST' as const,
        path: write.path,
        body: write.body,
        createdAt: '2026-05-01T10:00:00.000Z',
        attempts: n - 1,
        notBefore: 0,
      };
    });
    await old.table('outbox').bulkAdd(outbox);
    await old.table('transactions').bulkPut(outbox.map((item) => localCharge(1, item.key)));
    const paged = [serverCharge(12, null), serverCharge(11, 'k-11')].map((row) => ({ ...row, venue: 1 }));
    await old.table('transactionPages').put({
      venue: 1,
      page: 0,
      rows: paged,
      ids: [
        [1, 12],
        [1, 11],
      ],
    });
    await old.table('sync').put({ venue: 1, cursor: 40, venueName: 'Demo Show', currency: 'EUR' });
    await old.table('riders').bulkPut([1, 2].map((id) => ({ ...rider(id), venue: 1 })));
    const before = await old.table('outbox').toArray();
    old.close();

    const db = new FloorDb(NAME);
    await db.open();
    expect(db.verno).toBe(4);
    expect(await db.outbox.toArray()).toEqual(before);
    expect((await db.transactions.toArray()).map((row) => row.id).sort()).toEqual(['key-1', 'key-2', 'key-3']);
    const page = (await db.transactionPages.get([1, 0]))!;
    // The rows in columns, counted, no longer indexed by their ids.
    expect(typeof page.columns).toBe('string');
    expect(page).not.toHaveProperty('rows');
    expect(page).not.toHaveProperty('ids');
    expect(page.size).toBe(2);
    expect(pageRows(page)).toEqual(paged);
    expect(page.stamp).toEqual(expect.any(Number));
    expect(await db.transactionPages.where('[venue+page+stamp]').between([1], [1, Dexie.maxKey]).count()).toBe(1);
    expect((await db.sync.get(1))!.cursor).toBe(40);
    // The rows stored row by row before are read as the venue's, beside any chunks to come.
    expect((await venueRows(db, 1, 'riders')).map((row) => row.id)).toEqual([1, 2]);
    // No snapshot stamp yet: the readers go by the pages' and chunks' own stamps until a write makes one.
    expect(await db.snapshotStamps.count()).toBe(0);
    db.close();
  });
});

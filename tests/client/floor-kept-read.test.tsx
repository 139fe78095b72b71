import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as SyncModule from '@/offline/sync';
import { floorDb } from '@/offline/db';
import { KEPT_QUIET_MS, keptRead } from '@/offline/kept-read';
import { keptQrCharge, readAhead, readQrCharge } from '@/offline/queries';
import { entry, outbox, PAGE_LOAD, rita, storeSnapshot, withOfflineStable } from './floor-fixtures';
import { renderApp } from './helpers';

// No pulls in these tests: the store is written directly.
vi.mock('@/offline/sync', async (importOriginal) => ({
  ...(await importOriginal<typeof SyncModule>()),
  useFloorSync: vi.fn(),
}));

const CODE = rita.qr;

withOfflineStable();

/** A later entry of Rita's, as a pull stores it (a row of its own, beside the snapshot's pages). */
const later = (id: number, gross: number) =>
  floorDb.transactions.put(entry(id, { gross, unit_price: -gross, occurred_at: new Date().toISOString() }));

describe('kept reads of a scan', () => {
  it('keeps what a scan read until one of its tables changes, then keeps the read after', async () => {
    await storeSnapshot([entry(101), entry(102, { gross: -2000 })]);
    // Whatever an earlier test left kept: the writes since dropped it, this read keeps it anew.
    const first = await readQrCharge(1, CODE);
    expect(first.balance).toEqual({ balance: -3500, pending: 0 });
    const kept = keptQrCharge(1, CODE);
    expect(kept?.person?.rider.name).toBe('Rita Reiter');
    expect(kept?.balance).toEqual({ balance: -3500, pending: 0 });
    // A scan then needs no IndexedDB request: the read ahead is there at once.
    expect(readAhead(1, CODE).result?.balance).toEqual({ balance: -3500, pending: 0 });

    await later(103, -700);
    expect(keptQrCharge(1, CODE)).toBeUndefined();
    expect((await readQrCharge(1, CODE)).balance).toEqual({ balance: -4200, pending: 0 });
    expect(keptQrCharge(1, CODE)?.balance).toEqual({ balance: -4200, pending: 0 });

    // A change of the snapshot's pages (a new snapshot) drops it too.
    await storeSnapshot([entry(104, { gross: -100 })]);
    expect(keptQrCharge(1, CODE)).toBeUndefined();
    expect((await readQrCharge(1, CODE)).balance?.balance).toBe(-800);
  });

  it('keeps no read that a change of its tables overtook', async () => {
    let changes = 0;
    const read = keptRead(floorDb, [floorDb.consumables], async () => {
      const rows = await floorDb.consumables.toArray();
      // A write commits while the read is on its way.
      if (changes++ === 0) await floorDb.consumables.put({ ...rows[0]!, id: 77, name: 'Late hay' });
      return rows;
    });
    await read.read();
    expect(read.peek()).toBeUndefined();
    await read.read();
    expect(read.peek()?.some((row) => row.name === 'Late hay')).toBe(true);
    await floorDb.consumables.delete(77);
    expect(read.peek()).toBeUndefined();
  });

  it('reads a held read again once the store is quiet after a change, and no longer once released', async () => {
    let reads = 0;
    const read = keptRead(floorDb, [floorDb.consumables], async () => {
      reads += 1;
      return floorDb.consumables.count();
    });
    const release = read.hold();
    // Never read: holding reads nothing (nothing beside a first pull).
    await new Promise((resolve) => setTimeout(resolve, KEPT_QUIET_MS * 2));
    expect(reads).toBe(0);
    await read.read();
    const before = read.peek()!;
    await floorDb.consumables.put({ ...(await floorDb.consumables.toCollection().first())!, id: 78 });
    expect(read.peek()).toBeUndefined();
    await waitFor(() => expect(read.peek()).toBe(before + 1));
    expect(reads).toBe(2);
    release();
    await floorDb.consumables.delete(78);
    await new Promise((resolve) => setTimeout(resolve, KEPT_QUIET_MS * 2));
    expect(read.peek()).toBeUndefined();
    expect(reads).toBe(2);
  });

  it("a scan after a charge and a pull's new entry shows both at once, from the reads kept by the stable's screens", async () => {
    await storeSnapshot([entry(101)]);
    const router = renderApp('/stable/dashboard');
    await screen.findByRole('heading', { name: 'Stable', level: 1 }, PAGE_LOAD);
    await act(() => router.navigate(`/stable/qr/${CODE}`));
    const form = await screen.findByRole('form', { name: 'Charge' }, PAGE_LOAD);
    expect(within(form).getByText(/^Open balance/).textContent).toContain('-15.00');
    fireEvent.click(
      within(within(form).getByRole('group', { name: 'Most used items' })).getByRole('button', {
        name: /Shavings bale/,
      }),
    );
    fireEvent.click(within(form).getByRole('button', { name: /^Charge / }));
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    await act(() => router.navigate('/stable/dashboard'));
    await later(105, -250);
    // The stable's screens hold the scan's reads: read again once the store is quiet.
    await waitFor(() => expect(keptQrCharge(1, CODE)?.balance).toEqual({ balance: -3250, pending: 1 }), PAGE_LOAD);
    await act(() => router.navigate(`/stable/qr/${CODE}`));
    // In the screen's first render: no read of its own first.
    const again = screen.getByRole('form', { name: 'Charge' });
    expect(within(again).getByText(/^Open balance/).textContent).toContain('-32.50');
    expect(within(again).getByText(/^Open balance/).textContent).toContain('1');
  });
});

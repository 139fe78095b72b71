import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@shared/money';
import type { FloorTransaction } from '@shared/schemas/floor';
import type * as SyncModule from '@/offline/sync';
import { floorDb, type LocalConsumable, type TransactionPage } from '@/offline/db';
import { saveWrite } from '@/offline/outbox';
import { useItemUses, useTodayCharges } from '@/offline/queries';
import { useFloorStatus } from '@/offline/status';
import { putTransactionPages, transactionPageOf } from '@/offline/transaction-pages';
import { MAX_CHARGE_QUANTITY, UNDO_VISIBLE_MS } from '@/offline/writes';
import { StatusBar } from '@/features/floor/components/status-bar';
import { rankItems } from '@/features/floor/components/quick-charge';
import {
  activeVenue,
  entry,
  outbox,
  PAGE_LOAD,
  setOnline,
  shavings,
  stableUser,
  storeSnapshot,
  withOfflineStable,
} from './floor-fixtures';
import { chargeWrite } from './offline-fakes';
import { renderApp, renderWithMantine, resetStore } from './helpers';

/* The stable's quick charge: items by use, stepper, total, one-tap save, undo, balance. */

vi.mock('@/offline/sync', async (importOriginal) => ({
  ...(await importOriginal<typeof SyncModule>()),
  useFloorSync: vi.fn(),
}));

const EUR = (minor: number) => formatMoney(minor, '€');

/** Eight active items of the price list (ids 50…57, names A… in price list order). */
const items: LocalConsumable[] = [
  'Apples',
  'Box fee',
  'Carrots',
  'Deep litter',
  'Electrolytes',
  'Fly spray',
  'Grain',
  'Hay net',
].map((name, i) => ({ ...shavings, id: 50 + i, name, unit_price: 100 * (i + 1) }));

async function openRita() {
  renderApp('/stable/qr/r3-abcdef123456');
  expect(await screen.findByRole('heading', { name: 'Rita Reiter' }, PAGE_LOAD)).toBeTruthy();
  return screen.findByRole('form', { name: 'Charge' });
}

const mostUsed = async (form: HTMLElement) =>
  within(await within(form).findByRole('group', { name: 'Most used items' })).getAllByRole('button');

withOfflineStable();

describe('rankItems', () => {
  it('orders by use, keeping the price list order among equals', () => {
    const uses = new Map([
      [52, 5],
      [57, 9],
      [50, 5],
    ]);
    expect(rankItems(items, uses).map((c) => c.id)).toEqual([57, 50, 52, 51, 53, 54, 55, 56]);
    expect(rankItems(items, undefined).map((c) => c.id)).toEqual(items.map((c) => c.id));
  });
});

describe('stable: quick charge', () => {
  it("shows the venue's six most used items as buttons (snapshot and later rows counted), the rest under Other item", async () => {
    await floorDb.consumables.bulkPut(items);
    const charge = (id: number, n: number, first: number) =>
      Array.from({ length: n }, (_, i) => entry(first + i, { consumable: id }));
    // Grain 4×, Hay net 3× (+2 in later rows = 5), Carrots 2×, a payment never counts.
    await storeSnapshot([
      ...charge(56, 4, 100),
      ...charge(57, 3, 200),
      ...charge(52, 2, 300),
      entry(400, { kind: 'payment', consumable: 50, gross: 5000 }),
    ]);
    await floorDb.transactions.bulkPut([entry(500, { consumable: 57 }), entry(501, { consumable: 57 })]);
    const form = await openRita();
    await waitFor(async () =>
      expect((await mostUsed(form)).map((b) => b.textContent)).toEqual([
        `Hay net${EUR(800)}`,
        `Grain${EUR(700)}`,
        `Carrots${EUR(300)}`,
        `Apples${EUR(100)}`,
        `Box fee${EUR(200)}`,
        `Deep litter${EUR(400)}`,
      ]),
    );
    const other = within(form).getByLabelText('Other item');
    const options = within(other)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options.slice(1).map((o) => o?.split(' · ')[0])).toEqual(['Electrolytes', 'Fly spray', 'Shavings bale']);
  });

  // A thousand taps: quick alone, slow on a busy machine.
  it('adds with a tap, steps the quantity within 1–999 and shows the running total', { timeout: 360_000 }, async () => {
    const form = await openRita();
    const [button] = await mostUsed(form);
    fireEvent.click(button!);
    fireEvent.click(button!);
    expect(within(form).getByLabelText('Quantity of Shavings bale').textContent).toBe('2');
    expect(within(form).getByText(`Total: ${EUR(3000)}`)).toBeTruthy();
    const less = within(form).getByRole('button', { name: 'One Shavings bale less' });
    const more = within(form).getByRole('button', { name: 'One Shavings bale more' });
    fireEvent.click(less);
    expect(within(form).getByLabelText('Quantity of Shavings bale').textContent).toBe('1');
    expect(less).toHaveProperty('disabled', true);
    fireEvent.click(less);
    expect(within(form).getByLabelText('Quantity of Shavings bale').textContent).toBe('1');
    for (let n = 1; n < MAX_CHARGE_QUANTITY + 3; n++) fireEvent.click(more);
    expect(within(form).getByLabelText('Quantity of Shavings bale').textContent).toBe(String(MAX_CHARGE_QUANTITY));
    expect(more).toHaveProperty('disabled', true);
    expect(within(form).getByText(`Total: ${EUR(1500 * MAX_CHARGE_QUANTITY)}`)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Remove Shavings bale' }));
    expect(within(form).getByText(`Total: ${EUR(0)}`)).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    expect(await outbox()).toHaveLength(0);
  });

  it('one tap queues one write per line with its own key and the right body', async () => {
    await floorDb.consumables.bulkPut(items.slice(0, 2));
    const form = await openRita();
    const buttons = await mostUsed(form);
    const apples = buttons.find((b) => b.textContent?.startsWith('Apples'))!;
    const shavingsButton = buttons.find((b) => b.textContent?.startsWith('Shavings'))!;
    fireEvent.click(apples);
    fireEvent.click(shavingsButton);
    fireEvent.click(within(form).getByRole('button', { name: 'One Shavings bale more' }));
    fireEvent.click(within(form).getByRole('button', { name: `Charge ${EUR(100 + 3000)}` }));
    await waitFor(async () => expect(await outbox()).toHaveLength(2));
    const queued = await outbox();
    expect(queued.map((item) => item.body)).toEqual([
      expect.objectContaining({ party_id: 3, consumable: 50, quantity: 1, kind: 'charge', source: 'stable' }),
      expect.objectContaining({ party_id: 3, consumable: 8, quantity: 2, kind: 'charge', source: 'stable' }),
    ]);
    expect(new Set(queued.map((item) => item.key)).size).toBe(2);
    expect(queued.every((item) => item.path === 'transaction/' && item.method === 'POST')).toBe(true);
    // The toast follows the saved state's paint.
    await waitFor(() =>
      expect(vi.mocked(notifications.show)).toHaveBeenCalledWith(
        expect.objectContaining({ message: `${EUR(3100)} charged to Rita Reiter.` }),
      ),
    );
    await waitFor(() => expect(within(form).getByText(`Total: ${EUR(0)}`)).toBeTruthy());
  });

  it('saves on the device waiting on nothing but IndexedDB: saved and undoable while the server does not answer', async () => {
    await floorDb.consumables.bulkPut(items.slice(0, 2));
    const form = await openRita();
    const apples = (await mostUsed(form)).find((b) => b.textContent?.startsWith('Apples'))!;
    fireEvent.click(apples);
    // Online, but nothing the app asks of the server is ever answered.
    setOnline(true);
    const hanging = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', hanging);
    fireEvent.click(within(form).getByRole('button', { name: `Charge ${EUR(100)}` }));
    expect(await within(form).findByRole('button', { name: 'Undo' })).toBeTruthy();
    expect(await outbox()).toHaveLength(1);
    // What reached for the network meanwhile is only the outbox sending the saved write: no query was refetched.
    const asked = hanging.mock.calls.map(
      ([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://x').pathname}`,
    );
    expect(asked.filter((call) => call !== 'POST /api/v1/floor/writes/')).toEqual([]);
  });

  it("shows the rider's open balance at the venue from the store, pending charges included", async () => {
    await storeSnapshot([
      entry(100, { gross: -1500 }),
      entry(101, { gross: -3000 }),
      entry(102, { kind: 'payment', gross: 2000, consumable: null }),
      // Bruno's entry does not count for Rita.
      entry(103, { rider: 4, gross: -9900 }),
    ]);
    // A later change replaces entry 101 (now 10.00), a refused write never counts.
    await floorDb.transactions.bulkPut([
      entry(101, { gross: -1000 }),
      { ...entry(0, { gross: -7700 }), id: 'k-r', key: 'k-r', rejected: 1 },
    ]);
    const form = await openRita();
    expect(await within(form).findByText(`Open balance at Paddock Classic 2026: ${EUR(-500)}`)).toBeTruthy();
    fireEvent.click((await mostUsed(form))[0]!);
    fireEvent.click(within(form).getByRole('button', { name: /^Charge / }));
    expect(
      await within(form).findByText(`Open balance at Paddock Classic 2026: ${EUR(-2000)} (1 of them not sent yet)`),
    ).toBeTruthy();
  });

  it('undoes the last charge once: a reversal queued after it, named by its key; the balance goes back', async () => {
    const form = await openRita();
    expect(await within(form).findByText(`Open balance at Paddock Classic 2026: ${EUR(0)}`)).toBeTruthy();
    fireEvent.click((await mostUsed(form))[0]!);
    fireEvent.click(within(form).getByRole('button', { name: /^Charge / }));
    await within(form).findByText(`Open balance at Paddock Classic 2026: ${EUR(-1500)} (1 of them not sent yet)`);
    const undo = await within(form).findByRole('button', { name: 'Undo' });
    fireEvent.click(undo);
    await waitFor(async () => expect(await outbox()).toHaveLength(2));
    await waitFor(() => expect(within(form).queryByRole('button', { name: 'Undo' })).toBeNull());
    const [charge, reversal] = await outbox();
    expect(reversal).toMatchObject({ method: 'POST', path: 'transaction/undo/', entity: 'transactions' });
    expect(reversal!.seq).toBeGreaterThan(charge!.seq!);
    expect(reversal!.key).not.toBe(charge!.key);
    expect(reversal!.body).toEqual({ venue: 1, key: charge!.key, device_id: localStorage.getItem('paddock.deviceId') });
    expect(await floorDb.transactions.get(reversal!.key)).toMatchObject({ kind: 'reversal', gross: 1500, pending: 1 });
    expect(
      await within(form).findByText(`Open balance at Paddock Classic 2026: ${EUR(0)} (2 of them not sent yet)`),
    ).toBeTruthy();
    // Gone after one use: a second undo cannot be queued.
    expect(await outbox()).toHaveLength(2);
  });
});

describe('stable: the undo', () => {
  it('goes away after UNDO_VISIBLE_MS although the screen re-renders meanwhile; nothing queued', async () => {
    // The clock is the screen's own timer, not the time this machine takes: one timer of
    // UNDO_VISIBLE_MS from the save, which a re-render neither restarts nor adds to.
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const undoTimers = () => timers.mock.calls.filter(([, ms]) => ms === UNDO_VISIBLE_MS);
    try {
      const form = await openRita();
      fireEvent.click((await mostUsed(form))[0]!);
      fireEvent.click(within(form).getByRole('button', { name: /^Charge / }));
      await within(form).findByRole('button', { name: 'Undo' });
      expect(undoTimers()).toHaveLength(1);
      // A line added meanwhile re-renders the screen: the clock keeps running from the save.
      fireEvent.click((await mostUsed(form))[0]!);
      expect(await within(form).findByText(`Total: ${EUR(1500)}`)).toBeTruthy();
      expect(within(form).getByRole('button', { name: 'Undo' })).toBeTruthy();
      expect(undoTimers()).toHaveLength(1);
      await waitFor(() => expect(within(form).queryByRole('button', { name: 'Undo' })).toBeNull());
      expect(undoTimers()).toHaveLength(1);
    } finally {
      timers.mockRestore();
    }
    expect((await outbox()).map((item) => item.path)).toEqual(['transaction/']);
  });
});

describe('the snapshot sums while a snapshot arrives in chunks', () => {
  it('count the entries of each new page once, and everything again when a page changes', async () => {
    await floorDb.transactionPages.clear();
    const page = (number: number, ids: number[]) =>
      transactionPageOf(1, number, ids.map((id) => entry(id, { consumable: 5 })) as FloorTransaction[]);
    // As the pull stores them: straight into IndexedDB, the live queries told by the commit.
    const put = (...pages: TransactionPage[]) =>
      floorDb.transaction('rw', floorDb.transactionPages, floorDb.snapshotStamps, (tx) =>
        putTransactionPages(floorDb, tx, pages),
      );
    await put(page(0, [1, 2]));
    const { result } = renderHook(() => useItemUses(1));
    await waitFor(() => expect(result.current?.get(5)).toBe(2));
    await put(page(1, [3, 4, 5]));
    await waitFor(() => expect(result.current?.get(5)).toBe(5));
    await put(page(2, [6]), page(3, [7]));
    await waitFor(() => expect(result.current?.get(5)).toBe(7));
    // A page rewritten (an entry deleted from it): summed again from all pages.
    await put(page(0, [1]));
    await waitFor(() => expect(result.current?.get(5)).toBe(6));
    // Written through Dexie's own table, the venue's snapshot stamp dropped with it (as a
    // snapshot's clearing does): read again by the pages' own stamps.
    await floorDb.transaction('rw', floorDb.transactionPages, floorDb.snapshotStamps, async () => {
      await floorDb.transactionPages.put(page(1, [3]));
      await floorDb.snapshotStamps.delete(1);
    });
    await waitFor(() => expect(result.current?.get(5)).toBe(4));
    // The stamp unchanged, nothing of the pages is read again: their sums are taken as they are.
    const reads = vi.spyOn(floorDb.transactionPages, 'where');
    await put(page(4, [8]));
    await waitFor(() => expect(result.current?.get(5)).toBe(5));
    reads.mockClear();
    await floorDb.transactions.put({ ...entry(9, { consumable: 5 }), id: 'k-9', key: 'k-9', pending: 1 });
    await waitFor(() => expect(result.current?.get(5)).toBe(6));
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
  });
});

describe("today's charges from the cached snapshot sums", () => {
  it('take a later change of a paged entry instead of the paged one, net of undos, and follow a new snapshot', async () => {
    const now = new Date().toISOString();
    await storeSnapshot([entry(1, { occurred_at: now, gross: -1000 }), entry(2, { occurred_at: now, gross: -2000 })]);
    const { result } = renderHook(() => useTodayCharges(1));
    await waitFor(() => expect(result.current).toEqual({ count: 2, sum: 3000 }));
    await floorDb.transactions.put(entry(2, { occurred_at: now, gross: -500 }));
    await waitFor(() => expect(result.current).toEqual({ count: 2, sum: 1500 }));
    // An undo of today (a reversal giving the amount back) takes its charge out.
    await floorDb.transactions.put({
      ...entry(0, { kind: 'reversal', occurred_at: now, gross: 1000 }),
      id: 'k-undo',
      key: 'k-undo',
      pending: 1,
    });
    await waitFor(() => expect(result.current).toEqual({ count: 1, sum: 500 }));
    await floorDb.transactions.clear();
    await floorDb.transactionPages.clear();
    await storeSnapshot([entry(3, { occurred_at: now, gross: -700 })]);
    await waitFor(() => expect(result.current).toEqual({ count: 1, sum: 700 }));
  });
});

describe('pending count', () => {
  it('is unknown (null) until the outbox has been read, never 0 while writes wait', async () => {
    for (let n = 0; n < 33; n++) await saveWrite(floorDb, stableUser.id, chargeWrite(1, `key-${n}`));
    const { result } = renderHook(() => useFloorStatus(1));
    expect(result.current.pending).toBeNull();
    await waitFor(() => expect(result.current.pending).toBe(33));
  });

  it('stays unknown while nobody is signed in yet (a sign-in loading the user)', async () => {
    await saveWrite(floorDb, stableUser.id, chargeWrite(1, 'key-a'));
    resetStore({ token: 'token', user: null, activeVenue });
    const { result } = renderHook(() => useFloorStatus(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(result.current.pending).toBeNull();
  });

  it('the status bar says it is checking instead of showing a count', () => {
    const status = {
      online: true,
      reachable: true,
      pending: null,
      others: [],
      attention: 0,
      lastSyncAt: null,
      persisted: false,
      syncing: false,
      outdated: false,
      ready: true,
    };
    renderWithMantine(
      <MemoryRouter>
        <StatusBar status={status} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Checking writes waiting…')).toBeTruthy();
    expect(screen.queryByText(/Writes pending/)).toBeNull();
  });
});

describe('storage badge', () => {
  it('is neutral and explains itself on a tap, with the advice to install the app', async () => {
    const status = {
      online: true,
      reachable: true,
      pending: 0,
      others: [],
      attention: 0,
      lastSyncAt: null,
      persisted: false,
      syncing: false,
      outdated: false,
      ready: true,
    };
    renderWithMantine(
      <MemoryRouter>
        <StatusBar status={status} />
      </MemoryRouter>,
    );
    const chip = screen.getByRole('button', { name: 'Storage may be cleared: what this means' });
    expect(chip.querySelector('.mantine-Badge-root')?.getAttribute('data-variant')).toBe('outline');
    fireEvent.click(chip);
    expect(await screen.findByText('This browser may clear its stored data')).toBeTruthy();
    expect(screen.getByText(/Install the app/)).toBeTruthy();
  });
});

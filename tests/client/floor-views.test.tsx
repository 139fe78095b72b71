import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as SyncModule from '@/offline/sync';
import { floorDb } from '@/offline/db';
import { applyChanges } from '@/offline/pull';
import { floorSync } from '@/offline/sync';
import { browser } from '@/lib/browser';
import { formatDateTime, formatMoney } from '@/lib/format';
import { entry, PAGE_LOAD, seedFloor, setOnline, storeSnapshot, type, withOfflineStable } from './floor-fixtures';
import { renderApp } from './helpers';
import { changes } from './offline-fakes';

vi.mock('@/offline/sync', async (importOriginal) => ({
  ...(await importOriginal<typeof SyncModule>()),
  useFloorSync: vi.fn(),
}));

// A device without a usable camera: the scanner says so and the typed code is the way in.
vi.mock('html5-qrcode', () => ({
  Html5QrcodeSupportedFormats: { QR_CODE: 0 },
  Html5Qrcode: class {
    start() {
      return Promise.reject(new Error('NotAllowedError'));
    }
  },
}));

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const NOW = new Date().toISOString();
const startOfToday = () => new Date(new Date().setHours(0, 0, 0, 0));

withOfflineStable();

describe('stable dashboard', () => {
  it("sums today's charges at the venue, pending ones included, refused and older ones not", async () => {
    const today = startOfToday().getTime();
    const sinceMidnight = (minutes: number) => new Date(today + minutes * 60_000).toISOString();
    // The snapshot: today's entries, one of yesterday, and a page of older ones.
    await storeSnapshot([
      entry(1, { occurred_at: sinceMidnight(1), gross: -2000 }),
      entry(4, { occurred_at: new Date(today - 60_000).toISOString(), gross: -7000 }),
      entry(5, { occurred_at: sinceMidnight(4), gross: 5000, kind: 'payment' }),
      entry(7, { occurred_at: sinceMidnight(6), gross: -3000 }),
      ...Array.from({ length: 1000 }, (_, i) => entry(1000 + i, { occurred_at: hoursAgo(24 * 7 + i) })),
    ]);
    await storeSnapshot([entry(6, { occurred_at: sinceMidnight(5), gross: -4000, venue: 2 })], 2);
    await floorDb.transactions.bulkPut([
      { ...entry(2, { occurred_at: sinceMidnight(2), gross: -1500 }), id: 'k-2', key: 'k-2', pending: 1 },
      { ...entry(3, { occurred_at: sinceMidnight(3), gross: -9900 }), id: 'k-3', key: 'k-3', rejected: 1 },
      // A later change moved entry 7 to yesterday: its row wins over the snapshot's copy.
      entry(7, { occurred_at: new Date(today - 120_000).toISOString(), gross: -3000 }),
    ]);
    renderApp('/stable/dashboard');
    const card = await screen.findByRole('region', { name: 'Today at Paddock Classic 2026' }, PAGE_LOAD);
    expect(await within(card).findByText('2')).toBeTruthy();
    expect(within(card).getByText('35.00 €')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add transaction' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Transactions' })).toBeTruthy();
    const status = screen.getByRole('status', { name: 'Sync state' });
    expect(within(status).getByText('Offline')).toBeTruthy();
    expect(within(status).getByText(`Last sync: ${formatDateTime('2026-12-03T08:00:00.000Z')}`)).toBeTruthy();
  });

  it('opens the page of a typed code when the camera cannot start', async () => {
    const router = renderApp('/stable/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Scan QR code' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Scan a QR code' });
    expect(await within(dialog).findByText('The camera could not be started. Type the code instead.')).toBeTruthy();
    type(/^Code/, 'https://paddock.example/stable/qr/R3-ABCDEF123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/stable/qr/r3-abcdef123456'));
    expect(await screen.findByRole('heading', { name: 'Rita Reiter' })).toBeTruthy();
  });
});

describe('stable transactions', () => {
  // jsdom's screen is narrow (no media query matches): the entries show as cards.
  it('lists the newest 200 first, then more; pending and refused entries are marked', async () => {
    await storeSnapshot(
      Array.from({ length: 205 }, (_, i) =>
        entry(100 + i, { occurred_at: hoursAgo(300 - i), description: `Hay ${i}` }),
      ),
    );
    await floorDb.transactions.bulkPut([
      { ...entry(0, { occurred_at: hoursAgo(0.5), description: 'Fresh shavings' }), id: 'k-a', key: 'k-a', pending: 1 },
      { ...entry(0, { occurred_at: hoursAgo(0.2), description: 'Wrong box' }), id: 'k-b', key: 'k-b', rejected: 1 },
      // A later change of the snapshot's newest entry, now dated before all others.
      entry(304, { occurred_at: hoursAgo(400), description: 'Hay 204 corrected' }),
    ]);
    renderApp('/stable/transactions');
    const list = await screen.findByRole('list', { name: 'Transactions' }, PAGE_LOAD);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(200));
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Wrong box')).toBeTruthy();
    expect(within(rows[0]!).getByText('Refused')).toBeTruthy();
    expect(within(rows[1]!).getByText('Fresh shavings')).toBeTruthy();
    expect(within(rows[1]!).getByText('Pending')).toBeTruthy();
    expect(within(rows[2]!).getByText('Hay 203')).toBeTruthy();
    expect(within(rows[2]!).queryByText('Pending')).toBeNull();
    expect(within(list).queryByText('Hay 204')).toBeNull();
    expect(screen.getByText('Showing 200 of 207 entries')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(207), { timeout: 45_000 });
    expect(within(within(list).getAllByRole('listitem').at(-1)!).getByText('Hay 204 corrected')).toBeTruthy();
    expect(within(list).queryByText('Hay 204')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('searches every page of the snapshot and the later rows; a pulled deletion shows', async () => {
    const sonnenhof = { type: 'employer', id: 2, name: 'Stall Sonnenhof' } as const;
    // Two pages: the entry of Stall Sonnenhof is the oldest, on the second.
    await storeSnapshot([
      ...Array.from({ length: 1030 }, (_, i) =>
        entry(100 + i, { occurred_at: hoursAgo(2000 - i), description: `Hay ${i}` }),
      ),
      entry(90, { occurred_at: hoursAgo(3000), party: sonnenhof, description: 'Old box' }),
    ]);
    await floorDb.transactions.put(entry(91, { occurred_at: hoursAgo(1), party: sonnenhof, description: 'New box' }));
    renderApp('/stable/transactions');
    const list = await screen.findByRole('list', { name: 'Transactions' }, PAGE_LOAD);
    // Waiting for the count line is cheaper than querying the rows of a long table again and again.
    const shown = (text: string) => screen.findByText(text, {}, { timeout: 45_000 });
    expect(await shown('Showing 200 of 1032 entries')).toBeTruthy();
    type('Search by name or item', 'hay 102');
    expect(await shown('Showing 11 of 1032 entries')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(11);
    type('Search by name or item', 'sonnenhof');
    expect(await shown('Showing 2 of 1032 entries')).toBeTruthy();
    const [newest, oldest] = within(list).getAllByRole('listitem');
    expect(within(newest!).getByText('New box')).toBeTruthy();
    expect(within(oldest!).getByText('Old box')).toBeTruthy();
    // A later pull deletes the old entry: its page is rewritten and the list follows.
    await applyChanges(floorDb, 1, changes({ cursor: 41, deleted: [{ entity: 'transactions', id: 90 }] }), NOW);
    expect(await shown('Showing 1 of 1031 entries')).toBeTruthy();
    expect(within(list).queryByText('Old box')).toBeNull();
  });
});

describe('floor frame', () => {
  it('offline without a snapshot: says the data must be loaded once', async () => {
    await seedFloor(false);
    renderApp('/stable/transactions');
    expect(await screen.findByText(/has no data of the venue yet/, {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Transactions' })).toBeNull();
  });

  it('online without a snapshot: loads', async () => {
    await seedFloor(false);
    setOnline(true);
    renderApp('/stable/transactions');
    expect(await screen.findByText("Loading the venue's data…", {}, PAGE_LOAD)).toBeTruthy();
  });

  it('tells an outdated app to reload', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    floorSync.state.setState({ outdated: true });
    try {
      renderApp('/stable/transactions');
      const alert = await screen.findByRole('alert', { name: 'Update needed' }, PAGE_LOAD);
      fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
      expect(reload).toHaveBeenCalled();
    } finally {
      floorSync.state.setState({ outdated: false });
    }
  });

  it('lists refused writes with the translated reason; dismissing removes them and their row', async () => {
    await floorDb.transactions.put({ ...entry(0), id: 'k-bad', key: 'k-bad', rejected: 1 });
    await floorDb.attention.put({
      key: 'k-bad',
      user: 9,
      venue: 1,
      entity: 'transactions',
      path: 'transaction/',
      body: { venue: 1 },
      status: 422,
      error: { error: 'validation', message: 'Bitte korrigieren', fields: { quantity: ['too_big'] } },
      at: '2026-12-03T10:15:00.000Z',
    });
    await floorDb.attention.put({
      key: 'k-other',
      user: 77,
      venue: 1,
      entity: 'checkins',
      path: 'attendeeCheckin/',
      body: {},
      status: 404,
      error: { error: 'not_found', message: 'x' },
      at: '2026-12-03T10:15:00.000Z',
    });
    renderApp('/stable/dashboard');
    const list = await screen.findByRole('region', { name: 'Needs attention' }, PAGE_LOAD);
    // The field by its label, never its wire name.
    expect(within(list).getByText('Please correct the errors below. Quantity: This value is too large.')).toBeTruthy();
    // What the refused write was: person, item, amount and when it was made.
    expect(
      within(list).getByText(
        `Charge · Rita Reiter · Shavings bale · ${formatMoney(-1500, 'EUR')} · ${formatDateTime('2026-12-03T09:00:00.000Z')}`,
      ),
    ).toBeTruthy();
    // Another person's refused write on this device is shown too, with whose it is.
    expect(within(list).getByText(/^Check-in ·/)).toBeTruthy();
    expect(within(list).getByText('Entered by User #77')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Dismiss: Charge' }));
    fireEvent.click(within(list).getByRole('button', { name: 'Dismiss: Check-in' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Needs attention' })).toBeNull());
    expect(await floorDb.attention.get('k-bad')).toBeUndefined();
    expect(await floorDb.transactions.get('k-bad')).toBeUndefined();
  });
});

import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import {
  floorDb,
  type LocalConsumable,
  type LocalGroom,
  type LocalHorse,
  type LocalRider,
  type LocalTransaction,
  type SyncState,
} from '@/offline/db';
import { storeTransactionPages } from '@/offline/pull';
import { queryClient } from '@/lib/query-client';
import { demoVenue, json, makeUser, mockFetch, resetStore } from './helpers';

/*
 * A venue as the floor snapshot leaves it in the offline store, written straight into
 * fake-indexeddb (each floor test file imports 'fake-indexeddb/auto' first).
 */

/**
 * The first render of a page loads its lazy chunk: the bound of every wait (tests/client/setup.ts),
 * with room for a machine three times slower than a shared two-core one.
 */
export const PAGE_LOAD = { timeout: 45_000 };

export const sync: SyncState = {
  venue: 1,
  cursor: 40,
  venueName: 'Paddock Classic 2026',
  currency: 'EUR',
  currencyDisplay: '€',
  timeZone: 'Europe/Ljubljana',
  lastSyncAt: '2026-12-03T08:00:00.000Z',
  lastError: null,
};

export const rita: LocalRider = {
  id: 11,
  venue: 1,
  rider: 3,
  name: 'Rita Reiter',
  payer: { type: 'rider', id: 3, name: 'Rita Reiter' },
  qr: 'r3-abcdef123456',
};
export const bruno: LocalRider = {
  id: 12,
  venue: 1,
  rider: 4,
  name: 'Bruno Brandt',
  payer: { type: 'employer', id: 2, name: 'Stall Sonnenhof' },
  qr: 'r4-bbbbbb123456',
};
/** The same rider at another venue: never shown at venue 1. */
const ritaElsewhere: LocalRider = { ...rita, id: 13, venue: 2, qr: 'r3-ffffff999999' };

export const gina: LocalGroom = {
  id: 21,
  venue: 1,
  rider: 3,
  participation: 11,
  name: 'Gina Groom',
  qr: 'g21-123456abcdef',
};

const horse = (id: number, participation: number, name: string, head: number | null): LocalHorse => ({
  id,
  venue: 1,
  participation,
  rider: participation === 11 ? 3 : 4,
  horse: id + 100,
  name,
  fei_id: null,
  head_number: head,
});
export const blueMoon = horse(31, 11, 'Blue Moon', 12);
export const amber = horse(33, 11, 'Amber', 140);
export const cornet = horse(32, 12, 'Cornet', 7);

export const shavings: LocalConsumable = {
  id: 8,
  venue: 1,
  name: 'Shavings bale',
  category: 'shavings',
  unit: 'bale',
  unit_price: 1500,
  active: true,
};
const oldHay: LocalConsumable = { ...shavings, id: 9, name: 'Old hay', unit_price: 900, active: false };

export const stableUser = makeUser({
  id: 9,
  username: 'stable',
  first_name: 'Stella',
  last_name: 'Stable',
  roles: ['stable'],
  assigned_venue: 1,
  rider_id: null,
});

export const activeVenue = { ...demoVenue };

/** A transaction row as a pull stores it. */
export function entry(id: number, overrides: Partial<LocalTransaction> = {}): LocalTransaction {
  return {
    id,
    venue: 1,
    key: null,
    kind: 'charge',
    party: { type: 'rider', id: 3, name: 'Rita Reiter' },
    rider: 3,
    consumable: 8,
    description: 'Shavings bale',
    quantity: 1,
    unit_price: 1500,
    gross: -1500,
    currency: 'EUR',
    source: 'stable',
    created_by: 'stable',
    device_id: null,
    occurred_at: '2026-12-03T09:00:00.000Z',
    recorded_at: '2026-12-03T09:00:00.000Z',
    reversal_of: null,
    ...overrides,
  };
}

/** Store server entries (numeric ids) of a venue as its snapshot pull does: in pages. */
export async function storeSnapshot(rows: LocalTransaction[], venue = 1): Promise<void> {
  const served = rows.map(({ venue: _venue, ...row }) => ({ ...row, id: row.id as number }));
  await storeTransactionPages(floorDb, venue, served);
}

/** Empty every table, then store the venue's snapshot (unless `snapshot` is false). */
export async function seedFloor(snapshot = true): Promise<void> {
  await Promise.all(floorDb.tables.map((table) => table.clear()));
  if (!snapshot) return;
  await floorDb.sync.put(sync);
  await floorDb.riders.bulkPut([rita, bruno, ritaElsewhere]);
  await floorDb.grooms.put(gina);
  await floorDb.horses.bulkPut([blueMoon, amber, cornet]);
  await floorDb.consumables.bulkPut([shavings, oldHay]);
}

/** Go offline (the engine then sends nothing: writes stay pending) or back online. */
export function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

/**
 * Every test of the calling file starts with the seeded store, offline (the engine sends nothing,
 * so every write stays queued and pending), the stable user signed in at the venue and toasts
 * caught; afterwards the browser is online again.
 */
export function withOfflineStable(): void {
  beforeEach(async () => {
    queryClient.clear();
    await seedFloor();
    setOnline(false);
    resetStore({ token: 'token', user: stableUser, activeVenue });
    mockFetch({ 'GET /api/v1/venue/1/': () => json(200, demoVenue) });
    vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
  });
  afterEach(() => {
    setOnline(true);
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}

/** The queued outbox items, oldest first. */
export const outbox = () => floorDb.outbox.orderBy('seq').toArray();

/** Mantine ignores writes to an unfocused input: focus first, as a person does. */
export function type(label: string | RegExp, value: string): void {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  act(() => input.focus());
  fireEvent.change(input, { target: { value } });
}

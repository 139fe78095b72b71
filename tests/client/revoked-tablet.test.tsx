import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { readDeviceSession, saveDeviceSession } from '@/lib/device-session';
import { useAppStore } from '@/lib/store';
import { floorDb } from '@/offline/db';
import { deviceState } from '@/offline/device';
import { saveWrite } from '@/offline/outbox';
import { PAGE_LOAD, stableUser } from './floor-fixtures';
import { json, mockFetch, renderApp, resetStore } from './helpers';
import { chargeWrite, localAttendee, localCharge } from './offline-fakes';

/*
 * A revoked tablet: whichever request of its session the server refuses as `device_revoked`,
 * the tablet signs out (token and device credential gone) and its sign-in page says that the
 * show office revoked it, listing every write it still holds unsent — none deleted.
 */

const REVOKED = { error: 'device_revoked', message: 'This device has been revoked by the show office.' };

beforeEach(async () => {
  await floorDb.delete();
  await floorDb.open();
  resetStore({ token: 'token', user: stableUser });
  saveDeviceSession({ token: 'device-credential', expiresAt: Date.now() + 3_600_000, user: stableUser, venue: null });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  localStorage.removeItem('paddock.deviceRevoked');
  deviceState.setState({ status: 'unknown', name: null, venueDevices: 0 });
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a revoked tablet', () => {
  it('signs out on any refused request and lists its unsent writes on the sign-in page', async () => {
    // Two writes queued offline (a charge and a new attendee), one already refused as revoked.
    await saveWrite(floorDb, stableUser.id, chargeWrite(1, 'charge-1', 2));
    await saveWrite(floorDb, stableUser.id, {
      venue: 1,
      entity: 'attendees',
      row: localAttendee(1, 'guest-1'),
      path: 'attendee/',
      body: { venue: 1, first_name: 'Gina', last_name: 'Guest' },
      key: 'guest-1',
    });
    const { pending: _sent, ...charged } = localCharge(1, 'refused-1');
    await floorDb.transactions.put({
      ...charged,
      description: 'Shavings',
      gross: -750,
      occurred_at: '2026-05-01T09:00:00.000Z',
      rejected: 1,
    });
    await floorDb.attention.put({
      key: 'refused-1',
      user: stableUser.id,
      venue: 1,
      entity: 'transactions',
      path: 'transaction/',
      body: {},
      status: 403,
      error: REVOKED,
      at: '2026-05-01T09:00:00.000Z',
    });

    // A read that is no floor route: the server refuses the revoked tablet's session everywhere.
    mockFetch({ 'GET /api/v1/venue/1/': () => json(403, REVOKED) });
    await expect(api.get('/api/v1/venue/1/')).rejects.toMatchObject({ status: 403 });

    expect(deviceState.getState().status).toBe('revoked');
    expect(useAppStore.getState()).toMatchObject({ token: null, user: null });
    expect(readDeviceSession()).toBeNull();

    renderApp('/login');
    const notice = await screen.findByRole('alert', { name: 'This tablet was revoked by the show office' }, PAGE_LOAD);
    const table = await within(notice).findByRole('table', { name: 'Unsent writes: 3' });
    const rows = within(table).getAllByRole('row').slice(1);
    // Oldest first: the refused charge of the morning, then the two queued just now.
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Rita ReiterShavings-7\.50 €1\.5\.2026 \d+:00$/),
      expect.stringMatching(/^Rita ReiterHay-20\.00 €\d/),
      expect.stringMatching(/^Gina GuestAttendee—\d/),
    ]);
    // Nothing was dropped: the queue and the refused write are still in the offline store.
    expect(await floorDb.outbox.count()).toBe(2);
    expect(await floorDb.attention.count()).toBe(1);
    // The sign-in form is still there, for the office to take the tablet back once restored.
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('a refusal for another reason signs nobody out and shows no notice', async () => {
    mockFetch({ 'GET /api/v1/venue/1/': () => json(403, { error: 'forbidden', message: 'No' }) });
    await expect(api.get('/api/v1/venue/1/')).rejects.toMatchObject({ status: 403 });
    await waitFor(() => expect(useAppStore.getState().token).toBe('token'));
    expect(deviceState.getState().status).toBe('unknown');
    expect(readDeviceSession()).not.toBeNull();
  });
});

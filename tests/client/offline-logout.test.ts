import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { useAppStore } from '@/lib/store';
import { floorDb } from '@/offline/db';
import { saveWrite } from '@/offline/outbox';
import { chargeWrite } from './offline-fakes';
import { json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

const stable = makeUser({ id: 12, username: 'stable', roles: ['stable'], assigned_venue: 1, rider_id: null });

beforeEach(async () => {
  resetStore();
  queryClient.clear();
  await Promise.all(floorDb.tables.map((table) => table.clear()));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('logout with unsent floor writes', () => {
  it('is refused with the reason while the outbox holds the user’s writes, and works once they are sent', async () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
    const shown = () => show.mock.calls.map(([toast]) => String(toast.message));
    const fetchMock = mockFetch({
      'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
      'GET /api/auth/user/logout/': () => json(200, { ok: true }),
      // The server cannot take the writes yet: they stay queued.
      'POST /api/v1/transaction/': () => json(503, { error: 'maintenance', message: 'x' }),
    });
    const loggedOut = () => fetchMock.mock.calls.some(([input]) => String(input) === '/api/auth/user/logout/');
    await saveWrite(floorDb, stable.id, chargeWrite(1, 'k-1'));
    await saveWrite(floorDb, stable.id, chargeWrite(1, 'k-2'));
    await saveWrite(floorDb, 99, chargeWrite(1, 'someone-else'));
    resetStore({ token: 'jwt', user: stable });
    const router = renderApp('/');

    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() =>
      expect(shown()).toContain(
        "You can't log out yet: writes made on this device have not reached the server (waiting: 2). Stay online until they are sent, then log out.",
      ),
    );
    expect(useAppStore.getState().user).toEqual(stable);
    expect(loggedOut()).toBe(false);

    await floorDb.outbox.where('user').equals(stable.id).delete();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(loggedOut()).toBe(true);
    expect(useAppStore.getState().user).toBeNull();
  });
});

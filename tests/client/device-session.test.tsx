import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_REFRESH_MS } from '@shared/constants';
import type * as SyncModule from '@/offline/sync';
import { FLOOR_OFFLINE_GRACE_MS, readDeviceSession, saveDeviceSession } from '@/lib/device-session';
import { queryClient } from '@/lib/query-client';
import { useAppStore } from '@/lib/store';
import { activeVenue, PAGE_LOAD, seedFloor, setOnline, stableUser } from './floor-fixtures';
import { demoVenue, json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

/** The floor-device session: a relaunch or a new tab of a floor device. */

// No pulls: the snapshot is in the store already.
vi.mock('@/offline/sync', async (importOriginal) => ({
  ...(await importOriginal<typeof SyncModule>()),
  useFloorSync: vi.fn(),
}));

const HOUR = 3_600_000;
const organizer = makeUser({ id: 2, username: 'organizer', roles: ['organizer'], assigned_venue: 1, rider_id: null });
const rider = makeUser();

function storeDevice(user = stableUser, expiresAt = Date.now() + HOUR) {
  saveDeviceSession({ token: 'device-1', expiresAt, user, venue: activeVenue });
}

const tokenCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/token/'));

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  queryClient.clear();
  await seedFloor();
  // A relaunch or a new tab: nothing in the session store.
  resetStore({ floorOnly: false, signInNeeded: false });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.useRealTimers();
  setOnline(true);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('reopened offline', () => {
  it('the floor screens open from the device session with the venue, without the server', async () => {
    setOnline(false);
    storeDevice();
    const fetchMock = mockFetch({});
    renderApp('/stable/dashboard');
    expect(await screen.findByRole('region', { name: 'Today at Paddock Classic 2026' }, PAGE_LOAD)).toBeTruthy();
    expect(within(screen.getByRole('status', { name: 'Sync state' })).getByText('Offline')).toBeTruthy();
    expect(useAppStore.getState()).toMatchObject({
      user: stableUser,
      activeVenue,
      token: null,
      floorOnly: true,
      signInNeeded: false,
    });
    expect(tokenCalls(fetchMock)).toEqual([]);
  });

  it('admin and money screens are not opened from it: sign in first, then back there', async () => {
    setOnline(false);
    storeDevice(organizer);
    mockFetch({});
    const router = renderApp('/organizer/transactions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Forganizer%2Ftransactions');
    expect(vi.mocked(notifications.show).mock.calls.map(([toast]) => toast.message)).toContain(
      'Sign in with your password to open this page.',
    );
    for (const path of ['/venues', '/balances', '/organizer/participants', '/organizer/officialTransactions']) {
      await router.navigate(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    }
    // Its start page (links) and its floor views open.
    await router.navigate('/organizer/list');
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizer/list'));
    await router.navigate('/organizer/vetcheck');
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizer/vetcheck'));
    expect(await screen.findByRole('heading', { name: 'Vet-check', level: 1 }, PAGE_LOAD)).toBeTruthy();
  });

  it('a restored session outlives its credential offline for the show’s days; past them, the sign-in page', async () => {
    setOnline(false);
    storeDevice();
    mockFetch({});
    const router = renderApp('/stable/dashboard');
    await screen.findByRole('region', { name: 'Today at Paddock Classic 2026' }, PAGE_LOAD);
    expect(useAppStore.getState().floorOnly).toBe(true);
    // 24 hours later: the credential has ended, the floor still works offline.
    storeDevice(stableUser, Date.now() - 1);
    await router.navigate('/stable/transactions');
    expect(await screen.findByRole('heading', { name: 'Transactions', level: 1 }, PAGE_LOAD)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/stable/transactions');
    // Past the show's days.
    storeDevice(stableUser, Date.now() - FLOOR_OFFLINE_GRACE_MS - 1);
    await router.navigate('/stable/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useAppStore.getState().user).toBeNull();
    expect(readDeviceSession()).toBeNull();
  });

  it('a relaunch offline after the device session’s end opens the floor; back online it asks for a sign-in', async () => {
    setOnline(false);
    storeDevice(stableUser, Date.now() - 30 * HOUR);
    const fetchMock = mockFetch({});
    const router = renderApp('/stable/dashboard');
    expect(await screen.findByRole('region', { name: 'Today at Paddock Classic 2026' }, PAGE_LOAD)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/stable/dashboard');
    expect(useAppStore.getState()).toMatchObject({ user: stableUser, floorOnly: true, signInNeeded: false });
    // The network returns: the ended credential is not offered; the floor says what it needs.
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByRole('alert', { name: 'Sign-in needed' }, PAGE_LOAD)).toBeTruthy();
    expect(tokenCalls(fetchMock)).toEqual([]);
    expect(router.state.location.pathname).toBe('/stable/dashboard');
  });
});

describe('reopened online', () => {
  it('the device credential is exchanged for a session token and the user refreshed', async () => {
    storeDevice();
    const fetchMock = mockFetch({
      'POST /api/token/device/': () => json(200, { token: 'fresh' }),
      'GET /api/auth/user/': () => json(200, { ...stableUser, first_name: 'Stefanie' }),
      'GET /api/v1/venue/1/': () => json(200, demoVenue),
    });
    renderApp('/stable/dashboard');
    await waitFor(() => expect(useAppStore.getState().token).toBe('fresh'));
    const exchange = fetchMock.mock.calls.find(([input]) => String(input) === '/api/token/device/');
    expect(JSON.parse(String(exchange![1]!.body))).toEqual({
      device_token: 'device-1',
      device_id: localStorage.getItem('paddock.deviceId'),
    });
    await waitFor(() => expect(readDeviceSession()?.user.first_name).toBe('Stefanie'));
    // Still a restored session: money screens wait for a password sign-in.
    expect(useAppStore.getState().floorOnly).toBe(true);
  });
});

describe('sign-in and logout', () => {
  const signIn = async (answer: object, user: typeof stableUser) => {
    mockFetch({
      'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
      'POST /api/token/auth/': () => json(200, answer),
      'GET /api/auth/user/': () => json(200, user),
      'GET /api/v1/venue/1/': () => json(200, demoVenue),
      'GET /api/auth/user/logout/': () => json(200, { ok: true }),
    });
    const router = renderApp('/login');
    fireEvent.change(await screen.findByLabelText(/Username or e-mail/), { target: { value: user.username } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(useAppStore.getState().user?.id).toBe(user.id));
    return router;
  };

  it('floor staff keep the device credential until logout', async () => {
    const expires = new Date(Date.now() + 24 * HOUR).toISOString();
    const router = await signIn({ token: 'jwt-1', device_token: 'device-9', device_expires_at: expires }, stableUser);
    await waitFor(() => expect(readDeviceSession()?.token).toBe('device-9'));
    expect(readDeviceSession()).toMatchObject({ expiresAt: Date.parse(expires), user: stableUser, venue: demoVenue });
    expect(useAppStore.getState().floorOnly).toBe(false);

    await waitFor(() => expect(router.state.location.pathname).toBe('/stable/dashboard'));
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }, PAGE_LOAD));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readDeviceSession()).toBeNull();
  });

  it('anyone else keeps none (and a previous device session ends)', async () => {
    storeDevice();
    await signIn({ token: 'jwt-2' }, rider);
    await waitFor(() => expect(readDeviceSession()).toBeNull());
  });
});

describe('a sign-in is needed', () => {
  it('the floor status bar says so at once, with the kept writes and a sign-in that comes back', async () => {
    setOnline(false);
    resetStore({ token: 'expired', user: stableUser, activeVenue, signInNeeded: true });
    mockFetch({ 'GET /api/v1/venue/1/': () => json(200, demoVenue) });
    renderApp('/stable/dashboard');
    const alert = await screen.findByRole('alert', { name: 'Sign-in needed' }, PAGE_LOAD);
    expect(await within(alert).findByText(/Writes kept on this device: 0\./)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?next=%2Fstable%2Fdashboard',
    );
  });
});

describe('the token refresh on a floor device', () => {
  const refreshTick = () => act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS));

  it('a token that can no longer be refreshed is renewed by the device credential; the user stays', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    storeDevice();
    mockFetch({
      'POST /api/token/refresh/': () => json(400, { error: 'token_expired', message: 'x' }),
      'POST /api/token/device/': () => json(200, { token: 'fresh' }),
      'GET /api/v1/venue/1/': () => json(200, demoVenue),
    });
    resetStore({ token: 'jwt-1', user: stableUser, activeVenue, floorOnly: false, signInNeeded: false });
    const router = renderApp('/stable/dashboard');
    await screen.findByRole('region', { name: 'Today at Paddock Classic 2026' }, PAGE_LOAD);
    await refreshTick();
    await waitFor(() => expect(useAppStore.getState().token).toBe('fresh'));
    expect(useAppStore.getState()).toMatchObject({ user: stableUser, signInNeeded: false });
    expect(router.state.location.pathname).toBe('/stable/dashboard');
  });

  it('neither works: not logged out, the sign-in prompt instead', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    mockFetch({
      'POST /api/token/refresh/': () => json(400, { error: 'token_expired', message: 'x' }),
      'GET /api/v1/venue/1/': () => json(200, demoVenue),
    });
    resetStore({ token: 'jwt-1', user: stableUser, activeVenue, floorOnly: false, signInNeeded: false });
    const router = renderApp('/stable/dashboard');
    await screen.findByRole('region', { name: 'Today at Paddock Classic 2026' }, PAGE_LOAD);
    await refreshTick();
    expect(await screen.findByRole('alert', { name: 'Sign-in needed' })).toBeTruthy();
    expect(useAppStore.getState()).toMatchObject({ user: stableUser, signInNeeded: true });
    expect(router.state.location.pathname).toBe('/stable/dashboard');
  });
});

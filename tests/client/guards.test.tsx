import { notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkAudience,
  checkGuest,
  checkRiderTerms,
  checkSignedIn,
  dashboardsFor,
  preshowAllows,
  whitelabelRedirect,
} from '@/lib/authorization';
import { browser } from '@/lib/browser';
import { queryClient } from '@/lib/query-client';
import { useAppStore } from '@/lib/store';
import { demoVenue, json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

const venue = demoVenue;

const stable = makeUser({ username: 'stable', roles: ['stable'], assigned_venue: 1, rider_id: null });
const stableWithoutVenue = makeUser({ username: 'stable', roles: ['stable'], assigned_venue: null, rider_id: null });
const rider = makeUser();
const riderWithoutTerms = makeUser({ terms_accepted: false, terms_accepted_version: null });
const multi = makeUser({ username: 'multi', roles: ['rider', 'official'], official_id: 2 });

describe('guard functions', () => {
  it('login required: guests go to /login and come back', () => {
    expect(checkSignedIn(null, '/rider/overview')).toEqual({
      allowed: false,
      redirect: '/login?next=%2Frider%2Foverview',
    });
    expect(checkSignedIn(null, '/')).toEqual({ allowed: false, redirect: '/login' });
    expect(checkSignedIn(rider, '/')).toEqual({ allowed: true });
  });

  it('guests only', () => {
    expect(checkGuest(null).allowed).toBe(true);
    expect(checkGuest(rider)).toEqual({ allowed: false, redirect: '/' });
  });

  it('role: a dashboard of another role is forbidden', () => {
    expect(checkAudience(rider, 'employer', '/employer/overview')).toEqual({ allowed: false, redirect: '/403' });
    expect(checkAudience(rider, 'rider', '/rider/overview').allowed).toBe(true);
    expect(
      checkAudience(makeUser({ roles: ['showoffice'], assigned_venue: 1 }), 'organizer', '/organizer/list').allowed,
    ).toBe(true);
  });

  it('assigned venue: floor dashboards without one show the notice and go nowhere', () => {
    expect(checkAudience(stableWithoutVenue, 'stable', '/stable/dashboard')).toEqual({
      allowed: false,
      redirect: '/',
      notice: 'no_assigned_venue',
    });
    expect(checkAudience(stable, 'stable', '/stable/dashboard').allowed).toBe(true);
  });

  it('terms: rider pages other than the profile need them', () => {
    expect(checkRiderTerms(riderWithoutTerms)).toEqual({ allowed: false, redirect: '/rider/profile' });
    expect(checkRiderTerms(rider).allowed).toBe(true);
  });

  it('dashboards: one per audience of the roles, marking the ones that need a venue', () => {
    expect(dashboardsFor(multi).map((d) => [d.key, d.path, d.enterable])).toEqual([
      ['rider', '/rider/overview', true],
      ['official', '/official/overview', true],
    ]);
    expect(dashboardsFor(stableWithoutVenue)).toEqual([{ key: 'stable', path: '/stable/dashboard', enterable: false }]);
  });

  it('whitelabel: riders on a whitelabel domain stay on safe pages only', () => {
    expect(whitelabelRedirect('/official/overview', multi, 1)).toBe('/');
    expect(whitelabelRedirect('/403', rider, 1)).toBe('/');
    for (const safe of ['/', '/login', '/venues', '/rider/overview', '/rider/profile', '/preshow/1']) {
      expect(whitelabelRedirect(safe, rider, 1)).toBeNull();
    }
    expect(whitelabelRedirect('/official/overview', multi, null)).toBeNull();
    expect(whitelabelRedirect('/organizer/list', stable, 1)).toBeNull();
    expect(whitelabelRedirect('/registration', null, 1)).toBeNull();
  });

  it('preshow: only /preshow/ pages and the magic login keep the mode', () => {
    expect(preshowAllows('/preshow/1')).toBe(true);
    expect(preshowAllows('/magic-login')).toBe(true);
    expect(preshowAllows('/')).toBe(false);
    expect(preshowAllows('/rider/overview')).toBe(false);
  });
});

describe('guards in the router', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  let whitelabelVenue: number | null;

  beforeEach(() => {
    whitelabelVenue = null;
    queryClient.clear();
    vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
    fetchMock = mockFetch({
      'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: whitelabelVenue }),
      'GET /api/v1/venue/1/': () => json(200, venue),
      'GET /api/auth/user/logout/': () => json(200, { ok: true }),
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  function open(path: string, user = rider) {
    resetStore({ token: 'token', user });
    return renderApp(path);
  }

  it('shows a venue-bound dashboard with the fetched venue', async () => {
    open('/stable/dashboard', stable);
    expect(await screen.findByRole('heading', { name: 'Stable', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Paddock Classic 2026')).toBeTruthy();
    expect(screen.getByText('3.12.2026 – 6.12.2026')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Paddock - Dashboard'));
  });

  it('no assigned venue: notice, and the navigation ends at the dashboard choice', async () => {
    const router = open('/stable/dashboard', stableWithoutVenue);
    expect(await screen.findByRole('heading', { name: 'Choose dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(vi.mocked(notifications.show)).toHaveBeenCalledWith(
      expect.objectContaining({ message: "User doesn't have an assigned venue!" }),
    );
  });

  it('wrong role: /403', async () => {
    const router = open('/merchant/dashboard', rider);
    expect(await screen.findByRole('heading', { name: 'Permission denied.' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/403');
  });

  it('terms not accepted: rider pages lead to the profile, which shows the terms state', async () => {
    const router = open('/rider', riderWithoutTerms);
    expect(await screen.findByText(/You have not accepted the terms and conditions yet/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/rider/profile');
  });

  it('signed out: login with the way back', async () => {
    resetStore();
    const router = renderApp('/official/overview');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?next=%2Fofficial%2Foverview',
    );
  });

  it('one dashboard: / goes straight there', async () => {
    const router = open('/', rider);
    expect(await screen.findByRole('heading', { name: 'Rider', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/rider/overview');
  });

  it('whitelabel domain: a rider leaving the safe pages is sent to /', async () => {
    whitelabelVenue = 1;
    const router = open('/official/overview', multi);
    expect(await screen.findByRole('heading', { name: 'Choose dashboard' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('preshow mode ends when leaving the preshow pages', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    resetStore({ token: 'token', user: rider, preshow: 1 });
    renderApp('/rider/overview');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/magic-login'));
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/auth/user/logout/')).toBe(true);
    expect(useAppStore.getState()).toMatchObject({
      preshow: null,
      token: null,
      user: null,
      pendingNotice: 'preshowFinished',
    });
  });

  it('preshow mode stays on the preshow pages', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).includes('preshow')
        ? json(200, {
            id: 1,
            name: 'Paddock Classic 2026',
            city: 'Lipica',
            country: 'SI',
            start_date: '2026-12-03',
            end_date: '2026-12-06',
            logo: null,
          })
        : json(200, { logo: null, venue: null }),
    );
    resetStore({ token: 'token', user: rider, preshow: 1 });
    renderApp('/preshow/1');
    expect(await screen.findByRole('heading', { name: 'Paddock Classic 2026' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(useAppStore.getState().preshow).toBe(1);
  });

  it('the warning about the finished preshow session appears after the reload', async () => {
    resetStore({ pendingNotice: 'preshowFinished' });
    renderApp('/magic-login');
    await waitFor(() =>
      expect(vi.mocked(notifications.show)).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Preshow session is finished.' }),
      ),
    );
    expect(useAppStore.getState().pendingNotice).toBeNull();
  });

  it('preshow shows must be digits, and unknown paths say "Route not found"', async () => {
    open('/preshow/abc');
    expect(await screen.findByRole('heading', { name: 'Route not found' })).toBeTruthy();
    cleanup();
    open('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Route not found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Paddock - Route not found'));
  });
});

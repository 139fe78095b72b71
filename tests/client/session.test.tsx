import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_REFRESH_MS } from '@shared/constants';
import { browser } from '@/lib/browser';
import { changeLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useAppStore } from '@/lib/store';
import { deviceId } from '@/offline/device-id';
import { demoVenue, json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

const venue = { ...demoVenue, whitelabel_logo_url: '/media/whitelabel-demo.svg' };
const organizer = makeUser({
  id: 2,
  username: 'organizer',
  first_name: 'Olga',
  last_name: 'Org',
  roles: ['organizer'],
  language: 'de',
  assigned_venue: 1,
  rider_id: null,
});
const admin = makeUser({
  id: 1,
  username: 'admin',
  first_name: 'Ada',
  last_name: 'Admin',
  roles: ['admin'],
  rider_id: null,
});
const rider = makeUser();

function bodyOf(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string): unknown {
  const call = fetchMock.mock.calls.find(
    ([input, init]) => String(input) === path && (init?.method ?? 'GET') === method,
  );
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
}

beforeEach(() => {
  resetStore();
  queryClient.clear();
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('login', () => {
  it('offers the language switch on the sign-in page, before anyone is signed in', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
    });
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 45_000 })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'de' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
    expect(useAppStore.getState().language).toBe('de');
    // nobody is signed in: the choice stays on the device, the server is not asked
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toEqual([]);
  });

  it('token → user → language and venue, then the only dashboard', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
      'POST /api/token/auth/': () => json(200, { token: 'jwt-1' }),
      'GET /api/auth/user/': () => json(200, organizer),
      'GET /api/v1/venue/1/': () => json(200, venue),
    });
    const router = renderApp('/login');
    fireEvent.change(await screen.findByLabelText(/Username or e-mail/), { target: { value: 'organizer' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'paddock-demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Meldestelle', level: 1 }, { timeout: 45_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/organizer/list');
    // With the device's own id: a floor device credential names its tablet.
    expect(bodyOf(fetchMock, 'POST', '/api/token/auth/')).toEqual({
      username: 'organizer',
      password: 'paddock-demo',
      device_id: deviceId(),
    });
    expect(useAppStore.getState()).toMatchObject({
      token: 'jwt-1',
      user: organizer,
      language: 'de',
      activeVenue: venue,
    });
    // The organizer's whitelabel logo replaces the default one.
    expect(document.querySelector('header img')?.getAttribute('src')).toBe('/media/whitelabel-demo.svg');
  });

  it('a failed login clears the user and shows the reason', async () => {
    mockFetch({
      'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
      'POST /api/token/auth/': () => json(400, { error: 'invalid_credentials', message: 'x' }),
    });
    resetStore({ token: 'stale', user: rider });
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText(/Username or e-mail/), { target: { value: 'rider' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to log in with provided credentials.');
    expect(useAppStore.getState()).toMatchObject({ token: null, user: null });
  });

  it("checks the required fields before asking the server; the header's language selector stays hidden on /login", async () => {
    const fetchMock = mockFetch({ 'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }) });
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/token/'))).toBe(false);
    // spec: the header's selector is hidden on login; the page offers its own, once
    expect(within(screen.getByRole('banner')).queryByLabelText('Language')).toBeNull();
    expect(screen.getAllByLabelText('Language')).toHaveLength(1);
  });
});

describe('signed in', () => {
  it('the language choice is remembered, sent as Accept-Language and saved on the server', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
      'PATCH /api/auth/user/': () => json(200, { ...rider, language: 'pl' }),
      'GET /api/v1/config/': () => json(200, {}),
    });
    resetStore({ token: 'jwt', user: rider });
    renderApp('/rider/overview');
    const select = await screen.findByLabelText('Language');
    fireEvent.change(select, { target: { value: 'pl' } });
    await waitFor(() => expect(bodyOf(fetchMock, 'PATCH', '/api/auth/user/')).toEqual({ language: 'pl' }));
    expect(await screen.findByRole('heading', { name: 'Jeździec', level: 1 })).toBeTruthy();
    expect(useAppStore.getState().user?.language).toBe('pl');
    expect(localStorage.getItem('paddock.language')).toBe('pl');
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(new Headers(patch![1]!.headers).get('Accept-Language')).toBe('pl');
  });

  it('logout tells the server, clears the session and goes to /login', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
      'GET /api/auth/user/logout/': () => json(200, { ok: true }),
    });
    resetStore({ token: 'jwt', user: rider });
    const router = renderApp('/rider/overview');
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/auth/user/logout/')).toBe(true);
    expect(useAppStore.getState()).toMatchObject({ token: null, user: null });
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('refreshes the token every 10 minutes; a 400 signs out and goes to /', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let answer = json(200, { token: 'jwt-2' });
    const fetchMock = mockFetch({
      'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
      'POST /api/token/refresh/': () => answer,
    });
    resetStore({ token: 'jwt-1', user: rider });
    const router = renderApp('/rider/overview');
    await screen.findByRole('heading', { name: 'Rider', level: 1 });

    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS));
    await waitFor(() => expect(useAppStore.getState().token).toBe('jwt-2'));
    expect(bodyOf(fetchMock, 'POST', '/api/token/refresh/')).toEqual({ token: 'jwt-1' });

    answer = json(400, { error: 'token_expired', message: 'x' });
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS));
    await waitFor(() => expect(useAppStore.getState().user).toBeNull());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('impersonation', () => {
  it('an admin finds a user, acts as them (fresh page load), sees the banner and stops again', async () => {
    let current = admin;
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const fetchMock = mockFetch({
      'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
      'GET /api/v1/config/': () =>
        json(200, {
          version: '0.1.0',
          environment: 'development',
          impersonation_enabled: true,
          stripe_publishable_key: null,
        }),
      'GET /api/v1/venue/': () => json(200, { count: 1, results: [venue] }),
      'GET /api/v1/user/search/': () =>
        json(200, {
          count: 1,
          results: [
            {
              id: 7,
              username: 'rider',
              email: 'rider@paddock.demo',
              first_name: 'Rita',
              last_name: 'Reiter',
              roles: ['rider'],
            },
          ],
        }),
      'POST /api/auth/user/impersonate/': () => {
        current = { ...rider, impersonator: { id: 1, username: 'admin' } };
        return json(200, { token: 'as-rider' });
      },
      'POST /api/auth/user/unimpersonate/': () => {
        current = admin;
        return json(200, { token: 'admin-again' });
      },
      'GET /api/auth/user/': () => json(200, current),
    });
    resetStore({ token: 'admin-token', user: admin });
    renderApp('/venues');
    expect(await screen.findByText('Paddock Classic 2026')).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Search users'), { target: { value: 'rit' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Impersonate Rita Reiter' }, { timeout: 45_000 }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(bodyOf(fetchMock, 'POST', '/api/auth/user/impersonate/')).toEqual({ user_id: 7 });
    expect(useAppStore.getState()).toMatchObject({
      token: 'as-rider',
      user: { username: 'rider', impersonator: { username: 'admin' } },
    });
    // Nothing was asked in the rider's name on the admin's page before the reload.
    expect(vi.mocked(notifications.show)).not.toHaveBeenCalled();

    cleanup();
    renderApp('/rider/overview');
    expect(await screen.findByText('Impersonating Rita Reiter')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop impersonating' }));
    await waitFor(() => expect(assign).toHaveBeenLastCalledWith('/venues'));
    expect(useAppStore.getState()).toMatchObject({ token: 'admin-again', user: admin });
  });

  it('is hidden where the server disables it', async () => {
    mockFetch({
      'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
      'GET /api/v1/config/': () =>
        json(200, {
          version: '0.1.0',
          environment: 'production',
          impersonation_enabled: false,
          stripe_publishable_key: null,
        }),
      'GET /api/v1/venue/': () => json(200, { count: 0, results: [] }),
    });
    resetStore({ token: 'admin-token', user: admin });
    renderApp('/venues');
    expect(await screen.findByText('No venues yet.')).toBeTruthy();
    expect(screen.queryByLabelText('Search users')).toBeNull();
  });
});

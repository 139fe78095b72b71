import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfficialParticipation } from '@shared/schemas/participation';
import { authRedirectTarget } from '@/app/routes/public/auth-redirect';
import { queryClient } from '@/lib/query-client';
import { json, makeUser, mockFetch, renderApp, resetStore } from './helpers';
import { adminUser, rita, riderUser, sent } from './people-fixtures';

/** The people pages: the rider's auth redirect, the checks on the person forms, the venues pages. */
const SLOW = { timeout: 45_000 };
const officialUser = makeUser({ id: 9, username: 'official', roles: ['official'], rider_id: null, official_id: 4 });
const common = {
  'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
  'GET /api/v1/config/': () =>
    json(200, { version: 'test', environment: 'test', impersonation_enabled: false, stripe_publishable_key: null }),
};

beforeEach(() => {
  queryClient.clear();
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/rider/authRedirect', () => {
  it('sends a rider on to next (same origin only), anyone else to the dashboard choice, a visitor to the login', () => {
    expect(authRedirectTarget(riderUser, '/rider/balance')).toBe('/rider/balance');
    expect(authRedirectTarget(riderUser, null)).toBe('/rider/overview');
    expect(authRedirectTarget(riderUser, '//evil.example/rider')).toBe('/rider/overview');
    expect(authRedirectTarget(riderUser, 'https://evil.example/')).toBe('/rider/overview');
    expect(authRedirectTarget(officialUser, '/rider/balance')).toBe('/');
    expect(authRedirectTarget(null, '/rider/balance')).toBe(
      `/login?next=${encodeURIComponent('/rider/authRedirect?next=%2Frider%2Fbalance')}`,
    );
    expect(authRedirectTarget(null, null)).toBe(`/login?next=${encodeURIComponent('/rider/authRedirect')}`);
  });

  it('a visitor lands on the login, with the way back kept', async () => {
    resetStore();
    mockFetch(common);
    const router = renderApp('/rider/authRedirect?next=/rider/balance');
    expect(await screen.findByLabelText(/Username/, {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/rider/authRedirect?next=%2Frider%2Fbalance',
    );
  });

  it('a signed-in rider goes straight on to next', async () => {
    resetStore({ token: 'token', user: riderUser });
    mockFetch({ ...common, 'GET /api/v1/rider/3/balance/': () => json(200, { results: [] }) });
    const router = renderApp('/rider/authRedirect?next=/rider/balance');
    await waitFor(() => expect(router.state.location.pathname).toBe('/rider/balance'), SLOW);
  });

  it('someone signed in without the rider role goes to the dashboard choice', async () => {
    // Two dashboards, so the choice stays on screen (with one it forwards to it).
    resetStore({ token: 'token', user: { ...officialUser, roles: ['official', 'merchant'], merchant_id: 6 } });
    mockFetch(common);
    const router = renderApp('/rider/authRedirect?next=/rider/balance');
    expect(await screen.findByRole('heading', { name: 'Choose dashboard' }, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('person forms', () => {
  it("the admin's add-rider form warns of a rider on record, with a link to them, and offers the next bookkeeping number", async () => {
    resetStore({ token: 'token', user: adminUser });
    const fetchMock = mockFetch({
      ...common,
      'POST /api/v1/rider/checkRiderExists/': () =>
        json(200, { exists: true, rider: { id: rita.id, type: 'rider', name: rita.name } }),
      'GET /api/v1/rider/getNextBookkeepingRefId/': () => json(200, { next: 1043 }),
    });
    renderApp('/riders/add');
    const email = await screen.findByLabelText(/E-mail/, {}, SLOW);
    fireEvent.change(email, { target: { value: 'rider@paddock.demo' } });
    fireEvent.blur(email);
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(within(alert).getByText(/is on record/)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'open Rita Reiter' }).getAttribute('href')).toBe(
      '/riders/3/profile',
    );
    expect(sent(fetchMock, 'POST', 'checkRiderExists')).toEqual([
      { registration_id: null, email: 'rider@paddock.demo' },
    ]);

    expect(await screen.findByText('Next free number: 1043')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use next number 1043' }));
    expect((screen.getByLabelText(/Bookkeeping/) as HTMLInputElement).value).toBe('1043');
  });

  it('the public registration form only hints at signing in, from `exists` alone', async () => {
    resetStore();
    const fetchMock = mockFetch({
      ...common,
      'POST /api/v1/rider/checkRiderExists/': () => json(200, { exists: true, rider: null }),
    });
    renderApp('/registration');
    const email = await screen.findByLabelText(/E-mail/, {}, SLOW);
    fireEvent.change(email, { target: { value: 'Rider@Paddock.demo' } });
    fireEvent.blur(email);
    const hint = await screen.findByRole('status', {}, SLOW);
    expect(within(hint).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(within(hint).getByRole('link', { name: 'Reset password' }).getAttribute('href')).toBe('/forgotPassword');
    expect(sent(fetchMock, 'POST', 'checkRiderExists')).toEqual([{ email: 'rider@paddock.demo' }]);
  });
});

const judge: OfficialParticipation = {
  id: 51,
  venue: 1,
  official: { id: 4, user: 9, name: 'Odile Officielle', email: null, fei_id: null },
  function: 'judge',
  date_from: '2026-12-03',
  date_to: '2026-12-06',
  days: 4,
  day_rate: 25_000,
  travel: 12_000,
  per_diem: 0,
  withholding_bp: 0,
  balance: -100_000,
};
const venue = {
  id: 1,
  name: 'Paddock Classic 2026',
  start_date: '2026-12-03',
  end_date: '2026-12-06',
  currency: 'EUR',
  currencyDisplay: '€',
};

describe("the admin's official pages", () => {
  beforeEach(() => resetStore({ token: 'token', user: adminUser }));

  it('lists where the official took part, linking to the participation and the transactions there', async () => {
    mockFetch({
      ...common,
      'POST /api/v1/venue/whereOfficialParticipated/': () =>
        json(200, {
          results: [
            {
              venue: 1,
              venue_name: 'Paddock Classic 2026',
              start_date: '2026-12-03',
              end_date: '2026-12-06',
              participation: 51,
            },
            {
              venue: 1,
              venue_name: 'Paddock Classic 2026',
              start_date: '2026-12-03',
              end_date: '2026-12-06',
              participation: 52,
            },
          ],
        }),
      'GET /api/v1/official/4/': () =>
        json(200, { id: 4, first_name: 'Odile', last_name: 'Officielle', functions: [] }),
    });
    renderApp('/officials/4/profile');
    const table = await screen.findByRole('table', { name: 'Venues' }, SLOW);
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(
      within(table).getByRole('link', { name: 'Participation at Paddock Classic 2026' }).getAttribute('href'),
    ).toBe('/officials/4/venues/1/participation');
    expect(within(table).getByRole('link', { name: 'Transactions at Paddock Classic 2026' }).getAttribute('href')).toBe(
      '/officials/4/venues/1/transactions',
    );
  });

  it("links the official's venues to the participation page there", async () => {
    mockFetch({
      ...common,
      'GET /api/v1/official/4/shows/': () =>
        json(200, {
          results: [
            {
              venue: 1,
              venue_name: 'Paddock Classic 2026',
              date_from: '2026-12-03',
              date_to: '2026-12-06',
              currency: 'EUR',
              participation: 51,
              balance_minor: 0,
            },
          ],
        }),
      'GET /api/v1/official/4/': () =>
        json(200, { id: 4, first_name: 'Odile', last_name: 'Officielle', functions: [] }),
    });
    renderApp('/officials/4/venues');
    const link = await screen.findByRole('link', { name: 'Participation at Paddock Classic 2026' }, SLOW);
    expect(link.getAttribute('href')).toBe('/officials/4/venues/1/participation');
  });

  it("shows the official's functions and fees at a venue, edited as on the venue's officials view", async () => {
    const fetchMock = mockFetch({
      ...common,
      'GET /api/v1/officialParticipation/': () =>
        json(200, {
          count: 2,
          results: [judge, { ...judge, id: 60, official: { ...judge.official, id: 8, name: 'Other' } }],
        }),
      'PATCH /api/v1/officialParticipation/51/': () => json(200, { ...judge, days: 5 }),
      'GET /api/v1/venue/1/': () => json(200, venue),
      'GET /api/v1/official/4/': () =>
        json(200, { id: 4, first_name: 'Odile', last_name: 'Officielle', functions: [] }),
    });
    renderApp('/officials/4/venues/1/participation');
    const card = (await screen.findByRole('heading', { name: 'Functions and fees' }, SLOW)).closest('section')!;
    expect(await within(card).findByText('Judge')).toBeTruthy();
    expect(within(card).queryByText('Other')).toBeNull();
    expect(screen.getByRole('link', { name: 'Transactions at this venue' }).getAttribute('href')).toBe(
      '/officials/4/venues/1/transactions',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Edit Odile Officielle' }));
    const days = await screen.findByLabelText('Days');
    fireEvent.change(days, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(fetchMock, 'PATCH', 'officialParticipation/51/')).toHaveLength(1));
    expect(sent(fetchMock, 'PATCH', 'officialParticipation/51/')[0]).toMatchObject({ days: 5, function: 'judge' });
  });
});

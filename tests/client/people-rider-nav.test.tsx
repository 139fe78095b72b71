import { notifications } from '@mantine/notifications';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RIDER_PAGES } from '@/app/routes/rider/overview-route';
import { href } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { demoVenue, json, mockFetch, renderApp, resetStore } from './helpers';
import { riderUser } from './people-fixtures';

const PAGE_LOAD = { timeout: 45_000 };
const show = {
  venue: 1,
  venue_name: demoVenue.name,
  date_from: '2026-12-03',
  date_to: '2026-12-06',
  currency: 'EUR',
  participation: 14,
  balance_minor: -12550,
};
const horse = {
  id: 11,
  name: 'Quidam Blue',
  fei_id: '105IG70',
  national_id: null,
  birth_year: 2014,
  sex: 'gelding',
  colour: 'grey',
  breed: 'KWPN',
  owner: { owner_name: '', owner_address: '', owner_vat_id: '', owner_email: '' },
  meta: {},
};

/** Every rider section, as its link reads (routes namespace, en). */
const SECTIONS: Record<(typeof RIDER_PAGES)[number], string> = {
  riderProfile: 'Profile',
  riderHorses: 'Horses',
  riderGrooms: 'Grooms',
  riderBankAccounts: 'Bank accounts',
  riderDocuments: 'Documents',
  riderEmployment: 'Employment',
  riderTeamMembers: 'Team members',
  riderShows: 'Shows',
  riderReports: 'Reports',
  riderBalance: 'Balance',
  riderCreatePayment: 'Make a payment',
  riderCreditCard: 'Credit card',
};

beforeEach(() => {
  queryClient.clear();
  resetStore({ token: 'token', user: riderUser });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
  mockFetch({
    'GET /api/v1/rider/3/shows/': () => json(200, { results: [show] }),
    'GET /api/v1/rider/3/balance/': () => json(200, { results: [show] }),
    'GET /api/v1/rider/qr/': () => json(200, { results: [] }),
    'GET /api/v1/rider/3/horses/': () => json(200, { count: 1, results: [horse] }),
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the rider finds their pages', () => {
  it('the overview links to every rider section', async () => {
    renderApp('/rider/overview');
    const card = await screen.findByRole('region', { name: 'Your pages' }, PAGE_LOAD);
    const links = within(card).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      RIDER_PAGES.map((key) => [SECTIONS[key], href(key)]),
    );
    expect(RIDER_PAGES.map((key) => href(key))).toEqual(
      expect.arrayContaining(['/rider/horses', '/rider/balance', '/rider/employment', '/rider/reports']),
    );
  });

  it('each link of the overview leads to its page, which has the navigation', async () => {
    const router = renderApp('/rider/overview');
    for (const key of RIDER_PAGES) {
      const card = await screen.findByRole('region', { name: 'Your pages' }, PAGE_LOAD);
      fireEvent.click(within(card).getByRole('link', { name: SECTIONS[key] }));
      expect(await screen.findByRole('heading', { name: SECTIONS[key], level: 1 }, PAGE_LOAD), key).toBeTruthy();
      expect(router.state.location.pathname).toBe(href(key));
      const nav = screen.getByRole('navigation', { name: 'Your pages' });
      expect(within(nav).getByRole('link', { name: SECTIONS[key] }).getAttribute('aria-current')).toBe('page');
      fireEvent.click(within(nav).getByRole('link', { name: 'Overview' }));
    }
  });

  it('from the overview to the horses, and on to the balance through the navigation', async () => {
    const router = renderApp('/rider/overview');
    const card = await screen.findByRole('region', { name: 'Your pages' }, PAGE_LOAD);
    fireEvent.click(within(card).getByRole('link', { name: 'Horses' }));
    expect(await screen.findByRole('heading', { name: 'Horses', level: 1 }, PAGE_LOAD)).toBeTruthy();
    expect(await screen.findByText('Quidam Blue', {}, PAGE_LOAD)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/rider/horses');

    const nav = screen.getByRole('navigation', { name: 'Your pages' });
    expect(within(nav).getByRole('link', { name: 'Horses' }).getAttribute('aria-current')).toBe('page');
    for (const name of ['Overview', ...Object.values(SECTIONS)])
      expect(within(nav).getByRole('link', { name }), name).toBeTruthy();

    fireEvent.click(within(nav).getByRole('link', { name: 'Balance' }));
    expect(await screen.findByRole('table', { name: 'Balance per show' }, PAGE_LOAD)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/rider/balance');
    const back = screen.getByRole('navigation', { name: 'Your pages' });
    expect(within(back).getByRole('link', { name: 'Balance' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(back).getByRole('link', { name: 'Overview' }));
    expect(await screen.findByRole('region', { name: 'Your pages' }, PAGE_LOAD)).toBeTruthy();
  });

  it.each([
    ['/rider/grooms', 'Grooms'],
    ['/rider/shows', 'Shows'],
    ['/rider/reports', 'Reports'],
    ['/rider/employment', 'Employment'],
  ])('%s has the navigation too', async (path, current) => {
    renderApp(path);
    const nav = await screen.findByRole('navigation', { name: 'Your pages' }, PAGE_LOAD);
    expect(within(nav).getByRole('link', { name: current }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Overview' }).getAttribute('href')).toBe('/rider/overview');
  });
});

import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@/lib/format';
import { queryClient } from '@/lib/query-client';
import { demoVenue, json, mockFetch, renderApp, resetStore } from './helpers';
import { adminUser, riderUser } from './people-fixtures';

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
const participation = {
  id: 14,
  venue: 1,
  venue_name: demoVenue.name,
  currency: 'EUR',
  payer: { type: 'employer', id: 4, name: 'Stall Berger' },
  horses: [
    { id: 11, name: 'Quidam Blue', head_number: 17 },
    { id: 12, name: 'Cornet', head_number: null },
  ],
  events: [{ id: 5, name: 'CSI2* 1.40 m', horse: 'Quidam Blue' }],
  external_costs_minor: -3000,
  balance_minor: -12550,
};

beforeEach(() => {
  queryClient.clear();
  resetStore({ token: 'token', user: riderUser });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('rider shows', () => {
  it('shows the balance at each show on the overview, linking to the show', async () => {
    mockFetch({
      'GET /api/v1/rider/3/shows/': () => json(200, { results: [show] }),
      'GET /api/v1/rider/qr/': () => json(200, { results: [] }),
    });
    renderApp('/rider/overview');
    const link = await screen.findByRole('link', { name: demoVenue.name }, PAGE_LOAD);
    expect(link.getAttribute('href')).toBe('/rider/overview/show/1');
    expect(screen.getByText(formatMoney(-12550, 'EUR'))).toBeTruthy();
  });

  it("sums up one show: balance, the participation and the show's transactions", async () => {
    mockFetch({ 'GET /api/v1/rider/3/shows/': () => json(200, { results: [show] }) });
    renderApp('/rider/overview/show/1');
    expect(await screen.findByText(formatMoney(-12550, 'EUR'), {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Transactions at this show' }).getAttribute('href')).toBe(
      '/rider/shows/1/transactions',
    );
    expect(screen.getByRole('link', { name: 'Horses and events at this show' }).getAttribute('href')).toBe(
      '/rider/shows/participation/14',
    );
  });

  it('says so when the show is not among the rider’s shows', async () => {
    mockFetch({ 'GET /api/v1/rider/3/shows/': () => json(200, { results: [show] }) });
    renderApp('/rider/overview/show/2');
    expect(await screen.findByText('This show is not among your shows.', {}, PAGE_LOAD)).toBeTruthy();
  });

  it('shows a participation with head numbers and events', async () => {
    mockFetch({ 'GET /api/v1/rider/3/venueParticipations/': () => json(200, { results: [participation] }) });
    renderApp('/rider/shows/participation/14');
    expect(await screen.findByText('Quidam Blue — head number 17', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByText('Cornet — no head number yet')).toBeTruthy();
    expect(screen.getByText('CSI2* 1.40 m (Quidam Blue)')).toBeTruthy();
    expect(screen.getByText('Stall Berger')).toBeTruthy();
  });

  it("gives the admin a rider's shows with their external costs", async () => {
    resetStore({ token: 'token', user: adminUser });
    mockFetch({ 'GET /api/v1/rider/3/venueParticipations/': () => json(200, { results: [participation] }) });
    renderApp('/riders/3/VenueParticipations');
    const row = (await screen.findByText('Quidam Blue (17), Cornet', {}, PAGE_LOAD)).closest('tr')!;
    expect(within(row).getByText(formatMoney(-3000, 'EUR'))).toBeTruthy();
    expect(within(row).getByText(formatMoney(-12550, 'EUR'))).toBeTruthy();
  });

  it('lists the event entries of a rider for the admin', async () => {
    resetStore({ token: 'token', user: adminUser });
    mockFetch({ 'GET /api/v1/rider/3/venueParticipations/': () => json(200, { results: [participation] }) });
    renderApp('/riders/3/VECParticipations');
    const row = (await screen.findByText('CSI2* 1.40 m', {}, PAGE_LOAD)).closest('tr')!;
    expect(within(row).getByText('Quidam Blue')).toBeTruthy();
    expect(within(row).getByText(demoVenue.name)).toBeTruthy();
  });
});

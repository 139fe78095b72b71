import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BalanceOverview, BalanceSummary, FindClientResult } from '@shared/schemas/ledger';
import { queryClient } from '@/lib/query-client';
import { demoVenue, json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

/** The first test of a file loads the route's lazy chunk: allow for a slow machine. */
const PAGE_LOAD = { timeout: 45_000 };

const admin = makeUser({ id: 1, username: 'admin', roles: ['admin'], rider_id: null });
const venue = { ...demoVenue, prices_include_tax: true };

const overview: BalanceOverview = {
  venue: { id: 1, name: 'Paddock Classic 2026', currency: 'EUR' },
  count: 2,
  results: [
    {
      venue: 1,
      party: { type: 'rider', id: 3, name: 'Rita Reiter' },
      balance: -7500,
      charged: 10000,
      tax: 1803,
      paid: 2500,
      transactions: 4,
    },
    {
      venue: 1,
      party: { type: 'employer', id: 6, name: 'Stall Sonnenhof GmbH' },
      balance: 1200,
      charged: 0,
      tax: 0,
      paid: 1200,
      transactions: 1,
    },
  ],
  totals: { balance: -6300, charged: 10000, tax: 1803, paid: 3700, revenue: 8197, owing: 7500, credit: 1200 },
  vat: [
    { rate_bp: 2200, net: 7377, tax: 1623 },
    { rate_bp: 950, net: 1895, tax: 180 },
  ],
};

const summary: BalanceSummary = {
  results: [
    {
      venue: { id: 1, name: 'Paddock Classic 2026', currency: 'EUR', start_date: '2026-12-03' },
      parties: 2,
      balance: -6300,
      charged: 10000,
      tax: 1803,
      paid: 3700,
      owing: 7500,
      credit: 1200,
    },
    {
      venue: { id: 2, name: 'Spring Tour Lipica', currency: 'EUR', start_date: '2026-04-10' },
      parties: 5,
      balance: -2000,
      charged: 40000,
      tax: 7213,
      paid: 38000,
      owing: 2000,
      credit: 0,
    },
    {
      venue: { id: 3, name: 'Autumn Cup', currency: 'EUR', start_date: null },
      parties: 0,
      balance: 0,
      charged: 0,
      tax: 0,
      paid: 0,
      owing: 0,
      credit: 0,
    },
  ],
  totals: [{ currency: 'EUR', balance: -8300, charged: 50000, tax: 9016, paid: 41700, owing: 9500 }],
};

const found: FindClientResult = {
  results: [
    {
      party: { type: 'rider', id: 3, name: 'Rita Reiter' },
      email: 'rider@paddock.demo',
      balances: [
        { venue: 1, venue_name: 'Paddock Classic 2026', currency: 'EUR', balance: -7500 },
        { venue: 2, venue_name: 'Spring Tour Lipica', currency: 'CHF', balance: 500 },
      ],
    },
    {
      party: { type: 'employer', id: 6, name: 'Stall Sonnenhof GmbH' },
      email: null,
      balances: [{ venue: 1, venue_name: 'Paddock Classic 2026', currency: 'EUR', balance: 1200 }],
    },
  ],
};

const queriesOf = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));

function serve() {
  return mockFetch({
    'GET /api/v1/balance/summary/': () => json(200, summary),
    'GET /api/v1/balance/findClient/': () => json(200, found),
    'GET /api/v1/balance/': () => json(200, overview),
    'GET /api/v1/venue/1/': () => json(200, venue),
    'GET /api/v1/venue/2/': () => json(200, { ...venue, id: 2, name: 'Spring Tour Lipica' }),
    'GET /api/v1/venue/': () =>
      json(200, { count: 2, results: [venue, { ...venue, id: 2, name: 'Spring Tour Lipica' }] }),
  });
}

beforeEach(() => {
  queryClient.clear();
  resetStore({ token: 'token', user: admin });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('balances overview', () => {
  it("shows the venue's totals, VAT per rate and every party's balance", async () => {
    const fetchMock = serve();
    renderApp('/balances?venue=1');
    expect(await screen.findByRole('heading', { name: 'Balances', level: 1 }, PAGE_LOAD)).toBeTruthy();
    const totals = await screen.findByRole('region', { name: 'Totals at Paddock Classic 2026' });
    const figure = (label: string) => within(totals).getByText(label).closest('div')!.textContent;
    expect(figure('Balance')).toBe('Balance-63.00 €');
    expect(figure('Charged')).toBe('Charged100.00 €');
    expect(figure('VAT')).toBe('VAT18.03 €');
    expect(figure('Paid')).toBe('Paid37.00 €');
    expect(figure('Owing')).toBe('Owing75.00 €');
    expect(figure('Credit')).toBe('Credit12.00 €');
    expect(figure('Revenue')).toBe('Revenue81.97 €');

    const vat = screen.getByRole('region', { name: 'VAT per rate' });
    expect(within(within(vat).getByText('22 %').closest('tr')!).getByText('73.77 €')).toBeTruthy();
    expect(within(within(vat).getByText('22 %').closest('tr')!).getByText('16.23 €')).toBeTruthy();
    expect(within(vat).getByText('9.5 %')).toBeTruthy();
    const vatTotal = within(vat).getByText('Total').closest('tr')!;
    expect(within(vatTotal).getByText('92.72 €')).toBeTruthy();
    expect(within(vatTotal).getByText('18.03 €')).toBeTruthy();

    const parties = screen.getByRole('region', { name: 'Parties' });
    expect(within(parties).getByRole('link', { name: 'Transactions of Rita Reiter' }).getAttribute('href')).toBe(
      '/venues/1/views/transactions/rider/3',
    );
    expect(
      within(parties).getByRole('link', { name: 'Transactions of Stall Sonnenhof GmbH' }).getAttribute('href'),
    ).toBe('/venues/1/views/transactions?party_type=employer&party_id=6');
    expect(within(within(parties).getByText('Rita Reiter').closest('tr')!).getByText('-75.00 €')).toBeTruthy();
    expect(queriesOf(fetchMock, '/api/v1/balance/')).toEqual([
      { venue: '1', page: '1', page_size: '100', status: 'all' },
    ]);
  });

  it('narrows the parties by status and party type', async () => {
    const fetchMock = serve();
    renderApp('/balances?venue=1');
    await screen.findByRole('region', { name: 'Parties' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'owing' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Party type' }), { target: { value: 'rider' } });
    await waitFor(() =>
      expect(queriesOf(fetchMock, '/api/v1/balance/').at(-1)).toEqual({
        venue: '1',
        page: '1',
        page_size: '100',
        status: 'owing',
        party_type: 'rider',
      }),
    );
  });

  it('asks for a venue first and shows the chosen one', async () => {
    const fetchMock = serve();
    const router = renderApp('/balances');
    expect(await screen.findByText('Choose a venue to see its balances.')).toBeTruthy();
    expect(queriesOf(fetchMock, '/api/v1/balance/')).toEqual([]);
    const picker = screen.getByRole('combobox', { name: 'Venue' });
    act(() => picker.focus());
    fireEvent.change(picker, { target: { value: 'Spring' } });
    // jsdom has no layout: floating-ui hides the dropdown, so the option is among hidden elements.
    fireEvent.click(
      await screen.findByRole('option', { name: 'Spring Tour Lipica', hidden: true }, { timeout: 45_000 }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?venue=2'));
    await waitFor(() => expect(queriesOf(fetchMock, '/api/v1/balance/')[0]).toMatchObject({ venue: '2' }));
  });
});

describe('balances summary', () => {
  it('draws one bar per venue, with a data table behind the chart', async () => {
    serve();
    renderApp('/balances/summary');
    expect(await screen.findByRole('heading', { name: 'Summary', level: 1 }, PAGE_LOAD)).toBeTruthy();
    const chart = await screen.findByRole('img', { name: 'Charged per venue (EUR)' });
    const bars = chart.querySelectorAll('rect[data-bar]');
    expect(bars).toHaveLength(3);
    expect([...bars].map((bar) => bar.getAttribute('width'))).toEqual(['25%', '100%', '0%']);

    const data = screen.getByRole('table', { name: 'Charged per venue (EUR)' });
    expect(within(within(data).getByText('Spring Tour Lipica').closest('tr')!).getByText('400.00 €')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'owing' } });
    const owing = await screen.findByRole('img', { name: 'Owing per venue (EUR)' });
    expect([...owing.querySelectorAll('rect[data-bar]')].map((bar) => bar.getAttribute('width'))).toEqual([
      '100%',
      '26.666666666666668%',
      '0%',
    ]);
  });

  it('lists every venue with its figures and the totals per currency', async () => {
    serve();
    renderApp('/balances/summary');
    const table = await screen.findByRole('region', { name: 'Venues' });
    const spring = within(table).getByRole('link', { name: 'Spring Tour Lipica' });
    expect(spring.getAttribute('href')).toBe('/balances?venue=2');
    const row = spring.closest('tr')!;
    expect(within(row).getByText('400.00 €')).toBeTruthy();
    expect(within(row).getByText('72.13 €')).toBeTruthy();
    expect(within(row).getByText('10.4.2026')).toBeTruthy();
    const total = within(table).getByText('Total EUR').closest('tr')!;
    expect(within(total).getByText('500.00 €')).toBeTruthy();
    expect(within(total).getByText('-83.00 €')).toBeTruthy();
  });
});

describe('find client', () => {
  it('searches by name and shows the balances per venue with links to the entries', async () => {
    const fetchMock = serve();
    renderApp('/findClient');
    expect(await screen.findByRole('heading', { name: 'Find client', level: 1 }, PAGE_LOAD)).toBeTruthy();
    const search = screen.getByRole('searchbox', { name: 'Name or e-mail' });
    fireEvent.change(search, { target: { value: 'r' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('This value is too short.')).toBeTruthy();
    expect(queriesOf(fetchMock, '/api/v1/balance/findClient/')).toEqual([]);

    fireEvent.change(search, { target: { value: ' rit ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const rita = await screen.findByRole('article', { name: 'Rita Reiter' });
    expect(queriesOf(fetchMock, '/api/v1/balance/findClient/')).toEqual([{ search: 'rit' }]);
    expect(within(rita).getByText('rider@paddock.demo')).toBeTruthy();
    expect(within(rita).getByText('-75.00 €')).toBeTruthy();
    expect(within(rita).getByText('5.00 CHF')).toBeTruthy();
    expect(
      within(rita)
        .getByRole('link', { name: 'Transactions of Rita Reiter at Spring Tour Lipica' })
        .getAttribute('href'),
    ).toBe('/venues/2/views/transactions/rider/3');
    const employer = screen.getByRole('article', { name: 'Stall Sonnenhof GmbH' });
    expect(
      within(employer)
        .getByRole('link', { name: /Paddock Classic 2026/ })
        .getAttribute('href'),
    ).toBe('/venues/1/views/transactions?party_type=employer&party_id=6');
  });
});

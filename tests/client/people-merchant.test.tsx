import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@/lib/format';
import type { EvclFees } from '@shared/schemas/people';
import { queryClient } from '@/lib/query-client';
import { demoVenue, json, mockFetch, renderApp, resetStore } from './helpers';
import { choose, merchantUser, rita, sent } from './people-fixtures';

const PAGE_LOAD = { timeout: 45_000 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const publicVenue = {
  id: 1,
  name: demoVenue.name,
  city: 'Lipica',
  country: 'SI',
  start_date: '2026-12-03',
  end_date: '2026-12-06',
  logo: null,
};
const venueOption = 'Paddock Classic 2026 (3.12.2026 – 6.12.2026)';
const ritaAtVenue = { ...rita, balance: -5000, participation: 14 };
const sale = {
  id: 90,
  venue: 1,
  kind: 'sale',
  party: { type: 'rider', id: 3, name: 'Rita Reiter' },
  beneficiary: null,
  merchant: { id: 6, name: 'Hoof & Co' },
  consumable: null,
  vec: null,
  category: 'other',
  description: 'Saddle pad',
  quantity: 2,
  unit_price: 1250,
  tax_type: null,
  tax_rate_bp: 0,
  prices_include_tax: true,
  net: -2500,
  tax: 0,
  gross: -2500,
  fee: 113,
  currency: 'EUR',
  source: 'merchant',
  created_by: { id: 12, name: 'merchant' },
  device_id: null,
  occurred_at: '2026-12-03T10:00:00.000Z',
  recorded_at: '2026-12-03T10:00:00.000Z',
  invoice: null,
  reversal_of: null,
  reversed_by: null,
  replaces: null,
  editable: true,
};

function serve(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/v1/merchant/venues/': () => json(200, { count: 1, results: [publicVenue] }),
    'GET /api/v1/merchant/riders/': (url) =>
      json(
        200,
        url.searchParams.get('search') === 'Rit' && url.searchParams.get('venue') === '1'
          ? { count: 1, results: [ritaAtVenue] }
          : { count: 0, results: [] },
      ),
    'POST /api/v1/transaction/': () => json(201, sale),
    ...extra,
  });
}

async function fillSale() {
  await choose('Show', venueOption);
  fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'Saddle pad' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Quantity' }), { target: { value: '2' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Unit price' }), { target: { value: '12,50' } });
}

beforeEach(() => {
  queryClient.clear();
  resetStore({ token: 'token', user: merchantUser });
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('merchant sales', () => {
  it('charges a rider found by name: a sale of the merchant with an Idempotency-Key, and shows the fee', async () => {
    const fetchMock = serve();
    renderApp('/merchant/addTransaction');
    await screen.findByRole('form', { name: 'New sale' }, PAGE_LOAD);
    await fillSale();
    fireEvent.change(screen.getByRole('textbox', { name: 'Rider name or head number' }), { target: { value: 'Rit' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Rita Reiter' }));
    expect(screen.getByText('Total: 25.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Charge' }));

    const done = await screen.findByRole('status');
    expect(within(done).getByText(`Processing fee: ${formatMoney(113, 'EUR')}.`)).toBeTruthy();
    const posts = fetchMock.mock.calls.filter(
      ([input, init]) => init?.method === 'POST' && String(input).includes('/transaction/'),
    );
    expect(posts).toHaveLength(1);
    const [, init] = posts[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({
      venue: 1,
      kind: 'sale',
      party_type: 'rider',
      party_id: 3,
      merchant: 6,
      source: 'merchant',
      description: 'Saddle pad',
      quantity: 2,
      unit_price: 1250,
    });
    expect(new Headers(init!.headers).get('Idempotency-Key')).toMatch(UUID);
  });

  it('finds the rider by a pasted QR link', async () => {
    const fetchMock = serve({ 'GET /api/v1/merchant/qr/': () => json(200, ritaAtVenue) });
    renderApp('/merchant/addTransaction');
    await screen.findByRole('form', { name: 'New sale' }, PAGE_LOAD);
    await fillSale();
    fireEvent.change(screen.getByRole('textbox', { name: 'QR code' }), {
      target: { value: 'https://paddock.example/stable/qr/r-3-abc' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByRole('button', { name: 'Change rider' })).toBeTruthy();
    const lookups = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    const qr = lookups.find((url) => url.pathname.startsWith('/api/v1/merchant/qr/'))!;
    expect(qr.pathname).toBe('/api/v1/merchant/qr/r-3-abc/');
    expect(qr.searchParams.get('venue')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Charge' }));
    await screen.findByRole('status');
    expect(sent(fetchMock, 'POST', '/transaction/')).toMatchObject([{ party_id: 3, kind: 'sale', merchant: 6 }]);
  });

  it('refuses a sale without a rider: Missing params., nothing sent', async () => {
    const fetchMock = serve();
    renderApp('/merchant/addTransaction');
    await screen.findByRole('form', { name: 'New sale' }, PAGE_LOAD);
    await fillSale();
    fireEvent.click(screen.getByRole('button', { name: 'Charge' }));
    expect(await screen.findByText('Missing params.')).toBeTruthy();
    expect(sent(fetchMock, 'POST', '/transaction/')).toEqual([]);
  });

  it("lists the merchant's sales", async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/transaction/': () => json(200, { count: 1, results: [sale], totals: { net: 0, tax: 0, gross: 0 } }),
    });
    renderApp('/merchant/listTransactions');
    const row = (await screen.findByText('Saddle pad', {}, PAGE_LOAD)).closest('tr')!;
    expect(within(row).getByText(formatMoney(2500, 'EUR'))).toBeTruthy();
    const urls = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    const list = urls.find((url) => url.pathname === '/api/v1/transaction/')!;
    expect(list.searchParams.get('merchant')).toBe('6');
    expect(list.searchParams.get('kind')).toBe('sale');
  });

  it('shows the fee plan and the fees charged with their totals per currency', async () => {
    const fees: EvclFees = {
      plan: { fee_percent_bp: 250, fee_fixed_minor: 50 },
      count: 1,
      results: [
        {
          transaction: 90,
          venue: 1,
          venue_name: demoVenue.name,
          currency: 'EUR',
          recorded_at: '2026-12-03T10:00:00.000Z',
          description: 'Saddle pad',
          gross_minor: 2500,
          fee_minor: 113,
        },
      ],
      totals: [{ currency: 'EUR', gross_minor: 2500, fee_minor: 113 }],
    };
    mockFetch({ 'GET /api/v1/merchant/6/evclFees/': () => json(200, fees) });
    renderApp('/merchant/evclFees');
    expect(await screen.findByText('Percentage of each sale: 2.50 %', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByText('Fixed amount per sale: 0.50')).toBeTruthy();
    const total = screen.getByText('Total EUR').closest('tr')!;
    expect(within(total).getByText(formatMoney(113, 'EUR'))).toBeTruthy();
  });

  it("shows today's sales on the dashboard", async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/transaction/': () => json(200, { count: 1, results: [sale], totals: { net: 0, tax: 0, gross: 0 } }),
    });
    renderApp('/merchant/dashboard');
    expect(await screen.findByText('Sales: 1', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByText(`${formatMoney(2500, 'EUR')} (fees ${formatMoney(113, 'EUR')})`)).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'New sale' })).toBeTruthy();
  });
});

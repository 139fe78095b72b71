import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Transaction, TransactionPage } from '@shared/schemas/ledger';
import { Providers } from '@/app/providers';
import { OrganizerOfficialTransactionsRoute } from '@/app/routes/organizer/official-transactions-route';
import { OrganizerTransactionsRoute } from '@/app/routes/organizer/transactions-route';
import { DialogHost } from '@/app/shell/dialog-host';
import { formatDateTime } from '@/lib/format';
import { queryClient } from '@/lib/query-client';
import { demoVenue, json, makeUser, mockFetch, renderApp, resetStore } from './helpers';

/** The first test of a file loads the route's lazy chunk: allow for a slow machine. */
const PAGE_LOAD = { timeout: 45_000 };

const admin = makeUser({ id: 1, username: 'admin', roles: ['admin'], rider_id: null });
const organizer = makeUser({ id: 2, username: 'organizer', roles: ['organizer'], assigned_venue: 1, rider_id: null });
const venue = { ...demoVenue, time_zone: 'Europe/Ljubljana', prices_include_tax: true };

function entry(id: number, overrides: Partial<Transaction> = {}): Transaction {
  return {
    id,
    venue: 1,
    kind: 'charge',
    party: { type: 'rider', id: 3, name: 'Rita Reiter' },
    beneficiary: null,
    merchant: null,
    consumable: null,
    vec: null,
    category: 'box',
    description: `Box ${id}`,
    quantity: 1,
    unit_price: 2500,
    tax_type: 5,
    tax_rate_bp: 2200,
    prices_include_tax: true,
    net: -2049,
    tax: -451,
    gross: -2500,
    fee: 0,
    currency: 'EUR',
    source: 'office',
    created_by: { id: 1, name: 'admin' },
    device_id: null,
    occurred_at: '2026-12-03T10:00:00.000Z',
    recorded_at: '2026-12-03T10:00:00.000Z',
    invoice: null,
    reversal_of: null,
    reversed_by: null,
    replaces: null,
    editable: true,
    ...overrides,
  };
}

// #42 open; #41 reversed by #43; totals over the three.
const page: TransactionPage = {
  count: 3,
  results: [
    entry(43, {
      kind: 'reversal',
      description: 'Box 41',
      reversal_of: 41,
      net: 819,
      tax: 181,
      gross: 1000,
      unit_price: 1000,
      editable: false,
    }),
    entry(42, { description: 'Stable box, 3 nights', quantity: 3, net: -6148, tax: -1352, gross: -7500 }),
    entry(41, { unit_price: 1000, net: -819, tax: -181, gross: -1000, reversed_by: 43, editable: false }),
  ],
  totals: { net: -6148, tax: -1352, gross: -7500 },
};

const listQueries = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === 'GET')
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/transaction/')
    .map((url) => Object.fromEntries(url.searchParams));

const deletes = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([input]) => String(input));

function serve(list: () => Response = () => json(200, page)) {
  return mockFetch({
    'GET /api/v1/transaction/': list,
    'DELETE /api/v1/transaction/': () => new Response(null, { status: 204 }),
    'POST /api/v1/transaction/': () => json(201, entry(44)),
    'GET /api/v1/venue/1/': () => json(200, venue),
    'GET /api/v1/consumable/': () => json(200, { count: 0, results: [] }),
    'GET /api/v1/venueEventCategory/': () => json(200, { count: 0, results: [] }),
    'GET /api/v1/taxType/': () => json(200, { count: 0, results: [] }),
    'GET /api/v1/rider/': () =>
      json(200, { count: 1, results: [{ id: 3, user: 7, name: 'Rita Reiter', email: null, fei_id: null }] }),
    'GET /api/v1/official/': () => json(200, { count: 0, results: [] }),
  });
}

const row = (text: string) => screen.getByText(text).closest('tr')!;

/** An organizer page as the route tree renders it, with the dialog host. */
function renderOrganizer(element: ReactNode) {
  const router = createMemoryRouter([{ path: '/organizer/page', element }], { initialEntries: ['/organizer/page'] });
  render(
    <Providers>
      <RouterProvider router={router} />
      <DialogHost />
    </Providers>,
  );
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

describe('venue transactions (admin)', () => {
  it('shows signed amounts with two decimals and the currency, reversals marked, and the totals', async () => {
    const fetchMock = serve();
    renderApp('/venues/1/views/transactions');
    expect(await screen.findByRole('heading', { name: 'Transactions', level: 1 }, PAGE_LOAD)).toBeTruthy();
    await screen.findByText('Stable box, 3 nights');

    const open = row('Stable box, 3 nights');
    expect(within(open).getByText('-75.00 €')).toBeTruthy();
    expect(within(open).getByText('-61.48 €')).toBeTruthy();
    expect(within(open).getByText('-13.52 €')).toBeTruthy();
    expect(within(open).getByText('25.00 €')).toBeTruthy();
    expect(within(open).getByText(formatDateTime('2026-12-03T10:00:00.000Z'))).toBeTruthy();
    expect(within(open).queryByText('Reversed')).toBeNull();

    const reversed = screen.getByText('#41').closest('tr')!;
    expect(within(reversed).getByText('Reversed')).toBeTruthy();
    expect(within(reversed).getByText('Box 41').style.textDecoration).toBe('line-through');
    expect(within(reversed).getByText('-10.00 €').closest('td')!.style.textDecoration).toBe('line-through');
    expect(within(reversed).queryByRole('button', { name: /Reverse/ })).toBeNull();

    const reversal = screen.getByText('#43').closest('tr')!;
    expect(within(reversal).getByText('Reversal of #41')).toBeTruthy();
    expect(within(reversal).getAllByText('10.00 €')).toHaveLength(2);
    expect(within(reversal).queryByRole('link', { name: /Edit/ })).toBeNull();

    const totals = screen.getByText('Total of 3 entries').closest('tr')!;
    expect(within(totals).getByText('-61.48 €')).toBeTruthy();
    expect(within(totals).getByText('-13.52 €')).toBeTruthy();
    expect(within(totals).getByText('-75.00 €')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Edit transaction #42' }).getAttribute('href')).toBe(
      '/venues/1/views/transactions/edit/42',
    );
    expect(screen.getByRole('link', { name: 'New transaction' }).getAttribute('href')).toBe(
      '/venues/1/views/transactions/new',
    );
    expect(listQueries(fetchMock)).toEqual([{ venue: '1', page: '1', page_size: '100' }]);
  });

  it('filters by kind, source, dates and hides reversed entries, from the first page', async () => {
    const fetchMock = serve();
    renderApp('/venues/1/views/transactions');
    await screen.findByText('Stable box, 3 nights');
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), { target: { value: 'charge' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Source' }), { target: { value: 'office' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Party type' }), { target: { value: 'rider' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-03' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-12-04' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hide reversed entries' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Rita' } });

    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toEqual({
        venue: '1',
        page: '1',
        page_size: '100',
        kind: 'charge',
        source: 'office',
        party_type: 'rider',
        date_from: '2026-12-03',
        date_to: '2026-12-04',
        hide_reversed: 'true',
        search: 'Rita',
      }),
    );
  });

  it('pages through 100 entries at a time', async () => {
    const many = Array.from({ length: 100 }, (_, i) => entry(300 - i));
    const fetchMock = serve(() => json(200, { count: 250, results: many, totals: page.totals }));
    renderApp('/venues/1/views/transactions');
    await screen.findByText('Box 300', {}, { timeout: 45_000 });
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: '3' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ page: '3', page_size: '100' }));
  });

  it('reverses an entry only after confirmation', async () => {
    const fetchMock = serve();
    renderApp('/venues/1/views/transactions');
    fireEvent.click(await screen.findByRole('button', { name: 'Reverse transaction #42' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse transaction #42?' });
    expect(within(dialog).getByText('A reversal entry cancels it. Both stay in the history.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes(fetchMock)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Reverse transaction #42' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Reverse transaction #42?' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    await waitFor(() => expect(deletes(fetchMock)).toEqual(['/api/v1/transaction/42/']));
    await waitFor(() => expect(listQueries(fetchMock)).toHaveLength(2));
    expect(vi.mocked(notifications.show)).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Transaction #42 was reversed.' }),
    );
  });

  it("lists a rider's entries", async () => {
    const fetchMock = serve();
    renderApp('/venues/1/views/transactions/rider/3');
    expect(await screen.findByRole('heading', { name: 'Rider transactions', level: 1 }, PAGE_LOAD)).toBeTruthy();
    await waitFor(() =>
      expect(listQueries(fetchMock)).toEqual([{ venue: '1', rider: '3', page: '1', page_size: '100' }]),
    );
  });

  it("lists the officials' entries, without a party type filter", async () => {
    const fetchMock = serve();
    renderApp('/venues/1/views/officialTransactions');
    expect(await screen.findByRole('heading', { name: 'Official transactions', level: 1 }, PAGE_LOAD)).toBeTruthy();
    await waitFor(() =>
      expect(listQueries(fetchMock)).toEqual([{ venue: '1', party_type: 'official', page: '1', page_size: '100' }]),
    );
    expect(screen.queryByRole('combobox', { name: 'Party type' })).toBeNull();
    expect(screen.getByRole('link', { name: 'New transaction' }).getAttribute('href')).toBe(
      '/venues/1/views/transactions/new?party_type=official',
    );
  });
});

describe('organizer transactions', () => {
  beforeEach(() => resetStore({ token: 'token', user: organizer }));

  it('opens the form in a modal, posts at the assigned venue and closes', async () => {
    const fetchMock = serve();
    renderOrganizer(<OrganizerTransactionsRoute />);
    expect(await screen.findByRole('heading', { name: 'Transactions', level: 1 }, PAGE_LOAD)).toBeTruthy();
    await screen.findByText('Stable box, 3 nights');
    expect(screen.queryByRole('link', { name: 'Edit transaction #42' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit transaction #42' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit transaction #42' });
    expect(await within(edit).findByRole('button', { name: 'Save correction' })).toBeTruthy();
    fireEvent.click(within(edit).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'New transaction' }));
    const dialog = await screen.findByRole('dialog', { name: 'New transaction' });
    const party = await within(dialog).findByRole('combobox', { name: 'Party' });
    act(() => party.focus());
    fireEvent.change(party, { target: { value: 'Rita' } });
    // jsdom has no layout: floating-ui hides the dropdown, so the option is among hidden elements.
    fireEvent.click(await screen.findByRole('option', { name: 'Rita Reiter', hidden: true }, { timeout: 45_000 }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Unit price' }), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({
      venue: 1,
      party_type: 'rider',
      party_id: 3,
      unit_price: 4000,
    });
    expect(new Headers(post[1]!.headers).get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(listQueries(fetchMock)).toHaveLength(2));
    expect(listQueries(fetchMock)[0]).toEqual({ venue: '1', page: '1', page_size: '100' });
  });

  it("shows the officials' entries of the assigned venue", async () => {
    const fetchMock = serve();
    renderOrganizer(<OrganizerOfficialTransactionsRoute />);
    expect(await screen.findByRole('heading', { name: 'Official transactions', level: 1 }, PAGE_LOAD)).toBeTruthy();
    await waitFor(() =>
      expect(listQueries(fetchMock)).toEqual([{ venue: '1', party_type: 'official', page: '1', page_size: '100' }]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'New transaction' }));
    const dialog = await screen.findByRole('dialog', { name: 'New transaction' });
    expect(((await within(dialog).findByRole('combobox', { name: 'Party type' })) as HTMLSelectElement).value).toBe(
      'official',
    );
  });
});

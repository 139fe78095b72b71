import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Transaction } from '@shared/schemas/ledger';
import type { OwnerShow } from '@shared/schemas/owner';
import { json, renderApp } from './helpers';
import { calls, official, rider, server, SLOW, startAs } from './owner-fixtures';

const show: OwnerShow = {
  venue: 1,
  venue_name: 'Paddock Classic 2026',
  date_from: '2026-12-03',
  date_to: '2026-12-06',
  currency: 'EUR',
  participation: 8,
  balance_minor: -12550,
};
const entry = {
  id: 90,
  venue: 1,
  kind: 'charge',
  description: 'Box fee',
  category: 'box',
  quantity: 2,
  gross: -12550,
  currency: 'EUR',
  occurred_at: '2026-12-03T09:30:00Z',
} as Transaction;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('shows, transactions, balance and reports', () => {
  it("lists the rider's shows with dates, balance and links to the entries and the participation", async () => {
    startAs(rider);
    server({ 'GET /api/v1/rider/3/shows/': () => json(200, { results: [show] }) });
    renderApp('/rider/shows');
    const table = await screen.findByRole('table', { name: 'Shows' }, SLOW);
    expect(within(table).getByText('3.12.2026 – 6.12.2026')).toBeTruthy();
    expect(within(table).getByText('-125.50 €')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Transactions at Paddock Classic 2026' }).getAttribute('href')).toBe(
      '/rider/shows/1/transactions',
    );
    expect(
      within(table).getByRole('link', { name: 'Participation at Paddock Classic 2026' }).getAttribute('href'),
    ).toBe('/rider/shows/participation/8');
  });

  it("the official's venue entries ask the ledger for that party at that venue, with the total", async () => {
    startAs(official);
    const fetchMock = server({
      'GET /api/v1/transaction/': () =>
        json(200, { count: 1, results: [entry], totals: { net: -12550, tax: 0, gross: -12550 } }),
    });
    renderApp('/official/venues/1/transactions');
    expect(await screen.findByText('Box fee', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Total of 1 entries')).toBeTruthy();
    expect(screen.getAllByText('-125.50 €')).toHaveLength(2);
    const [input] = calls(fetchMock, 'GET', '/api/v1/transaction/')[0]!;
    const query = new URL(String(input), 'http://localhost').searchParams;
    expect([query.get('party_type'), query.get('party_id'), query.get('venue')]).toEqual(['official', '4', '1']);
  });

  it('shows the balance per show, and an error when it cannot be loaded', async () => {
    startAs(rider);
    server({ 'GET /api/v1/rider/3/balance/': () => json(200, { results: [{ ...show, balance_minor: 5000 }] }) });
    renderApp('/rider/balance');
    const table = await screen.findByRole('table', { name: 'Balance per show' }, SLOW);
    expect(within(table).getByText('50.00 €')).toBeTruthy();
  });

  it('a failing balance shows the error', async () => {
    startAs(rider);
    server({ 'GET /api/v1/rider/3/balance/': () => json(409, { error: 'conflict', message: 'Conflict' }) });
    renderApp('/rider/balance');
    expect(await screen.findByText('The record was changed by someone else.', {}, SLOW)).toBeTruthy();
  });

  it('reports: CSV and PDF per venue, downloaded with the bearer token', async () => {
    startAs(rider);
    const fetchMock = server({
      'GET /api/v1/rider/3/reports/1/csv/': () =>
        new Response('a;b', { status: 200, headers: { 'content-type': 'text/csv' } }),
      'GET /api/v1/rider/3/reports/': () =>
        json(200, { results: [{ venue: 1, venue_name: 'Paddock Classic 2026', formats: ['csv', 'pdf'], count: 4 }] }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/rider/reports');
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV for Paddock Classic 2026' }, SLOW));
    expect(screen.getByRole('button', { name: 'Download PDF for Paddock Classic 2026' })).toBeTruthy();
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('statement-1.csv');
    const [, init] = calls(fetchMock, 'GET', '/api/v1/rider/3/reports/1/csv/')[0]!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token');
  });
});

describe('the official overview', () => {
  it('links every section and shows the balance at a glance', async () => {
    startAs(official);
    server({ 'GET /api/v1/official/4/balance/': () => json(200, { results: [show] }) });
    renderApp('/official/overview');
    const links = await screen.findByRole('region', { name: 'Your pages' }, SLOW);
    expect(within(links).getByRole('link', { name: 'Accreditation' }).getAttribute('href')).toBe(
      '/official/teamMembers',
    );
    expect(within(links).getByRole('link', { name: 'Venues' }).getAttribute('href')).toBe('/official/venues');
    const glance = screen.getByRole('region', { name: 'Balance' });
    expect(await within(glance).findByText('-125.50 €')).toBeTruthy();
    expect(within(glance).getByRole('link', { name: 'All balances' }).getAttribute('href')).toBe('/official/balance');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompensationBill } from '@shared/schemas/compensation';
import type { OfficialParticipation } from '@shared/schemas/participation';
import type { OwnerShow } from '@shared/schemas/owner';
import { demoVenue, json, makeUser, renderApp } from './helpers';
import { calls, official, server, SLOW, startAs, toasts } from './owner-fixtures';

const organizer = makeUser({ id: 2, username: 'organizer', roles: ['organizer'], rider_id: null, assigned_venue: 1 });
const pdf = () => new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } });

const judge: OfficialParticipation = {
  id: 17,
  venue: 1,
  official: { id: 4, user: 9, name: 'Julia Judge', email: 'official@paddock.demo', fei_id: null },
  function: 'judge',
  date_from: '2026-12-03',
  date_to: '2026-12-06',
  days: 4,
  day_rate: 25_000,
  travel: 8_000,
  per_diem: 4_000,
  withholding_bp: 1_500,
  balance: 0,
};
const bill: CompensationBill = {
  id: 41,
  venue: 1,
  venue_name: 'Paddock Classic 2026',
  official: { id: 4, name: 'Julia Judge' },
  official_participation: 17,
  number: '1-C00003',
  function: 'judge',
  date_from: '2026-12-03',
  date_to: '2026-12-06',
  days: 4,
  day_rate: 25_000,
  travel: 8_000,
  per_diem: 4_000,
  gross: 112_000,
  withholding_bp: 1_500,
  withholding: 16_800,
  payable: 95_200,
  currency: 'EUR',
  issue_date: '2026-12-06',
  language: 'en',
  transaction: 900,
};
const show: OwnerShow = {
  venue: 1,
  venue_name: 'Paddock Classic 2026',
  date_from: '2026-12-03',
  date_to: '2026-12-06',
  currency: 'EUR',
  participation: null,
  balance_minor: 95_200,
};

/** The window a report opens in: where it was sent, and whether it was closed again. */
let opened: { location: { href: string }; closed: boolean; close: ReturnType<typeof vi.fn> };

beforeEach(() => {
  opened = { location: { href: '' }, closed: false, close: vi.fn() };
  vi.spyOn(window, 'open').mockImplementation(() => opened as unknown as Window);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() }));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const authorization = (init: RequestInit | undefined) => new Headers(init?.headers).get('Authorization');

describe("the officials' compensation bills", () => {
  it('the show office opens a bill per official and downloads them all, with the bearer token', async () => {
    startAs(organizer);
    const fetchMock = server({
      'GET /api/v1/venue/1/merchants/': () => json(200, { count: 0, results: [] }),
      'GET /api/v1/venue/1/': () => json(200, demoVenue),
      'GET /api/v1/officialParticipation/17/generateCompensationBill/': pdf,
      'GET /api/v1/officialParticipation/': () => json(200, { count: 1, results: [judge] }),
      'GET /api/v1/official/downloadCompensationBills/': () =>
        new Response('PK', {
          status: 200,
          headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="bills-1.zip"' },
        }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/organizer/officials');

    fireEvent.click(await screen.findByRole('button', { name: 'Compensation bill of Julia Judge' }, SLOW));
    await waitFor(() => expect(opened.location.href).toBe('blob:report'));
    const [, init] = calls(fetchMock, 'GET', '/api/v1/officialParticipation/17/generateCompensationBill/')[0]!;
    expect(authorization(init)).toBe('Bearer token');
    // The credit changed the official's balance: the list asks again.
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/v1/officialParticipation/')).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Download all compensation bills' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('bills-1.zip');
    const [input] = calls(fetchMock, 'GET', '/api/v1/official/downloadCompensationBills/')[0]!;
    expect(new URL(String(input), 'http://localhost').searchParams.get('venue')).toBe('1');
  });

  it('closes the window and says why when the bill cannot be issued', async () => {
    startAs(organizer);
    server({
      'GET /api/v1/venue/1/merchants/': () => json(200, { count: 0, results: [] }),
      'GET /api/v1/venue/1/': () => json(200, demoVenue),
      'GET /api/v1/officialParticipation/17/generateCompensationBill/': () =>
        json(400, { error: 'validation', message: 'x', fields: { __all__: ['over_entry_limit'] } }),
      'GET /api/v1/officialParticipation/': () => json(200, { count: 1, results: [judge] }),
    });
    renderApp('/organizer/officials');
    fireEvent.click(await screen.findByRole('button', { name: 'Compensation bill of Julia Judge' }, SLOW));
    await waitFor(() => expect(opened.close).toHaveBeenCalled());
    expect(opened.location.href).toBe('');
    await waitFor(() => expect(toasts()).toHaveLength(1));
  });

  it('the official finds their bills and their summaries among the reports and opens them', async () => {
    startAs(official);
    const fetchMock = server({
      'GET /api/v1/official/4/compensationBills/': () => json(200, { count: 1, results: [bill] }),
      'GET /api/v1/official/4/balance/': () => json(200, { results: [show] }),
      'GET /api/v1/official/4/reports/': () => json(200, { results: [] }),
      'GET /api/v1/compensationBill/41/pdf/': pdf,
      'GET /api/v1/official/4/generateSummaryPDF/': pdf,
      'GET /api/v1/official/4/venueTransactionDetailsPDF/': pdf,
    });
    renderApp('/official/reports');

    const bills = await screen.findByRole('table', { name: 'Compensation bills' }, SLOW);
    const row = within(bills).getByText('1-C00003').closest('tr')!;
    expect(within(row).getByText('Paddock Classic 2026')).toBeTruthy();
    expect(within(row).getByText('Judge')).toBeTruthy();
    expect(within(row).getByText('1120.00 €')).toBeTruthy();
    expect(within(row).getByText('168.00 €')).toBeTruthy();
    expect(within(row).getByText('952.00 €')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Compensation bill 1-C00003 (PDF)' }));
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/v1/compensationBill/41/pdf/')).toHaveLength(1));
    await waitFor(() => expect(opened.location.href).toBe('blob:report'));

    const reports = await screen.findByRole('table', { name: 'Summaries and details' }, SLOW);
    fireEvent.click(within(reports).getByRole('button', { name: 'Summary (PDF): All shows' }));
    fireEvent.click(within(reports).getByRole('button', { name: 'Transaction details (PDF): Paddock Classic 2026' }));
    expect(within(reports).queryByRole('button', { name: 'Transaction details (PDF): All shows' })).toBeNull();
    await waitFor(() =>
      expect(calls(fetchMock, 'GET', '/api/v1/official/4/venueTransactionDetailsPDF/')).toHaveLength(1),
    );
    const [summary] = calls(fetchMock, 'GET', '/api/v1/official/4/generateSummaryPDF/')[0]!;
    expect(new URL(String(summary), 'http://localhost').search).toBe('');
    const [details, init] = calls(fetchMock, 'GET', '/api/v1/official/4/venueTransactionDetailsPDF/')[0]!;
    expect(new URL(String(details), 'http://localhost').searchParams.get('venue')).toBe('1');
    expect(authorization(init)).toBe('Bearer token');
  });
});

describe("the venue's reports", () => {
  it('the show office opens the consumables sold for the days it chose', async () => {
    startAs(organizer);
    const fetchMock = server({
      'GET /api/v1/venue/1/merchants/': () => json(200, { count: 0, results: [] }),
      'GET /api/v1/venue/1/': () => json(200, demoVenue),
      'POST /api/v1/venue/1/exportConsumablesPDF/': pdf,
    });
    renderApp('/organizer/list');
    const section = await screen.findByRole('region', { name: 'Reports' }, SLOW);
    fireEvent.change(within(section).getByLabelText('From'), { target: { value: '2026-12-04' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Consumables sold (PDF)' }));
    await waitFor(() => expect(opened.location.href).toBe('blob:report'));
    const [, init] = calls(fetchMock, 'POST', '/api/v1/venue/1/exportConsumablesPDF/')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ date_from: '2026-12-04', date_to: null });
    expect(authorization(init)).toBe('Bearer token');
  });
});

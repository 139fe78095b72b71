import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OwnerShow } from '@shared/schemas/owner';
import { json, makeUser, renderApp } from './helpers';
import { summary } from './invoice-fixtures';
import { admin, calls, rider, server, SLOW, startAs, type Handler } from './owner-fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const show: OwnerShow = {
  venue: 1,
  venue_name: 'Paddock Classic 2026',
  date_from: '2026-12-03',
  date_to: '2026-12-06',
  currency: 'EUR',
  participation: null,
  balance_minor: 0,
};

/** A party's reports page: no statements, two documents (an invoice and its credit note); `extra` after them. */
function serveParty(base: string, extra: Record<string, Handler> = {}) {
  return server({
    [`GET /api/v1/${base}/reports/`]: () => json(200, { results: [] }),
    [`GET /api/v1/${base}/shows/`]: () => json(200, { results: [show] }),
    [`GET /api/v1/${base}/invoices/`]: () =>
      json(200, {
        results: [
          summary(11, { status: 'emailed' }),
          summary(14, {
            kind: 'credit_note',
            number: 'GS-2026-0001',
            has_pdf: false,
            credit_note_of: { id: 11, number: '2026-0011' },
            gross: 5950,
          }),
        ],
      }),
    ...extra,
  });
}

describe("a party's invoices (the reports section)", () => {
  it('lists number, show, date, gross and status, and downloads the PDF and XRechnung with the bearer token', async () => {
    startAs(rider);
    const fetchMock = serveParty('rider/3', {
      'GET /api/v1/invoice/11/pdf/': () =>
        new Response('%PDF', {
          status: 200,
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="2026-0011.pdf"' },
        }),
      'GET /api/v1/invoice/11/xrechnung/': () =>
        new Response('<Invoice/>', { status: 200, headers: { 'content-type': 'application/xml' } }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/rider/reports');

    const table = await screen.findByRole('table', { name: 'Invoices' }, SLOW);
    const invoice = within(table).getByText('2026-0011').closest('tr')!;
    expect(within(invoice).getByText('Paddock Classic 2026')).toBeTruthy();
    expect(within(invoice).getByText('6.12.2026')).toBeTruthy();
    expect(within(invoice).getByText('119.00 €')).toBeTruthy();
    expect(within(invoice).getByText('E-mailed')).toBeTruthy();
    const note = within(table).getByText('GS-2026-0001').closest('tr')!;
    expect(within(note).getByText('Credit note')).toBeTruthy();
    // The credit note's PDF is not rendered yet.
    expect(
      (within(note).getByRole('button', { name: 'Download PDF of GS-2026-0001' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.click(within(invoice).getByRole('button', { name: 'Download PDF of 2026-0011' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('2026-0011.pdf');
    const [, init] = calls(fetchMock, 'GET', '/api/v1/invoice/11/pdf/')[0]!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token');

    fireEvent.click(within(invoice).getByRole('button', { name: 'Download XRechnung of 2026-0011' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect((click.mock.contexts[1] as HTMLAnchorElement).download).toBe('2026-0011.xml');
  });

  it.each([
    ['employer', makeUser({ roles: ['employer'], rider_id: null, employer_id: 4 }), '/employer/reports', 'employer/4'],
    ['official', makeUser({ roles: ['official'], rider_id: null, official_id: 5 }), '/official/reports', 'official/5'],
    [
      'simple user',
      makeUser({ roles: ['simpleuser'], rider_id: null, simple_user_id: 6 }),
      '/simpleuser/reports',
      'simpleuser/6',
    ],
  ])("the %s's reports page lists its invoices", async (_name, user, path, base) => {
    startAs(user);
    const fetchMock = serveParty(base);
    renderApp(path);
    const table = await screen.findByRole('table', { name: 'Invoices' }, SLOW);
    expect(within(table).getByText('2026-0011')).toBeTruthy();
    expect(calls(fetchMock, 'GET', `/api/v1/${base}/invoices/`)).toHaveLength(1);
  });

  it.each([
    ['/riders/3/reports', 'rider/3'],
    ['/employers/4/reports', 'employer/4'],
    ['/officials/5/reports', 'official/5'],
    ['/simpleusers/6/reports', 'simpleuser/6'],
  ])("the admin's view %s lists the party's invoices", async (path, base) => {
    startAs(admin);
    serveParty(base, { [`GET /api/v1/${base}/`]: () => json(200, { id: 1, first_name: 'Pat', last_name: 'Party' }) });
    renderApp(path);
    const table = await screen.findByRole('table', { name: 'Invoices' }, SLOW);
    expect(within(table).getByText('GS-2026-0001')).toBeTruthy();
  });

  it("the simple user's overview links the reports", async () => {
    startAs(makeUser({ roles: ['simpleuser'], rider_id: null, simple_user_id: 6 }));
    serveParty('simpleuser/6', { 'GET /api/v1/simpleuser/6/balance/': () => json(200, { results: [] }) });
    renderApp('/simpleuser/overview');
    const links = await screen.findByRole('region', { name: 'Your pages' }, SLOW);
    expect(within(links).getByRole('link', { name: 'Reports' }).getAttribute('href')).toBe('/simpleuser/reports');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVOICE_KINDS, INVOICE_STATUSES } from '@shared/schemas/invoices';
import type { JobRun } from '@shared/schemas/jobs';
import { changeLanguage } from '@/lib/i18n';
import { demoVenue, json, renderApp } from './helpers';
import { invoicePage, jobRun, organizer, summary } from './invoice-fixtures';
import { admin, bodies, calls, server, SLOW, startAs, toasts, type Handler } from './owner-fixtures';

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

/** The invoices page's calls; `page` adds or replaces answers (the venue's own path last: it is a prefix of the others). */
function serveOffice(page: Record<string, Handler> = {}) {
  return server({
    'GET /api/v1/venue/1/invoices/': () => json(200, invoicePage),
    'GET /api/v1/venue/1/jobs/': () => json(200, { results: [] }),
    ...page,
    'GET /api/v1/venue/1/': () => json(200, demoVenue),
  });
}

/** Answers one after the other; the last one stays. */
function sequence(...answers: (() => Response)[]): Handler {
  let next = 0;
  return () => answers[Math.min(next++, answers.length - 1)]!();
}

const confirm = async () => fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
const jobsAsked = (fetchMock: ReturnType<typeof serveOffice>, kind: string) =>
  calls(fetchMock, 'GET', '/api/v1/venue/1/jobs/').filter(
    ([input]) => new URL(String(input), 'http://localhost').searchParams.get('kind') === kind,
  ).length;

describe('the invoices page (admin and organizer)', () => {
  it('lists invoices with translated statuses and kinds, the money format, totals and what is left to invoice', async () => {
    startAs(admin);
    const fetchMock = serveOffice();
    renderApp('/venues/1/actions/invoices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' }, SLOW)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Invoices and credit notes' });

    const row = (number: string) => within(table).getByRole('link', { name: number }).closest('tr')!;
    expect(within(row('2026-0011')).getByText('Issued')).toBeTruthy();
    expect(within(row('2026-0011')).getByText('119.00 €')).toBeTruthy();
    expect(within(row('2026-0011')).getByText('6.12.2026')).toBeTruthy();
    expect(within(row('2026-0012')).getByText('E-mailed')).toBeTruthy();
    expect(within(row('2026-0013')).getByText('Paid')).toBeTruthy();
    expect(within(row('2026-0013')).getByText('Employer')).toBeTruthy();
    expect(within(row('GS-2026-0001')).getByText('Cancelled')).toBeTruthy();
    expect(within(row('GS-2026-0001')).getByText('Credit note')).toBeTruthy();
    expect(within(row('2026-0011')).getByRole('link', { name: '2026-0011' }).getAttribute('href')).toBe(
      '/venues/1/actions/invoices/11',
    );
    // No raw enum value reaches the screen.
    const text = document.body.textContent ?? '';
    for (const raw of [...INVOICE_STATUSES, ...INVOICE_KINDS]) expect(text).not.toMatch(new RegExp(`\\b${raw}\\b`));

    expect(screen.getByText('Entries not invoiced yet: 4')).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'Totals of 4 documents' });
    expect(within(totals).getByText('350.00 €')).toBeTruthy();
    expect(within(totals).getByText('66.50 €')).toBeTruthy();
    expect(within(totals).getByText('416.50 €')).toBeTruthy();

    const listQuery = () =>
      Object.fromEntries(
        new URL(String(calls(fetchMock, 'GET', '/api/v1/venue/1/invoices/').at(-1)![0]), 'http://localhost')
          .searchParams,
      );
    expect(listQuery()).toEqual({ page: '1', page_size: '100' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'paid' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), { target: { value: 'credit_note' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Number or party' }), { target: { value: 'Rita' } });
    await waitFor(() =>
      expect(listQuery()).toEqual({ page: '1', page_size: '100', status: 'paid', kind: 'credit_note', search: 'Rita' }),
    );
  });

  it("names statuses and kinds in the reader's language", async () => {
    startAs({ ...admin, language: 'de' });
    await changeLanguage('de');
    serveOffice();
    renderApp('/venues/1/actions/invoices');
    const table = await screen.findByRole('table', { name: 'Rechnungen und Gutschriften' }, SLOW);
    for (const text of ['Ausgestellt', 'Per E-Mail versandt', 'Bezahlt', 'Storniert', 'Gutschrift', '119.00 €']) {
      expect(within(table).getAllByText(text).length, text).toBeGreaterThan(0);
    }
    expect(screen.getByRole('button', { name: 'Alle Rechnungen erstellen' })).toBeTruthy();
  });

  it('generate posts, then the progress bar advances to done and the list is read again', async () => {
    startAs(organizer);
    const fetchMock = serveOffice({
      'POST /api/v1/venue/1/generateInvoices/': () => json(202, jobRun()),
      'GET /api/v1/jobs/5/': sequence(
        () =>
          json(
            200,
            jobRun({
              status: 'running',
              done: 1,
              started_at: '2026-12-06T17:00:01Z',
              messages: [
                {
                  at: '2026-12-06T17:00:02Z',
                  code: 'invoice_issued',
                  params: { number: '2026-0011', party: 'Rita Reiter' },
                },
                { at: '2026-12-06T17:00:01Z', code: 'run_started', params: { total: 3 } },
              ],
            }),
          ),
        () =>
          json(
            200,
            jobRun({
              status: 'done',
              done: 3,
              finished_at: '2026-12-06T17:00:05Z',
              messages: [{ at: '2026-12-06T17:00:05Z', code: 'run_done', params: { done: 3, failed: 0 } }],
            }),
          ),
      ),
    });
    renderApp('/organizer/invoices');
    fireEvent.click(await screen.findByRole('button', { name: 'Generate all invoices' }, SLOW));
    await confirm();

    const run = await screen.findByRole('region', { name: 'Invoice run' });
    expect(await within(run).findByText('1 of 3 done (33 %)')).toBeTruthy();
    expect(within(run).getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow')).toBe('33');
    expect(within(run).getByText('Running')).toBeTruthy();
    expect(within(run).getByText('Invoice 2026-0011 issued to Rita Reiter.')).toBeTruthy();
    expect(within(run).getByRole('button', { name: 'Cancel run' })).toBeTruthy();

    expect(await within(run).findByText('3 of 3 done (100 %)', {}, SLOW)).toBeTruthy();
    expect(within(run).getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow')).toBe('100');
    expect(within(run).getByText('Done')).toBeTruthy();
    expect(within(run).getByText('Finished: 3 done, 0 failed.')).toBeTruthy();
    expect(within(run).queryByRole('button', { name: 'Cancel run' })).toBeNull();

    expect(calls(fetchMock, 'POST', '/api/v1/venue/1/generateInvoices/')).toHaveLength(1);
    // The run's end reloads the list (the first read was on opening).
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/v1/venue/1/invoices/').length).toBeGreaterThan(1));
    // Polling stops once the run has ended.
    const polls = calls(fetchMock, 'GET', '/api/v1/jobs/5/').length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls(fetchMock, 'GET', '/api/v1/jobs/5/')).toHaveLength(polls);
  });

  it('a run already under way (409 job_running) is a translated error, and the page looks for that run', async () => {
    startAs(admin);
    const fetchMock = serveOffice({
      'POST /api/v1/venue/1/generateInvoices/': () =>
        json(409, { error: 'job_running', message: 'A run of this kind is already under way for this show.' }),
    });
    renderApp('/venues/1/actions/invoices');
    fireEvent.click(await screen.findByRole('button', { name: 'Generate all invoices' }, SLOW));
    await confirm();
    await waitFor(() => expect(toasts()).toContain('A run of this kind is already under way for this show.'));
    await waitFor(() => expect(jobsAsked(fetchMock, 'invoices')).toBe(2));
  });

  it('an invoice lacking data (400 invoice_incomplete) lists each gap translated, the seller’s linked to the venue set-up', async () => {
    startAs(admin);
    serveOffice({
      'POST /api/v1/venue/1/generateInvoices/': () =>
        json(400, {
          error: 'invoice_incomplete',
          message: 'The invoice cannot be issued yet.',
          fields: ['seller.country', 'seller.contact_phone', 'buyer.postal_code'],
          params: { party: 'Paddock Classic' },
        }),
    });
    renderApp('/venues/1/actions/invoices');
    fireEvent.click(await screen.findByRole('button', { name: 'Generate all invoices' }, SLOW));
    await confirm();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Missing before invoicing')).toBeTruthy();
    const country = within(alert).getByRole('link', { name: "the show's country (venue, Invoicing)" });
    expect(country.getAttribute('href')).toBe('/venues/1/config/edit');
    expect(within(alert).getByRole('link', { name: "the show office's phone (venue, Invoicing)" })).toBeTruthy();
    expect(within(alert).getByText("the buyer's post code (profile)")).toBeTruthy();
    expect(alert.textContent).not.toMatch(/seller\.|buyer\./);
    expect(toasts()).toEqual([]);
  });

  it('without a mail server says that e-mails are written to the mail folder, and marks such invoices', async () => {
    startAs(admin);
    serveOffice({
      'GET /api/v1/config/': () =>
        json(200, {
          version: 'test',
          environment: 'test',
          impersonation_enabled: false,
          stripe_publishable_key: null,
          mail_server: false,
        }),
      'GET /api/v1/venue/1/invoices/': () =>
        json(200, {
          ...invoicePage,
          results: [summary(11, { mail_delivery: 'mail_folder' }), summary(12, { render_error: 'no country' })],
        }),
    });
    renderApp('/venues/1/actions/invoices');
    expect(
      await screen.findByText(
        'No mail server is set on this server: e-mails are written to its mail folder, not sent.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Invoices and credit notes' });
    const row = (number: string) => within(table).getByRole('link', { name: number }).closest('tr')!;
    expect(within(row('2026-0011')).getByText('Written to the mail folder, not sent')).toBeTruthy();
    expect(within(row('2026-0012')).getByText('Documents failed: no country')).toBeTruthy();
  });

  it('nothing to invoice (400) is a translated error too', async () => {
    startAs(admin);
    serveOffice({
      'POST /api/v1/venue/1/generateInvoices/': () =>
        json(400, { error: 'nothing_to_invoice', message: 'There is nothing to invoice.' }),
    });
    renderApp('/venues/1/actions/invoices');
    fireEvent.click(await screen.findByRole('button', { name: 'Generate all invoices' }, SLOW));
    await confirm();
    await waitFor(() =>
      expect(toasts()).toContain('There is nothing to invoice: every entry is on an invoice already.'),
    );
  });

  it("shows the venue's running run on opening, with its messages and failures, and Cancel posts cancel", async () => {
    startAs(admin);
    let cancelled = false;
    const running = (): JobRun =>
      jobRun({
        id: 7,
        kind: 'invoice_emails',
        status: 'running',
        total: 4,
        done: 2,
        failed: 1,
        cancel_requested: cancelled,
        started_at: '2026-12-06T17:00:01Z',
        messages: [
          { at: '2026-12-06T17:00:03Z', code: 'email_failed', params: { number: '2026-0012', email: 'x@example.com' } },
          {
            at: '2026-12-06T17:00:02Z',
            code: 'invoice_emailed',
            params: { number: '2026-0011', email: 'rita@example.com' },
          },
        ],
        failures: [{ key: '2026-0012', error: 'Mailbox unavailable' }],
      });
    const fetchMock = serveOffice({
      'GET /api/v1/venue/1/jobs/': (url) =>
        json(200, { results: url.searchParams.get('kind') === 'invoice_emails' ? [running()] : [] }),
      'GET /api/v1/jobs/7/': () => json(200, running()),
      'POST /api/v1/jobs/7/cancel/': () => {
        cancelled = true;
        return json(200, running());
      },
    });
    renderApp('/venues/1/actions/invoices');
    const run = await screen.findByRole('region', { name: 'Invoice e-mails' }, SLOW);
    expect(within(run).getByText('2 of 4 done (50 %) · failed: 1')).toBeTruthy();
    expect(within(run).getByText('Invoice 2026-0011 sent to rita@example.com.')).toBeTruthy();
    expect(within(run).getByText('Invoice 2026-0012 could not be sent to x@example.com.')).toBeTruthy();
    expect(within(run).getByText('Steps that failed: 1')).toBeTruthy();
    expect(within(run).getByText('2026-0012: Mailbox unavailable')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Invoice run' })).toBeNull();

    fireEvent.click(within(run).getByRole('button', { name: 'Cancel run' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/v1/jobs/7/cancel/')).toHaveLength(1));
    const stopping = await within(run).findByRole('button', { name: 'Stopping…' });
    expect((stopping as HTMLButtonElement).disabled).toBe(true);
  });

  it('e-mails the invoices, those sent before too when asked, and shows that run', async () => {
    startAs(admin);
    const fetchMock = serveOffice({
      'POST /api/v1/venue/1/emailInvoices/': () => json(202, jobRun({ id: 9, kind: 'invoice_emails', total: 4 })),
      'GET /api/v1/jobs/9/': () =>
        json(200, jobRun({ id: 9, kind: 'invoice_emails', status: 'running', total: 4, done: 1 })),
    });
    renderApp('/venues/1/actions/invoices');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Also those already e-mailed' }, SLOW));
    fireEvent.click(screen.getByRole('button', { name: 'E-mail invoices' }));
    await confirm();
    const run = await screen.findByRole('region', { name: 'Invoice e-mails' });
    expect(await within(run).findByText('1 of 4 done (25 %)')).toBeTruthy();
    expect(bodies(fetchMock, 'POST', '/api/v1/venue/1/emailInvoices/')).toEqual([{ resend: true }]);
  });

  it('downloads every invoice as one zip with the bearer token', async () => {
    startAs(admin);
    const fetchMock = serveOffice({
      'GET /api/v1/venue/1/downloadInvoices/': () =>
        new Response('PK', {
          status: 200,
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="invoices-1.zip"',
          },
        }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/venues/1/actions/invoices');
    fireEvent.click(await screen.findByRole('button', { name: 'Download all' }, SLOW));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('invoices-1.zip');
    const [, init] = calls(fetchMock, 'GET', '/api/v1/venue/1/downloadInvoices/')[0]!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token');
  });

  it("is linked from the admin's venue page", async () => {
    startAs(admin);
    serveOffice();
    renderApp('/venues/1/config');
    const actions = await screen.findByRole('region', { name: 'Actions' }, SLOW);
    expect(within(actions).getByRole('link', { name: 'Invoices' }).getAttribute('href')).toBe(
      '/venues/1/actions/invoices',
    );
  });

  it("is linked from the organizer's start page", async () => {
    startAs(organizer);
    serveOffice();
    renderApp('/organizer/list');
    const office = await screen.findByRole('region', { name: 'Show office' }, SLOW);
    expect(within(office).getByRole('link', { name: 'Invoices' }).getAttribute('href')).toBe('/organizer/invoices');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invoice } from '@shared/schemas/invoices';
import { demoVenue, json, renderApp } from './helpers';
import { employerInvoice, organizer, summary } from './invoice-fixtures';
import { admin, calls, server, SLOW, startAs, toasts, validation } from './owner-fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const creditNote: Invoice = {
  ...employerInvoice,
  ...summary(22, {
    kind: 'credit_note',
    number: 'GS-2026-0002',
    credit_note_of: { id: 21, number: '2026-0021' },
    party: employerInvoice.party,
    net: 15000,
    tax: 2850,
    gross: 17850,
  }),
  lines: [{ ...employerInvoice.lines[0]!, credited: false }],
  vat_summary: [{ tax_rate_bp: 1900, tax_category: 'S', net: 15000, tax: 2850, gross: 17850 }],
  credit_notes: [],
};

describe('one invoice', () => {
  it('shows seller, buyer, lines with the rider and the credited mark, VAT summary, totals and related documents', async () => {
    startAs(admin);
    server({
      'GET /api/v1/invoice/21/': () => json(200, employerInvoice),
      'GET /api/v1/venue/1/': () => json(200, demoVenue),
    });
    renderApp('/venues/1/actions/invoices/21');
    expect(await screen.findByRole('heading', { level: 2, name: '2026-0021' }, SLOW)).toBeTruthy();
    const seller = screen.getByRole('region', { name: 'Seller' });
    expect(within(seller).getByText('Paddock Classic 2026')).toBeTruthy();
    expect(within(seller).getByText('IBAN: SI56 1910 0000 0123 438')).toBeTruthy();
    const buyer = screen.getByRole('region', { name: 'Buyer' });
    expect(within(buyer).getByText('Stall Sonnenhof')).toBeTruthy();
    expect(within(buyer).getByText('VAT id: DE123456789')).toBeTruthy();

    const lines = screen.getByRole('table', { name: 'Lines' });
    const box = within(lines).getByText('Stable box').closest('tr')!;
    expect(within(box).getByText('Rita Reiter')).toBeTruthy();
    expect(within(box).getByText('150.00 €')).toBeTruthy();
    expect(within(box).getByText('19 %')).toBeTruthy();
    // Net-priced lines show no gross of their own: VAT is taken on each rate's total.
    expect(within(box).queryByText('178.50 €')).toBeNull();
    expect(within(lines).queryByRole('columnheader', { name: 'Gross' })).toBeNull();
    expect(within(box).queryByText('Credited')).toBeNull();
    expect(within(within(lines).getByText('Shavings').closest('tr')!).getByText('Credited')).toBeTruthy();

    const vat = screen.getByRole('table', { name: 'VAT summary' });
    expect(within(vat).getByText('57.00 €')).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('357.00 €')).toBeTruthy();

    expect(screen.getByText('RF18 2026 21')).toBeTruthy();
    expect(screen.getByText('20.12.2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'GS-2026-0001' }).getAttribute('href')).toBe(
      '/venues/1/actions/invoices/22',
    );
    expect(screen.getByRole('button', { name: 'Download PDF of 2026-0021' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download XRechnung of 2026-0021' })).toBeTruthy();
  });

  it('a credit note: the chosen lines with an Idempotency-Key reused on retry, a field error from a 400, then the new note', async () => {
    startAs(organizer);
    let attempt = 0;
    const fetchMock = server({
      'GET /api/v1/invoice/21/': () => json(200, employerInvoice),
      'GET /api/v1/invoice/22/': () => json(200, creditNote),
      'POST /api/v1/invoice/21/creditNote/': () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        if (attempt === 2) return validation({ lines: ['already_credited'] });
        return json(201, creditNote);
      },
      'GET /api/v1/venue/1/': () => json(200, demoVenue),
    });
    const router = renderApp('/organizer/invoices/21');
    fireEvent.click(await screen.findByRole('button', { name: 'Credit note' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Credit note for 2026-0021' });

    // Every line not credited yet is offered and chosen; the credited one is not offered.
    const box = within(dialog).getByRole('checkbox', { name: /Stable box/ }) as HTMLInputElement;
    const entry = within(dialog).getByRole('checkbox', { name: /Entry fee Grand Prix/ }) as HTMLInputElement;
    expect(box.checked && entry.checked).toBe(true);
    expect(within(dialog).queryByRole('checkbox', { name: /Shavings/ })).toBeNull();
    fireEvent.click(entry);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), {
      target: { value: 'Box not used' },
    });

    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const posts = () => calls(fetchMock, 'POST', '/api/v1/invoice/21/creditNote/');
    const keyOf = (index: number) => new Headers(posts()[index]![1]?.headers).get('Idempotency-Key');

    submit();
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]![1]?.body))).toEqual({ lines: [501], reason: 'Box not used' });
    expect(keyOf(0)).toMatch(/^[0-9a-f-]{36}$/);
    // The answer was lost: the same submission goes again under the same key.
    await within(dialog).findByRole('alert');
    submit();
    expect(await within(dialog).findByText('This line is already on a credit note.')).toBeTruthy();
    expect(keyOf(1)).toBe(keyOf(0));
    // A refusal ends that submission: the next one has a key of its own.
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizer/invoices/22'));
    expect(keyOf(2)).not.toBe(keyOf(1));
    expect(await screen.findByRole('heading', { level: 2, name: 'GS-2026-0002' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '2026-0021' }).getAttribute('href')).toBe('/organizer/invoices/21');
    expect(toasts()).toContain('Credit note GS-2026-0002 issued.');
    // A credit note is not credited again.
    expect(screen.queryByRole('button', { name: 'Credit note' })).toBeNull();
  });

  it('offers no credit note for a cancelled invoice', async () => {
    startAs(admin);
    server({
      'GET /api/v1/invoice/21/': () => json(200, { ...employerInvoice, status: 'cancelled' }),
      'GET /api/v1/venue/1/': () => json(200, demoVenue),
    });
    renderApp('/venues/1/actions/invoices/21');
    expect((await screen.findAllByText('Cancelled', {}, SLOW)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Credit note' })).toBeNull();
  });
});

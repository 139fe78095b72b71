import type { Invoice, InvoicePage, InvoiceSummary } from '@shared/schemas/invoices';
import type { JobRun } from '@shared/schemas/jobs';
import { makeUser } from './helpers';

/** Shared fixtures of the invoice suites (tests/client/invoices-*.test.tsx). */
export const organizer = makeUser({
  id: 2,
  username: 'organizer',
  roles: ['organizer'],
  assigned_venue: 1,
  rider_id: null,
});

export function summary(id: number, overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id,
    venue: 1,
    kind: 'invoice',
    number: `2026-${String(id).padStart(4, '0')}`,
    credit_note_of: null,
    party: { type: 'rider', id: 3, name: 'Rita Reiter' },
    language: 'en',
    currency: 'EUR',
    net: 10000,
    tax: 1900,
    gross: 11900,
    issue_date: '2026-12-06',
    due_date: '2026-12-20',
    payment_reference: `RF18 2026 ${id}`,
    status: 'issued',
    emailed_at: null,
    has_pdf: true,
    render_error: null,
    mail_delivery: null,
    ...overrides,
  };
}

export const invoicePage: InvoicePage = {
  count: 4,
  results: [
    summary(11),
    summary(12, { status: 'emailed', emailed_at: '2026-12-06T18:00:00Z' }),
    summary(13, { status: 'paid', party: { type: 'employer', id: 4, name: 'Stall Sonnenhof' } }),
    summary(14, {
      kind: 'credit_note',
      number: 'GS-2026-0001',
      status: 'cancelled',
      credit_note_of: { id: 11, number: '2026-0011' },
      net: 5000,
      tax: 950,
      gross: 5950,
    }),
  ],
  totals: { net: 35000, tax: 6650, gross: 41650 },
  uninvoiced: 4,
};

const party = {
  address: 'Hauptstraße 1',
  postal_code: '80331',
  city: 'München',
  country: 'DE',
  vat_id: null,
  email: null,
};

/** An employer's invoice: two lines for riders it pays for, one of them credited already. */
export const employerInvoice: Invoice = {
  ...summary(21, {
    number: '2026-0021',
    party: { type: 'employer', id: 4, name: 'Stall Sonnenhof' },
    net: 30000,
    tax: 5700,
    gross: 35700,
  }),
  buyer: { ...party, name: 'Stall Sonnenhof', vat_id: 'DE123456789', email: 'office@sonnenhof.example' },
  seller: { ...party, name: 'Paddock Classic 2026', city: 'Lipica', iban: 'SI56 1910 0000 0123 438', bic: 'BAKOSI2X' },
  lines: [
    {
      transaction: 501,
      date: '2026-12-03',
      description: 'Stable box',
      beneficiary: 'Rita Reiter',
      quantity: 3,
      unit_net: 5000,
      net: 15000,
      tax: 2850,
      gross: 17850,
      tax_rate_bp: 1900,
      tax_category: 'S',
      credited: false,
    },
    {
      transaction: 502,
      date: '2026-12-04',
      description: 'Entry fee Grand Prix',
      beneficiary: 'Max Muster',
      quantity: 1,
      unit_net: 10000,
      net: 10000,
      tax: 1900,
      gross: 11900,
      tax_rate_bp: 1900,
      tax_category: 'S',
      credited: false,
    },
    {
      transaction: 503,
      date: '2026-12-04',
      description: 'Shavings',
      beneficiary: 'Rita Reiter',
      quantity: 5,
      unit_net: 1000,
      net: 5000,
      tax: 950,
      gross: 5950,
      tax_rate_bp: 1900,
      tax_category: 'S',
      credited: true,
    },
  ],
  vat_summary: [{ tax_rate_bp: 1900, tax_category: 'S', net: 30000, tax: 5700, gross: 35700 }],
  credit_notes: [{ id: 22, number: 'GS-2026-0001' }],
};

export function jobRun(overrides: Partial<JobRun> = {}): JobRun {
  return {
    id: 5,
    kind: 'invoices',
    venue: 1,
    status: 'queued',
    total: 3,
    done: 0,
    failed: 0,
    cancel_requested: false,
    messages: [],
    failures: [],
    created_at: '2026-12-06T17:00:00Z',
    started_at: null,
    finished_at: null,
    ...overrides,
  };
}

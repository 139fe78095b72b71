import { z } from 'zod';
import { PARTY_TYPES } from '../ledger';
import { idParam as idOf } from './common';
import { listQuery, paginated } from './pagination';

/**
 * Invoices and credit notes (DOMAIN.md "Invoice"). Endpoints:
 *   POST /api/v1/venue/{id}/generateInvoices/        run: invoice every party with uninvoiced entries → 202 jobRun
 *   GET  /api/v1/venue/{id}/generateInvoice/?venueParticipationID=
 *                                                    invoice the payer of one rider's participation now → 201 invoice
 *   GET  /api/v1/venue/{id}/invoices/                list (filters, pages) → { count, results, totals }
 *   POST /api/v1/venue/{id}/emailInvoices/           run: e-mail the invoices (PDF attached) → 202 jobRun
 *   GET  /api/v1/venue/{id}/downloadInvoices/        zip of every invoice's PDF
 *   GET  /api/v1/invoice/{id}/                       one, with its lines
 *   GET  /api/v1/invoice/{id}/pdf/                   Factur-X PDF (PDF/A-3, CII XML embedded)
 *   GET  /api/v1/invoice/{id}/xrechnung/             XRechnung (UBL) XML
 *   POST /api/v1/invoice/{id}/creditNote/            credit note for the whole invoice or chosen lines → 201 invoice
 *   GET  /api/v1/{partyType}/{id}/invoices/          a party's own invoices (owner access)
 * The venue's show office (organizer, admin) manages; a party reads its own; an employer reads
 * what it pays for.
 */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
/** sent: handed to the SMTP server; mail_folder: no server set, the message was only written to the mail folder. */
export const MAIL_DELIVERIES = ['sent', 'mail_folder'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];
export const INVOICE_STATUSES = ['issued', 'emailed', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** The parties invoices go to; officials are paid by compensation bill, merchants by payout. */
/**
 * What an invoice lacks before it may be issued (its e-invoice would break an EN 16931 or
 * XRechnung rule): the seller's fields are set in the venue's Invoicing section, the buyer's in
 * the party's profile. The client translates `invoices:gap.<code>`.
 */
export const INVOICE_GAPS = [
  'seller.address',
  'seller.postal_code',
  'seller.city',
  'seller.country',
  'seller.vat_id',
  'seller.legal_registration_id',
  'seller.invoice_email',
  'seller.contact_phone',
  'seller.contact_email',
  'seller.bank_account',
  'buyer.address',
  'buyer.postal_code',
  'buyer.city',
  'buyer.country',
  'buyer.email',
  'buyer.vat_id',
  // a line without VAT whose tax type states no ground for it (exempt, reverse charge, …)
  'line.tax_ground',
  // lines outside the scope of VAT beside taxed ones: EN 16931 BR-O-11..14 want them on an invoice of their own
  'line.outside_scope_mixed',
] as const;
export type InvoiceGap = (typeof INVOICE_GAPS)[number];

export const INVOICED_PARTY_TYPES = ['rider', 'employer', 'simpleuser', 'official'] as const;

/**
 * EN 16931 VAT category codes (UNTDID 5305): S standard/reduced, AE reverse charge, E exempt,
 * Z zero rate, K intra-community supply, G export outside the EU.
 */
export const TAX_CATEGORIES = ['S', 'AE', 'E', 'Z', 'K', 'G', 'O'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

const minor = z.number().int();

export const invoiceLine = z.object({
  /** The ledger entry the line bills (for a credit note: the entry it reverses). */
  transaction: z.number().int(),
  date: z.string(),
  description: z.string(),
  /** The rider the line was for, on an employer's invoice. */
  beneficiary: z.string().nullable(),
  quantity: z.number().int(),
  /** Net unit price, positive for what the party owes. */
  unit_net: minor,
  net: minor,
  tax: minor,
  gross: minor,
  tax_rate_bp: z.number().int(),
  tax_category: z.enum(TAX_CATEGORIES),
  /** The legal ground of a line without VAT, from its tax type (EN 16931 BT-120/BT-121); absent: the category's own. */
  exemption_reason: z.string().nullable().optional(),
  exemption_code: z.string().nullable().optional(),
  /** Charged at a price including VAT: its rate's VAT is taken on the gross total (absent on older invoices). */
  prices_include_tax: z.boolean().optional(),
  /** Already covered by a credit note. */
  credited: z.boolean(),
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

export const vatSummaryRow = z.object({
  tax_rate_bp: z.number().int(),
  tax_category: z.enum(TAX_CATEGORIES),
  exemption_reason: z.string().nullable().optional(),
  exemption_code: z.string().nullable().optional(),
  net: minor,
  tax: minor,
  gross: minor,
});
export type VatSummaryRow = z.infer<typeof vatSummaryRow>;

export const invoiceParty = z.object({
  name: z.string(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  vat_id: z.string().nullable(),
  email: z.string().nullable(),
});
export type InvoiceParty = z.infer<typeof invoiceParty>;

export const invoiceSummary = z.object({
  id: z.number().int(),
  venue: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  number: z.string(),
  credit_note_of: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  party: z.object({ type: z.enum(PARTY_TYPES), id: z.number().int(), name: z.string() }),
  language: z.string(),
  currency: z.string(),
  /** Positive: what the party owes on an invoice, what it gets back on a credit note. */
  net: minor,
  tax: minor,
  gross: minor,
  issue_date: z.string(),
  due_date: z.string(),
  payment_reference: z.string(),
  status: z.enum(INVOICE_STATUSES),
  emailed_at: z.string().nullable(),
  /** The Factur-X PDF is ready (rendered after issuing, in the same run). */
  has_pdf: z.boolean(),
  /** Why its documents could not be made (shown as failed; tried again by the next run or download); null: none failed. */
  render_error: z.string().nullable(),
  /** How the last e-mail went: sent to the mail server, or only written to the mail folder (no server set). */
  mail_delivery: z.enum(MAIL_DELIVERIES).nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

export const invoice = invoiceSummary.extend({
  buyer: invoiceParty,
  seller: invoiceParty.extend({ iban: z.string().nullable(), bic: z.string().nullable() }),
  lines: z.array(invoiceLine),
  vat_summary: z.array(vatSummaryRow),
  credit_notes: z.array(z.object({ id: z.number().int(), number: z.string() })),
});
export type Invoice = z.infer<typeof invoice>;

export const invoiceListQuery = listQuery.extend({
  kind: z.enum(INVOICE_KINDS, { error: 'invalid' }).optional(),
  status: z.enum(INVOICE_STATUSES, { error: 'invalid' }).optional(),
  party_type: z.enum(PARTY_TYPES, { error: 'invalid' }).optional(),
  party_id: idOf.optional(),
  /** Number or party name. */
  search: z.string().trim().max(100, { error: 'too_long' }).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

export const invoicePage = paginated(invoiceSummary).extend({
  totals: z.object({ net: minor, tax: minor, gross: minor }),
  /** Uninvoiced invoiceable entries left at the venue (what a new run would bill). */
  uninvoiced: z.number().int(),
});
export type InvoicePage = z.infer<typeof invoicePage>;

export const generateInvoiceQuery = z.object({ venueParticipationID: idOf });

export const emailInvoicesInput = z.object({
  /** Send again to those e-mailed before (default: only those never sent). */
  resend: z.boolean({ error: 'invalid' }).default(false),
  /** Only these invoices (default: every invoice of the venue). */
  invoices: z.array(idOf, { error: 'invalid' }).max(100_000, { error: 'too_big' }).optional(),
});
export type EmailInvoicesInput = z.infer<typeof emailInvoicesInput>;

export const creditNoteInput = z.object({
  /** The transactions (invoice lines) to credit; omitted or empty: every line not credited yet. */
  lines: z
    .array(z.number({ error: 'invalid' }).int({ error: 'invalid' }).positive({ error: 'invalid' }), {
      error: 'invalid',
    })
    .max(10_000, { error: 'too_big' })
    .optional(),
  reason: z.string({ error: 'invalid' }).trim().max(500, { error: 'too_long' }).optional(),
});
export type CreditNoteInput = z.infer<typeof creditNoteInput>;

export const partyInvoiceList = z.object({ results: z.array(invoiceSummary) });

import type { Language } from '@shared/constants';
import type { InvoiceKind, InvoiceLine, InvoiceParty, VatSummaryRow } from '@shared/schemas/invoices';

/**
 * What an invoice or credit note document is made of: the snapshot stored with the invoice
 * when it was issued. Every renderer (PDF, CII, Factur-X, XRechnung) is a pure function of it
 * (CONVENTIONS 13), so a document rendered again is the same document.
 *
 * Amounts are integer minor units of `currency`, positive: on an invoice what the buyer owes,
 * on a credit note what the buyer gets back. Σ lines = net/tax/gross; Σ vatSummary = the same.
 */
export interface InvoiceDocument {
  kind: InvoiceKind;
  /** As printed, e.g. `1-00042`. */
  number: string;
  /** A credit note's invoice. */
  creditNoteOf: { number: string; issueDate: string } | null;
  /** The buyer's language: every label of the document is in it. */
  language: Language;
  /** YYYY-MM-DD */
  issueDate: string;
  dueDate: string;
  /** ISO 4217, e.g. EUR. */
  currency: string;
  /** The show (venue) the invoice is for, and its FEI id when it has one. */
  venue: { name: string; feiId: string | null; startDate: string | null; endDate: string | null };
  seller: InvoiceParty & {
    iban: string | null;
    bic: string | null;
    bankName: string | null;
    /** The show office's telephone (XRechnung BR-DE-6 wants one); optional. */
    phone?: string | null;
    /** The seller's tax number (EN 16931 BT-32), beside or instead of its VAT id. */
    taxNumber?: string | null;
    /** The seller's register entry (EN 16931 BT-30). */
    legalRegistrationId?: string | null;
    /** The seller's contact (BG-6): a person or department, and its e-mail (XRechnung BR-DE-7). */
    contactName?: string | null;
    contactEmail?: string | null;
    /** The venue's logo, when it has one (PNG or JPEG bytes). */
    logo: { contentType: string; data: Buffer } | null;
  };
  buyer: InvoiceParty & {
    /** rider | employer | simpleuser | official, and the profile id: the buyer's reference. */
    partyType: string;
    partyId: number;
    /** A German public buyer's Leitweg-ID: the buyer reference instead (XRechnung BT-10, BR-DE-15). */
    leitweg_id?: string | null;
  };
  lines: InvoiceLine[];
  vatSummary: VatSummaryRow[];
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
  /** ISO 11649 creditor reference (RF…): the transfer's reference. */
  paymentReference: string;
  /** A credit note's reason, printed under its lines. */
  note: string | null;
  /**
   * An invoice's information beside its total: the prize money credited to the buyer's
   * account at the show up to the invoice's issue (signed: a correction after a changed ranking is
   * negative). Settled through the account, not part of the invoice's amounts.
   */
  prizeMoney?: { description: string; amountMinor: number }[];
}

/**
 * The buyer reference (EN 16931 BT-10): a German public buyer's Leitweg-ID, which its e-invoice
 * gateway routes by (XRechnung BR-DE-15); for anyone else the party's own reference at the show.
 */
export const buyerReferenceOf = (buyer: InvoiceDocument['buyer']): string =>
  buyer.leitweg_id?.trim() || `${buyer.partyType}-${buyer.partyId}`;

const isDay = (value: string | null | undefined): value is string => !!value && /^\d{4}-\d{2}-\d{2}/.test(value);

/**
 * The date of supply (EN 16931 BG-14, the invoicing period; Art. 226(7) of Directive 2006/112/EC):
 * the show's days widened to every billed line's day, so a box hired on the arrival day before the
 * show opens, or a charge after it closed, falls inside it. Null bounds when nothing is dated.
 */
export function supplyPeriod(doc: Pick<InvoiceDocument, 'venue' | 'lines'>): {
  start: string | null;
  end: string | null;
} {
  const days = [doc.venue.startDate, doc.venue.endDate, ...doc.lines.map((line) => line.date)]
    .filter(isDay)
    .map((day) => day.slice(0, 10))
    .sort();
  return { start: days[0] ?? null, end: days[days.length - 1] ?? null };
}

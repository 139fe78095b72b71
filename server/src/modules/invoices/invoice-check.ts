import type { InvoiceGap, InvoiceLine } from '@shared/schemas/invoices';
import { AppError } from '../../app-error';
import type { Buyer, Issuer } from './invoice.repo';

/**
 * What an invoice needs before it may take a number (a number once taken is never given back:
 * the sequence is gapless by law). Each gap is a field of EN 16931 or of the XRechnung CIUS that
 * the invoice's e-invoice would lack, so the office fixes it first instead of the buyer's
 * gateway rejecting the document afterwards. Nothing is invented in its place: a buyer without a
 * country is not given the seller's.
 */

const blank = (value: string | null | undefined) => !value?.trim();

/** The seller's gaps: BG-4/BG-5 (name, address, BR-8/BR-9 country), BG-6 contact, the account paid to. */
export function sellerGaps(issuer: Issuer): InvoiceGap[] {
  const gaps: InvoiceGap[] = [];
  if (blank(issuer.address)) gaps.push('seller.address'); // XRechnung BR-DE-3 (city) and street
  if (blank(issuer.postal_code)) gaps.push('seller.postal_code'); // BR-DE-4
  if (blank(issuer.city)) gaps.push('seller.city'); // BR-DE-3
  if (blank(issuer.country)) gaps.push('seller.country'); // BR-9
  // BR-S-02, BR-E-02, BR-Z-02: the seller's VAT id or its tax number (BT-32).
  if (blank(issuer.vat_id) && blank(issuer.taxNumber)) gaps.push('seller.vat_id');
  if (blank(issuer.email)) gaps.push('seller.invoice_email'); // BT-34, required by XRechnung
  if (blank(issuer.phone)) gaps.push('seller.contact_phone'); // BR-DE-6
  if (blank(issuer.contactEmail) && blank(issuer.email)) gaps.push('seller.contact_email'); // BR-DE-7
  if (blank(issuer.iban)) gaps.push('seller.bank_account'); // BR-DE-23: the credit transfer's account
  return gaps;
}

/**
 * The seller's gaps for these lines: an invoice outside the scope of VAT may name no VAT id
 * (BR-O-02), yet its seller must be identified by one of BT-29, BT-30 or BT-31 (BR-CO-26): the
 * register entry (BT-30) does it.
 */
export function sellerLineGaps(issuer: Issuer, lines: readonly Pick<InvoiceLine, 'tax_category'>[]): InvoiceGap[] {
  const outsideScope = lines.some((l) => l.tax_category === 'O');
  return outsideScope && blank(issuer.legalRegistrationId) ? ['seller.legal_registration_id'] : [];
}

/** The buyer's gaps for these lines: BG-8 address and country (BR-10, BR-11), BT-49, the VAT id reverse charge needs. */
export function buyerGaps(buyer: Buyer, lines: readonly Pick<InvoiceLine, 'tax_category'>[]): InvoiceGap[] {
  const gaps: InvoiceGap[] = [];
  if (blank(buyer.address)) gaps.push('buyer.address');
  if (blank(buyer.postal_code)) gaps.push('buyer.postal_code'); // BR-DE-9
  if (blank(buyer.city)) gaps.push('buyer.city'); // BR-DE-8
  if (blank(buyer.country)) gaps.push('buyer.country'); // BR-11
  if (blank(buyer.email)) gaps.push('buyer.email'); // BT-49, required by XRechnung
  // BR-AE-02, BR-K-02: reverse charge and intra-community supplies name the buyer's VAT id.
  if (lines.some((l) => l.tax_category === 'AE' || l.tax_category === 'K') && blank(buyer.vat_id)) {
    gaps.push('buyer.vat_id');
  }
  return gaps;
}

/** Refuses (nothing written, no number taken) an invoice with gaps; the error lists them. */
export function assertComplete(gaps: readonly InvoiceGap[], party: string): void {
  if (gaps.length) throw new AppError('invoice_incomplete', { fields: [...gaps], params: { party } });
}

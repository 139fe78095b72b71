import { isCreditorReference } from '../invoices/payment-reference';

/**
 * What a credit's references may point at: an invoice by its RF creditor
 * reference (ISO 11649, printed on every invoice) or by its number as printed
 * (`{venue}-{number}`), or a party by its bookkeeping ref id (riders' and employers' numbers
 * from 10001). Pure text work; the database decides which of them exist.
 */

export interface Candidates {
  /** Valid RF references, compact and upper case. */
  creditorRefs: string[];
  /** Invoice numbers of this venue. */
  invoiceNumbers: number[];
  /** Bookkeeping ref ids. */
  refIds: number[];
}

const RF_START = /RF\d{2}/g;
const INVOICE_NUMBER = /(?<![\dA-Za-z])(\d{1,9})\s?[-/]\s?(\d{5,9})(?![\dA-Za-z])/g;
const DIGITS = /(?<![\dA-Za-z])\d{5,9}(?![\dA-Za-z])/g;
const MIN_REF_ID = 10_001;

/** Every valid RF reference in a text, spaces inside it allowed (`RF18 0001 0000 042`). */
function creditorRefsOf(text: string): string[] {
  const compact = text.toUpperCase().replace(/\s+/g, '');
  const found = new Set<string>();
  for (const match of compact.matchAll(RF_START)) {
    const tail = compact.slice(match.index, match.index + 25);
    // The longest prefix that is a valid reference (4 + 1..21 characters).
    for (let end = tail.length; end >= 5; end--) {
      const candidate = tail.slice(0, end);
      if (/^RF\d{2}[A-Z0-9]+$/.test(candidate) && isCreditorReference(candidate)) {
        found.add(candidate);
        break;
      }
    }
  }
  return [...found];
}

/** The references of a credit at a venue: structured reference first, then the remittance text. */
export function candidatesOf(venueId: number, structured: string | null, text: string): Candidates {
  const all = `${structured ?? ''} ${text}`;
  const creditorRefs = creditorRefsOf(all);
  const invoiceNumbers = new Set<number>();
  let rest = all;
  for (const match of all.matchAll(INVOICE_NUMBER)) {
    if (Number(match[1]) === venueId) invoiceNumbers.add(Number(match[2]));
    rest = rest.replace(match[0], ' ');
  }
  // Digits that are part of an RF reference or an IBAN are not bookkeeping numbers.
  rest = rest.replace(/RF\d{2}[\dA-Z ]{1,25}/gi, ' ').replace(/\b[A-Z]{2}\d{2}[A-Z0-9]{10,30}\b/g, ' ');
  const refIds = new Set<number>();
  for (const match of rest.matchAll(DIGITS)) {
    const value = Number(match[0]);
    if (value >= MIN_REF_ID && value <= 2_147_483_647) refIds.add(value);
  }
  return { creditorRefs, invoiceNumbers: [...invoiceNumbers], refIds: [...refIds] };
}

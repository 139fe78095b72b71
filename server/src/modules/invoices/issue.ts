import { sql } from 'drizzle-orm';
import { mulDivRound } from '@shared/ledger';
import type { InvoiceGap, InvoiceLine, TaxCategory, VatSummaryRow } from '@shared/schemas/invoices';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema';
import {
  buyerOf,
  issuerOf,
  lockEntries,
  nextNumber,
  type Buyer,
  type EntryRow,
  type Issuer,
  type PartyKey,
} from './invoice.repo';
import { buyerKindOf, placeOfSupply, supplyKindOf } from '../ledger/tax-place';
import { assertComplete, buyerGaps, sellerGaps, sellerLineGaps } from './invoice-check';
import { invoiceNumberText, invoiceReference } from './payment-reference';
import { postTaxRounding } from '../ledger/tax-rounding';
import { invoiceLabels } from './documents/invoice-labels';

/**
 * Issuing an invoice (DOMAIN.md "Invoice"), in the caller's database transaction: the party's
 * uninvoiced entries are locked, the next number of the venue's sequence is taken, the invoice
 * is stored as a snapshot (parties, lines, VAT summary, totals) and the entries point at it —
 * all or nothing, so a crash leaves neither a gap nor an entry on two invoices.
 */

/**
 * The EN 16931 VAT category of a line, or null when a line without VAT has no legal ground.
 * A tax type that states a category without VAT (exempt, zero rate, reverse charge,
 * intra-community, export) gives it, with its legal text; a line with VAT is standard rated.
 * A line without VAT whose tax type states nothing is never taken as exempt for its 0: it is
 * reverse charge only where the place-of-supply rules put the tax on the buyer (a general service
 * to a business in another member state, tax-place.ts); otherwise it has no legal ground, and the
 * invoice is refused before it takes a number.
 */
export function taxCategoryOf(
  entry: Pick<EntryRow, 'taxRateBp' | 'taxCategory' | 'category'> & { kind?: string },
  buyer: Pick<Buyer, 'vat_id' | 'country'>,
  sellerCountry: string | null,
): TaxCategory | null {
  const stated = entry.taxCategory as TaxCategory | null;
  if (stated && stated !== 'S') return stated;
  if (entry.taxRateBp > 0) return 'S';
  // A merchant's sale collected through the show's account is the merchant's supply, not the
  // show's: it carries none of the show's VAT and is billed as before, without VAT.
  if (entry.kind === 'sale') return 'E';
  const place = placeOfSupply(supplyKindOf(entry.category ?? 'other'), buyerKindOf(buyer, sellerCountry));
  return place === 'reverse_charge' ? 'AE' : null;
}

/** Round half away from zero of a / b for integers (b > 0). */
const divRound = (a: number, b: number) => Math.sign(a) * Math.round(Math.abs(a) / b);

/**
 * An entry as an invoice line: amounts positive for what the party owes (the ledger stores a
 * charge's, fee's and sale's amounts positive and posts them to the party's account negated).
 */
export function lineOf(entry: EntryRow, category: TaxCategory): InvoiceLine {
  const net = entry.netMinor;
  const description =
    entry.kind === 'sale' && entry.merchant ? `${entry.merchant}: ${entry.description}` : entry.description;
  return {
    transaction: entry.id,
    date: entry.occurredAt,
    description,
    beneficiary: entry.beneficiary,
    quantity: entry.quantity,
    unit_net: entry.quantity > 0 ? divRound(net, entry.quantity) : net,
    net,
    tax: entry.taxMinor,
    gross: entry.grossMinor,
    tax_rate_bp: entry.taxRateBp,
    tax_category: category,
    prices_include_tax: entry.pricesIncludeTax,
    ...(category !== 'S' && (entry.exemptionReason || entry.exemptionCode)
      ? { exemption_reason: entry.exemptionReason, exemption_code: entry.exemptionCode }
      : {}),
    credited: false,
  };
}

/**
 * The VAT of a document, per VAT category and rate (its summary, in rate order), taken once on
 * the rate's total (EN 16931 BR-CO-17; § 14 (4) no. 8 UStG: the tax amount per rate), never summed
 * from its lines' VAT each rounded when it was charged — 250 lines rounded apart drift up to 1.25
 * from the rate's VAT.
 * - Net prices: the VAT of the rate is its lines' net total × the rate, rounded once; the buyer
 *   owes net + that VAT.
 * - Gross prices (every line of the rate charged at a price including VAT): what the buyer was
 *   charged stays; the VAT of the rate is the gross total × rate ÷ (1 + rate), rounded once, and
 *   the lines' net amounts, each split off its gross when it was charged, are evened out cent by
 *   cent — on the lines whose own rounding was furthest off — to add up to gross − VAT (BR-S-08),
 *   which keeps the rate's VAT within a cent of net × rate.
 * A category without VAT has none. Returns the lines as the document bills them and the summary.
 */
export function priceDocument(input: readonly InvoiceLine[]): { lines: InvoiceLine[]; vatSummary: VatSummaryRow[] } {
  const lines = input.map((line) => ({ ...line }));
  const groups = new Map<string, InvoiceLine[]>();
  for (const line of lines) {
    const key = `${line.tax_category}:${line.tax_rate_bp}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const rows: VatSummaryRow[] = [];
  for (const group of groups.values()) {
    const { tax_rate_bp: rateBp, tax_category: category, exemption_reason, exemption_code } = group[0]!;
    let net = group.reduce((sum, line) => sum + line.net, 0);
    let tax = 0;
    if (category === 'S' && group.every((line) => line.prices_include_tax === true)) {
      const gross = group.reduce((sum, line) => sum + line.gross, 0);
      tax = mulDivRound(gross, rateBp, 10_000 + rateBp);
      evenOut(group, gross - tax - net, rateBp);
      net = gross - tax;
    } else if (category === 'S') {
      tax = mulDivRound(net, rateBp, 10_000);
    }
    rows.push({
      tax_rate_bp: rateBp,
      tax_category: category,
      ...(exemption_reason || exemption_code
        ? { exemption_reason: exemption_reason ?? null, exemption_code: exemption_code ?? null }
        : {}),
      net,
      tax,
      gross: net + tax,
    });
  }
  rows.sort((a, b) => b.tax_rate_bp - a.tax_rate_bp || a.tax_category.localeCompare(b.tax_category));
  return { lines, vatSummary: rows };
}

/**
 * Moves `cents` (signed) from the lines' VAT to their net, one cent a line, gross unchanged: on
 * the lines whose VAT was rounded furthest in the other direction (VAT × (1 + rate) − gross × rate,
 * exact in integers). |cents| never exceeds the lines (each was rounded by at most half a cent).
 */
function evenOut(group: InvoiceLine[], cents: number, rateBp: number): void {
  if (cents === 0) return;
  const off = (line: InvoiceLine) => BigInt(line.tax) * BigInt(10_000 + rateBp) - BigInt(line.gross) * BigInt(rateBp);
  // Less VAT (cents > 0): the lines rounded up most first; more VAT: those rounded down most.
  const towards = cents > 0 ? -1n : 1n;
  const order = group
    .map((line, i) => ({ line, i, key: off(line) * towards }))
    .sort((a, b) => (a.key === b.key ? a.i - b.i : a.key < b.key ? -1 : 1));
  const step = Math.sign(cents);
  for (let k = 0; k < Math.abs(cents); k++) {
    const line = order[k % order.length]!.line;
    line.net += step;
    line.tax -= step;
    line.unit_net = line.quantity > 0 ? divRound(line.net, line.quantity) : line.net;
  }
}

/** A document's totals: the lines' net, the VAT of its summary (per rate), and their sum. */
export const totalsOf = (summary: readonly Pick<VatSummaryRow, 'net' | 'tax'>[]) => {
  const net = summary.reduce((sum, row) => sum + row.net, 0);
  const tax = summary.reduce((sum, row) => sum + row.tax, 0);
  return { net, tax, gross: net + tax };
};

/** The issue date in the venue's time zone, and the due date `days` later (YYYY-MM-DD). */
export async function datesOf(tx: Db, timeZone: string, dueDays: number) {
  const [row] = (
    (await tx.execute(sql`SELECT (now() AT TIME ZONE ${timeZone})::date::text AS issue,
      ((now() AT TIME ZONE ${timeZone})::date + ${dueDays}::int)::text AS due`)) as unknown as {
      rows: { issue: string; due: string }[];
    }
  ).rows;
  return { issueDate: row!.issue, dueDate: row!.due };
}

export interface IssueOptions {
  /** Bill only entries up to this id (a run's start); null: every uninvoiced entry. */
  cutoff: number | null;
  runId: number | null;
  userId: number | null;
  /** The venue as issuer and the dates, when the caller has them already (a run reads them once). */
  issuer?: Issuer;
  dates?: { issueDate: string; dueDate: string };
}

/** Issues the party's invoice at the venue; null when it has nothing left to invoice. */
export async function issueInvoice(
  tx: Db,
  venueId: number,
  party: PartyKey,
  options: IssueOptions,
): Promise<number | null> {
  const entries = await lockEntries(tx, venueId, party, options.cutoff);
  if (!entries.length) return null;
  const issuer = options.issuer ?? (await issuerOf(tx, venueId));
  const buyer = await buyerOf(tx, party);
  if (!issuer || !buyer) return null;
  const categories = entries.map((e) => taxCategoryOf(e, buyer, issuer.country));
  // A line without VAT and without a legal ground for it is a gap like a missing address.
  const untaxed: InvoiceGap[] = categories.includes(null) ? ['line.tax_ground'] : [];
  // EN 16931 BR-O-11..14: supplies outside the scope of VAT go on an invoice with no other category.
  if (categories.includes('O') && categories.some((c) => c !== 'O')) untaxed.push('line.outside_scope_mixed');
  const { lines, vatSummary } = priceDocument(entries.map((e, i) => lineOf(e, categories[i] ?? 'S')));
  // Everything the e-invoice needs is checked before the number is taken: a refused invoice
  // rolls back with nothing locked and no number used.
  assertComplete(
    [...sellerGaps(issuer), ...sellerLineGaps(issuer, lines), ...buyerGaps(buyer, lines), ...untaxed],
    buyer.name,
  );
  const totals = totalsOf(vatSummary);
  const number = await nextNumber(tx, venueId, 'invoice');
  const { issueDate, dueDate } = options.dates ?? (await datesOf(tx, issuer.timeZone, issuer.dueDays));
  const { language, taxOverride: _override, ...buyerParty } = buyer;
  const [row] = await tx
    .insert(invoices)
    .values({
      venueId,
      kind: 'invoice',
      number,
      numberText: invoiceNumberText(venueId, number),
      partyType: party.type,
      partyId: party.id,
      language,
      buyer: buyerParty,
      seller: sellerSnapshot(issuer),
      lines,
      vatSummary,
      currency: issuer.currency,
      netMinor: totals.net,
      taxMinor: totals.tax,
      grossMinor: totals.gross,
      issueDate,
      dueDate,
      paymentReference: invoiceReference(venueId, number),
      runId: options.runId,
      createdByUserId: options.userId,
    })
    .returning({ id: invoices.id });
  const id = row!.id;
  await tx.execute(sql`UPDATE transactions SET invoice_id = ${id}
    WHERE id IN (${sql.join(
      entries.map((e) => sql`${e.id}`),
      sql`, `,
    )})`);
  await postTaxRounding(
    tx,
    { userId: options.userId },
    {
      venueId,
      documentId: id,
      partyType: party.type,
      partyId: party.id,
      currency: issuer.currency,
      description: invoiceLabels(language).vatRounding(invoiceNumberText(venueId, number)),
      userId: options.userId,
      differences: roundingOf(
        vatSummary,
        entries.map((e) => ({ tax_rate_bp: e.taxRateBp, net: e.netMinor, tax: e.taxMinor })),
      ),
    },
  );
  return id;
}

/**
 * Per rate, the document's net and VAT (its summary's) less what its entries were posted with:
 * what the ledger books when the document is issued (postTaxRounding), so accounts and document agree.
 */
export function roundingOf(
  summary: readonly Pick<VatSummaryRow, 'tax_rate_bp' | 'net' | 'tax'>[],
  posted: readonly { tax_rate_bp: number; net: number; tax: number }[],
): { rateBp: number; net: number; tax: number }[] {
  const byRate = new Map<number, { net: number; tax: number }>();
  const add = (rateBp: number, net: number, tax: number) => {
    const sum = byRate.get(rateBp) ?? { net: 0, tax: 0 };
    byRate.set(rateBp, { net: sum.net + net, tax: sum.tax + tax });
  };
  for (const row of summary) add(row.tax_rate_bp, row.net, row.tax);
  for (const line of posted) add(line.tax_rate_bp, -line.net, -line.tax);
  return [...byRate].map(([rateBp, d]) => ({ rateBp, ...d }));
}

/** What the seller block of a document shows (the logo is read when rendering). */
export const sellerSnapshot = (issuer: Awaited<ReturnType<typeof issuerOf>> & object) => ({
  name: issuer.name,
  address: issuer.address,
  postal_code: issuer.postal_code,
  city: issuer.city,
  country: issuer.country,
  vat_id: issuer.vat_id,
  email: issuer.email,
  tax_number: issuer.taxNumber,
  legal_registration_id: issuer.legalRegistrationId,
  contact_name: issuer.contactName,
  phone: issuer.phone,
  contact_email: issuer.contactEmail,
  iban: issuer.iban,
  bic: issuer.bic,
  bank_name: issuer.bankName,
  venue_name: issuer.venueName,
  fei_id: issuer.feiId,
  start_date: issuer.startDate,
  end_date: issuer.endDate,
  logo_url: issuer.logoUrl,
});

type Snapshot = ReturnType<typeof sellerSnapshot>;
/** Snapshots stored before the venue had a tax number, a register entry and a contact lack those fields. */
type AddedLater = 'tax_number' | 'legal_registration_id' | 'contact_name' | 'phone' | 'contact_email';
export type SellerSnapshot = Omit<Snapshot, AddedLater> & Partial<Pick<Snapshot, AddedLater>>;

/** The seller as the documents and the API show it (party fields and bank account). */
export const sellerParty = (seller: SellerSnapshot) => ({
  name: seller.name,
  address: seller.address,
  postal_code: seller.postal_code,
  city: seller.city,
  country: seller.country,
  vat_id: seller.vat_id,
  email: seller.email,
  iban: seller.iban,
  bic: seller.bic,
});

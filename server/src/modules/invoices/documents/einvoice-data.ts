import type { Invoice } from '@e-invoice-eu/core';
import type { TaxCategory } from '@shared/schemas/invoices';
import { dayDate, decimal, isoDay, percent, unitPriceOf } from './document-format';
import { invoiceLabels, type InvoiceLabels } from './invoice-labels';
import { buyerReferenceOf, supplyPeriod, type InvoiceDocument } from './model';

/**
 * InvoiceDocument → the EN 16931 invoice of @e-invoice-eu/core (its JSON mirrors UBL: `ubl:Invoice`,
 * `cbc:*`, `cac:*`). The library maps it to CII or UBL as it is and computes nothing, so every
 * amount here is the ledger's: minor units printed with two decimals, never through floats.
 */

type Ubl = Invoice['ubl:Invoice'];
type Currency = Ubl['cbc:DocumentCurrencyCode'];
type Country =
  Ubl['cac:AccountingSupplierParty']['cac:Party']['cac:PostalAddress']['cac:Country']['cbc:IdentificationCode'];
type Line = Ubl['cac:InvoiceLine'][number];
type Subtotal = NonNullable<Ubl['cac:TaxTotal'][0]['cac:TaxSubtotal']>[number];
type Address = Ubl['cac:AccountingSupplierParty']['cac:Party']['cac:PostalAddress'];

/** The document contradicts itself (its sums do not add up): no valid e-invoice can be made of it. */
export class InvoiceDocumentError extends Error {
  constructor(
    readonly number: string,
    readonly problems: string[],
  ) {
    super(`invoice ${number}: ${problems.join('; ')}`);
    this.name = 'InvoiceDocumentError';
  }
}

const ZERO_RATED: readonly TaxCategory[] = ['AE', 'E', 'Z', 'K', 'G', 'O'];
const groupKey = (category: TaxCategory, rateBp: number) => `${category}/${rateBp}`;

/** The EN 16931 sums (BR-CO-10..16, BR-S/AE/E/Z-08/09) hold for the stored amounts, or an InvoiceDocumentError. */
export function checkInvoiceDocument(doc: InvoiceDocument): void {
  const problems: string[] = [];
  if (doc.lines.length === 0) problems.push('no lines (BR-16)');
  const lineNet = new Map<string, number>();
  let net = 0;
  doc.lines.forEach((line, i) => {
    const key = groupKey(line.tax_category, line.tax_rate_bp);
    lineNet.set(key, (lineNet.get(key) ?? 0) + line.net);
    net += line.net;
    if (line.net + line.tax !== line.gross) problems.push(`line ${i + 1}: net + tax ≠ gross`);
    if (ZERO_RATED.includes(line.tax_category) && (line.tax_rate_bp !== 0 || line.tax !== 0)) {
      problems.push(`line ${i + 1}: category ${line.tax_category} takes no VAT`);
    }
    if (line.tax_category === 'S' && line.tax_rate_bp <= 0) problems.push(`line ${i + 1}: category S needs a rate`);
  });
  // The VAT is the summary's (per rate, on the rate's total: BR-CO-17), not the sum of the lines'
  // own VAT: only the net amounts add up line by line (BR-CO-10).
  if (net !== doc.netMinor) problems.push('the lines do not add up to the totals');
  if (doc.netMinor + doc.taxMinor !== doc.grossMinor) problems.push('net + tax ≠ gross');
  const summaryKeys = new Set<string>();
  let summaryTax = 0;
  for (const row of doc.vatSummary) {
    const key = groupKey(row.tax_category, row.tax_rate_bp);
    if (summaryKeys.has(key)) problems.push(`VAT summary: ${key} twice`);
    summaryKeys.add(key);
    summaryTax += row.tax;
    if (lineNet.get(key) !== row.net) problems.push(`VAT summary ${key}: net ≠ the lines' net`);
    if (row.net + row.tax !== row.gross) problems.push(`VAT summary ${key}: net + tax ≠ gross`);
    if (ZERO_RATED.includes(row.tax_category) && row.tax !== 0) problems.push(`VAT summary ${key}: takes no VAT`);
  }
  for (const key of lineNet.keys()) if (!summaryKeys.has(key)) problems.push(`VAT summary: ${key} missing`);
  if (summaryTax !== doc.taxMinor) problems.push('the VAT summary does not add up to the VAT total');
  if (problems.length) throw new InvoiceDocumentError(doc.number, problems);
}

/** What the data lacks for a fully valid EN 16931 / XRechnung e-invoice: rule and field. */
export interface EInvoiceGap {
  rule: string;
  field: string;
}

/**
 * The rules the document's data cannot satisfy (the e-invoice is still made, with what there is).
 * For the show office: a venue without VAT id, a buyer without address, …
 */
export function eInvoiceGaps(doc: InvoiceDocument): EInvoiceGap[] {
  const gaps: EInvoiceGap[] = [];
  const gap = (rule: string, field: string) => gaps.push({ rule, field });
  const { seller, buyer } = doc;
  if (!seller.vat_id) gap('BR-S-02/BR-DE-16', 'seller.vat_id');
  if (!seller.email) gap('BR-DE-7, XRechnung BT-34', 'seller.email');
  if (!seller.phone) gap('BR-DE-6', 'seller.phone');
  if (!seller.city || !seller.postal_code) gap('BR-DE-3/BR-DE-4', 'seller.address');
  if (!seller.country) gap('BR-9', 'seller.country');
  if (!buyer.email) gap('XRechnung BT-49', 'buyer.email');
  if (!buyer.city || !buyer.postal_code) gap('BR-DE-8/BR-DE-9', 'buyer.address');
  if (!buyer.country) gap('BR-11', 'buyer.country');
  if (doc.kind === 'invoice' && !seller.iban) gap('BR-DE-23 (SEPA credit transfer)', 'seller.iban');
  if (doc.lines.some((line) => line.tax_category === 'AE') && !buyer.vat_id) gap('BR-AE-02', 'buyer.vat_id');
  for (const row of doc.vatSummary) {
    // BR-CO-17: category VAT = taxable amount × rate, rounded (the validators allow 1.00 either
    // way). Invoices issued now carry exactly that; one stored before VAT was taken per rate
    // summed its lines' rounded VAT and may be off.
    if (row.tax_category !== 'S') continue;
    const expected = roundHalfUp(BigInt(Math.abs(row.net)) * BigInt(row.tax_rate_bp), 10_000n);
    if (bigAbs(BigInt(Math.abs(row.tax)) - expected) >= 100n) gap('BR-CO-17', `vatSummary ${row.tax_rate_bp}`);
  }
  return gaps;
}

const roundHalfUp = (numerator: bigint, denominator: bigint) => (numerator * 2n + denominator) / (denominator * 2n);
const bigAbs = (value: bigint) => (value < 0n ? -value : value);

/** Street lines, post code, city, country as EN 16931 BG-5/BG-8 want them. */
function postalAddress(party: InvoiceDocument['buyer'] | InvoiceDocument['seller'], country: string): Address {
  const [street, additional, ...more] = (party.address ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return {
    ...(street ? { 'cbc:StreetName': street } : {}),
    ...(additional ? { 'cbc:AdditionalStreetName': additional } : {}),
    ...(party.city ? { 'cbc:CityName': party.city } : {}),
    ...(party.postal_code ? { 'cbc:PostalZone': party.postal_code } : {}),
    ...(more.length ? { 'cac:AddressLine': { 'cbc:Line': more.join(', ') } } : {}),
    'cac:Country': { 'cbc:IdentificationCode': country as Country },
  };
}

const vatScheme = () => ({ 'cbc:ID': 'VAT' });
/** EN 16931 dates are calendar days (YYYY-MM-DD), whatever the model holds. */
const day = (value: string) => isoDay(value) ?? value;

/** BT-120/BT-121 of a category without VAT: the tax type's legal text and code, else the category's own. */
function exemption(row: InvoiceDocument['vatSummary'][number], labels: InvoiceLabels) {
  const own = {
    AE: ['VATEX-EU-AE', labels.reverseCharge],
    K: ['VATEX-EU-IC', labels.intraCommunity],
    O: ['VATEX-EU-O', labels.outsideScope],
    G: ['VATEX-EU-G', labels.exportOutsideEu],
    E: [null, labels.vatExempt],
    Z: [null, null],
    S: [null, null],
  } as const;
  const [code, reason] = own[row.tax_category];
  const text = row.exemption_reason?.trim() || reason;
  const vatex = row.exemption_code?.trim() || code;
  if (row.tax_category === 'S' || row.tax_category === 'Z') return {};
  return {
    ...(vatex ? { 'cbc:TaxExemptionReasonCode': vatex } : {}),
    ...(text ? { 'cbc:TaxExemptionReason': text } : {}),
  };
}

function paymentTerms(doc: InvoiceDocument, labels: InvoiceLabels): string {
  if (doc.kind === 'credit_note' && doc.creditNoteOf) {
    return labels.corrects(doc.creditNoteOf.number, dayDate(doc.creditNoteOf.issueDate));
  }
  return `${labels.payBy(dayDate(doc.dueDate))} ${labels.paymentReference}: ${doc.paymentReference}`;
}

/** The library's invoice structure for the document (checked first: see checkInvoiceDocument). */
export function toEInvoiceData(doc: InvoiceDocument): Invoice {
  checkInvoiceDocument(doc);
  const labels = invoiceLabels(doc.language);
  const currency = doc.currency as Currency;
  const amount = (minor: number) => decimal(minor);
  const { seller, buyer } = doc;
  // Never one party's country for the other's (BR-9, BR-11): a missing one is a gap to fix.
  const sellerCountry = seller.country;
  const buyerCountry = buyer.country;
  if (!sellerCountry) throw new InvoiceDocumentError(doc.number, ["the seller's country is missing (BR-9)"]);
  if (!buyerCountry) throw new InvoiceDocumentError(doc.number, ["the buyer's country is missing (BR-11)"]);
  const supply = supplyPeriod(doc);
  const start = isoDay(supply.start);
  const end = isoDay(supply.end);
  const sepa = doc.kind === 'invoice' && seller.iban;
  // BR-O-02: a supply outside the scope of VAT names no VAT identifier of seller or buyer; the
  // seller's tax number (BT-32) identifies it for tax instead, and its register entry (BT-30)
  // identifies the seller (BR-CO-26).
  const outsideScope = doc.lines.some((line) => line.tax_category === 'O');
  const sellerTaxId = outsideScope
    ? seller.taxNumber && { 'cbc:CompanyID': seller.taxNumber, 'cac:TaxScheme': { 'cbc:ID': 'FC' } }
    : seller.vat_id && { 'cbc:CompanyID': seller.vat_id, 'cac:TaxScheme': vatScheme() };
  const contactEmail = seller.contactEmail || seller.email;

  const lines = doc.lines.map((line, i): Line => {
    const day = isoDay(line.date);
    // EN 16931 forbids negative prices (BR-27): a negative line carries its sign in the quantity.
    const quantity = line.unit_net < 0 ? -line.quantity : line.quantity;
    const price = unitPriceOf(line.quantity, line.net);
    return {
      'cbc:ID': String(i + 1),
      ...(line.beneficiary ? { 'cbc:Note': labels.forRider(line.beneficiary) } : {}),
      'cbc:InvoicedQuantity': String(quantity),
      'cbc:InvoicedQuantity@unitCode': 'C62',
      'cbc:LineExtensionAmount': amount(line.net),
      'cbc:LineExtensionAmount@currencyID': currency,
      ...(day ? { 'cac:InvoicePeriod': { 'cbc:StartDate': day, 'cbc:EndDate': day } } : {}),
      'cac:Item': {
        'cbc:Name': line.description.trim() || `#${line.transaction}`,
        'cac:ClassifiedTaxCategory': {
          'cbc:ID': line.tax_category,
          // A line outside the scope of VAT has no VAT rate at all, not a rate of 0 (BR-O-05).
          ...(line.tax_category === 'O' ? {} : { 'cbc:Percent': percent(line.tax_rate_bp) }),
          'cac:TaxScheme': vatScheme(),
        },
      },
      'cac:Price': {
        'cbc:PriceAmount': price.price,
        'cbc:PriceAmount@currencyID': currency,
        ...(price.baseQuantity > 1
          ? { 'cbc:BaseQuantity': String(price.baseQuantity), 'cbc:BaseQuantity@unitCode': 'C62' as const }
          : {}),
      },
    };
  });

  const subtotals = doc.vatSummary.map((row): Subtotal => ({
    'cbc:TaxableAmount': amount(row.net),
    'cbc:TaxableAmount@currencyID': currency,
    'cbc:TaxAmount': amount(row.tax),
    'cbc:TaxAmount@currencyID': currency,
    'cac:TaxCategory': {
      'cbc:ID': row.tax_category,
      'cbc:Percent': percent(row.tax_rate_bp),
      ...exemption(row, labels),
      'cac:TaxScheme': vatScheme(),
    },
  }));

  return {
    'ubl:Invoice': {
      'cbc:ID': doc.number,
      'cbc:IssueDate': day(doc.issueDate),
      'cbc:DueDate': day(doc.dueDate),
      'cbc:InvoiceTypeCode': doc.kind === 'credit_note' ? '381' : '380',
      ...(doc.note ? { 'cbc:Note': [doc.note] } : {}),
      'cbc:DocumentCurrencyCode': currency,
      'cbc:BuyerReference': buyerReferenceOf(buyer),
      ...(start || end
        ? {
            'cac:InvoicePeriod': {
              ...(start ? { 'cbc:StartDate': start } : {}),
              ...(end ? { 'cbc:EndDate': end } : {}),
            },
          }
        : {}),
      ...(doc.creditNoteOf
        ? {
            'cac:BillingReference': [
              {
                'cac:InvoiceDocumentReference': {
                  'cbc:ID': doc.creditNoteOf.number,
                  'cbc:IssueDate': day(doc.creditNoteOf.issueDate),
                },
              },
            ],
          }
        : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          ...(seller.email ? { 'cbc:EndpointID': seller.email, 'cbc:EndpointID@schemeID': 'EM' } : {}),
          'cac:PostalAddress': postalAddress(seller, sellerCountry),
          ...(sellerTaxId ? { 'cac:PartyTaxScheme': [sellerTaxId] as [typeof sellerTaxId] } : {}),
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': seller.name,
            ...(seller.legalRegistrationId ? { 'cbc:CompanyID': seller.legalRegistrationId } : {}),
          },
          'cac:Contact': {
            'cbc:Name': seller.contactName || seller.name,
            ...(seller.phone ? { 'cbc:Telephone': seller.phone } : {}),
            ...(contactEmail ? { 'cbc:ElectronicMail': contactEmail } : {}),
          },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          ...(buyer.email ? { 'cbc:EndpointID': buyer.email, 'cbc:EndpointID@schemeID': 'EM' } : {}),
          'cac:PostalAddress': postalAddress(buyer, buyerCountry),
          ...(buyer.vat_id && !outsideScope
            ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': buyer.vat_id, 'cac:TaxScheme': vatScheme() } }
            : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.name },
        },
      },
      // BR-IC-12: an intra-community supply names the country it is delivered to (the buyer's).
      ...(doc.lines.some((line) => line.tax_category === 'K')
        ? {
            'cac:Delivery': {
              'cac:DeliveryLocation': {
                'cac:Address': { 'cac:Country': { 'cbc:IdentificationCode': buyerCountry as Country } },
              },
            },
          }
        : {}),
      'cac:PaymentMeans': [
        sepa
          ? {
              'cbc:PaymentMeansCode': '58',
              'cbc:PaymentID': doc.paymentReference,
              'cac:PayeeFinancialAccount': {
                'cbc:ID': sepa.replace(/\s+/g, ''),
                'cbc:Name': seller.name,
                ...(seller.bic
                  ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': seller.bic.replace(/\s+/g, '') } }
                  : {}),
              },
            }
          : { 'cbc:PaymentMeansCode': '1', 'cbc:PaymentID': doc.paymentReference },
      ],
      'cac:PaymentTerms': { 'cbc:Note': paymentTerms(doc, labels) },
      'cac:TaxTotal': [
        { 'cbc:TaxAmount': amount(doc.taxMinor), 'cbc:TaxAmount@currencyID': currency, 'cac:TaxSubtotal': subtotals },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': amount(doc.netMinor),
        'cbc:LineExtensionAmount@currencyID': currency,
        'cbc:TaxExclusiveAmount': amount(doc.netMinor),
        'cbc:TaxExclusiveAmount@currencyID': currency,
        'cbc:TaxInclusiveAmount': amount(doc.grossMinor),
        'cbc:TaxInclusiveAmount@currencyID': currency,
        'cbc:PayableAmount': amount(doc.grossMinor),
        'cbc:PayableAmount@currencyID': currency,
      },
      'cac:InvoiceLine': lines as Ubl['cac:InvoiceLine'],
    },
  };
}

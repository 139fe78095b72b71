import type { TaxCategory } from '@shared/schemas/invoices';
import { addressLines, dayDate, money, percent, unitPriceOf } from './document-format';
import { invoiceLabels, type InvoiceLabels } from './invoice-labels';
import { logoDataUrl } from './logo-image';
import { buyerReferenceOf, supplyPeriod, type InvoiceDocument } from './model';
import { printFacturX } from './factur-x-pdf';
import { INVOICE_FONT, invoiceTextWidth } from './pdf-fonts';

/** The visual invoice or credit note: A4, in the buyer's language (CONVENTIONS 13). */

type Node = Record<string, unknown> | string;

const GREY = '#555555';
const RULE = '#bbbbbb';
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/jpg'];
/** The text's size (the default style). */
const BODY_SIZE = 8.5;
/** The padding left and right of a cell in the line and VAT tables. */
const CELL_PADDING = 3;

const right = (text: string, extra: Record<string, unknown> = {}) => ({ text, alignment: 'right', ...extra });
const small = (text: string) => ({ text, fontSize: 7, color: GREY });

/** Rules between rows only, a firmer one under the header; the header row is shaded. */
const ROWS_LAYOUT = {
  hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
    i === 0 || i === node.table.body.length ? 0 : i === 1 ? 0.8 : 0.3,
  vLineWidth: () => 0,
  hLineColor: (i: number) => (i === 1 ? '#000000' : RULE),
  fillColor: (row: number) => (row === 0 ? '#eeeeee' : null),
  paddingLeft: () => CELL_PADDING,
  paddingRight: () => CELL_PADDING,
  paddingTop: () => 2,
  paddingBottom: () => 2,
};
const PLAIN_LAYOUT = {
  hLineWidth: () => 0,
  vLineWidth: () => 0,
  paddingLeft: (column: number) => (column ? 8 : 0),
  paddingRight: () => 0,
  paddingTop: () => 1,
  paddingBottom: () => 1,
};

function partyBlock(
  party: InvoiceDocument['seller'] | InvoiceDocument['buyer'],
  labels: InvoiceLabels,
  heading: string,
): Node[] {
  return [
    small(heading),
    { text: party.name, bold: true, fontSize: 10 },
    ...addressLines(party),
    ...(party.vat_id ? [`${labels.vatId}: ${party.vat_id}`] : []),
    // The seller's own identifiers: a tax number where it has no VAT id (§ 14 (4) UStG wants one
    // of the two), and its register entry.
    ...('taxNumber' in party && party.taxNumber ? [`${labels.taxNumber}: ${party.taxNumber}`] : []),
    ...('legalRegistrationId' in party && party.legalRegistrationId
      ? [`${labels.registration}: ${party.legalRegistrationId}`]
      : []),
  ];
}

function header(doc: InvoiceDocument, labels: InvoiceLabels, title: string, logo: boolean): Node {
  const { seller, venue } = doc;
  const show = venue.feiId ? `${venue.name} (${venue.feiId})` : venue.name;
  const supply = supplyPeriod(doc);
  const from = supply.start ? dayDate(supply.start) : '';
  const to = supply.end ? dayDate(supply.end) : '';
  const period = from && to && from !== to ? `${from} – ${to}` : from || to;
  const credit = doc.kind === 'credit_note';
  const meta: [string, string][] = [
    [credit ? labels.creditNoteNumber : labels.number, doc.number],
    [credit ? labels.creditNoteDate : labels.issueDate, dayDate(doc.issueDate)],
    ...(doc.kind === 'invoice' ? [[labels.dueDate, dayDate(doc.dueDate)] as [string, string]] : []),
    [labels.show, show],
    ...(period ? [[labels.showDates, period] as [string, string]] : []),
    [doc.buyer.leitweg_id ? labels.leitwegId : labels.customerReference, buyerReferenceOf(doc.buyer)],
  ];
  return {
    columns: [
      {
        width: '*',
        stack: [
          ...(logo ? [{ image: 'logo', fit: [160, 60], margin: [0, 0, 0, 8] }] : []),
          ...partyBlock(seller, labels, labels.seller),
          ...(seller.email ? [`${labels.email}: ${seller.email}`] : []),
          ...(seller.phone ? [`${labels.phone}: ${seller.phone}`] : []),
        ],
      },
      {
        width: 240,
        stack: [
          right(title, { fontSize: 20, bold: true }),
          {
            margin: [0, 6, 0, 0],
            layout: PLAIN_LAYOUT,
            table: {
              widths: ['*', 'auto'],
              body: meta.map(([label, value], i) => [right(label, { color: GREY }), right(value, { bold: i === 0 })]),
            },
          },
        ],
      },
    ],
  };
}

/**
 * The line table's columns: date, description, quantity, unit price, VAT rate, net. No gross per
 * line: the VAT is taken per rate on the rate's total (BR-CO-17), so lines' gross amounts would
 * not add up to the total; the VAT summary gives each rate's gross.
 */
const LINE_WIDTHS = [44, '*', 24, 70, 34, 66] as const;

/**
 * A right-aligned figure of the line table. pdfmake cuts a text into words and lays out, styles
 * and draws each on its own; a figure that fits its column on one line ("40.00 EUR") is handed
 * over whole (noWrap), a third fewer words for the table. It prints the same: pdfkit places the
 * glyphs word by word either way, and the width checked leaves the padding out, whatever pdfmake
 * counts. One that does not fit wraps as before.
 */
function figure(text: string, column: number): Node {
  const width = LINE_WIDTHS[column] as number;
  const fits = invoiceTextWidth(text, BODY_SIZE) < width - 2 * CELL_PADDING - 0.01;
  return right(text, fits ? { noWrap: true } : {});
}

/** The unit price as the e-invoice states it (unitPriceOf): quantity × price is the net printed. */
function unitPriceText(line: InvoiceDocument['lines'][number], currency: string): string {
  const { price, baseQuantity } = unitPriceOf(line.quantity, line.net);
  const signed = line.net < 0 ? `-${price}` : price;
  return baseQuantity > 1 ? `${signed} ${currency} / ${baseQuantity}` : `${signed} ${currency}`;
}

function lineTable(doc: InvoiceDocument, labels: InvoiceLabels): Node {
  const amount = (minor: number) => money(minor, doc.currency);
  const head = [labels.date, labels.description, labels.quantity, labels.unitPrice, labels.vatRate, labels.net];
  const body: unknown[][] = [
    head.map((text, i) => ({ text, bold: true, fontSize: 7.5, alignment: i < 2 ? 'left' : 'right' })),
  ];
  for (const line of doc.lines) {
    body.push([
      dayDate(line.date),
      line.beneficiary
        ? { text: [line.description, '\n', { text: labels.forRider(line.beneficiary), fontSize: 7, color: GREY }] }
        : line.description,
      right(String(line.quantity)),
      figure(unitPriceText(line, doc.currency), 3),
      figure(`${percent(line.tax_rate_bp)} %`, 4),
      figure(amount(line.net), 5),
    ]);
  }
  return {
    margin: [0, 16, 0, 0],
    layout: ROWS_LAYOUT,
    table: { headerRows: 1, dontBreakRows: true, widths: [...LINE_WIDTHS], body },
  };
}

function rateLabel(category: TaxCategory, rateBp: number, labels: InvoiceLabels): string {
  const rate = `${percent(rateBp)} %`;
  return category === 'S' ? rate : `${rate} (${labels.categories[category]})`;
}

function totals(doc: InvoiceDocument, labels: InvoiceLabels): Node {
  const amount = (minor: number) => money(minor, doc.currency);
  const summary = [
    [labels.vatRate, labels.net, labels.vat, labels.gross].map((text, i) => ({
      text,
      bold: true,
      fontSize: 7.5,
      alignment: i ? 'right' : 'left',
    })),
    ...doc.vatSummary.map((row) => [
      rateLabel(row.tax_category, row.tax_rate_bp, labels),
      right(amount(row.net)),
      right(amount(row.tax)),
      right(amount(row.gross)),
    ]),
  ];
  const due = doc.kind === 'credit_note' ? labels.totalCredited : labels.totalDue;
  return {
    unbreakable: true,
    margin: [0, 12, 0, 0],
    columns: [
      {
        width: '*',
        stack: [
          { text: labels.vatSummary, bold: true, margin: [0, 0, 0, 3] },
          { layout: ROWS_LAYOUT, table: { headerRows: 1, widths: ['*', 62, 62, 62], body: summary } },
        ],
      },
      { width: 16, text: '' },
      {
        width: 190,
        layout: PLAIN_LAYOUT,
        table: {
          widths: ['*', 'auto'],
          body: [
            [labels.totalNet, right(amount(doc.netMinor))],
            [labels.totalVat, right(amount(doc.taxMinor))],
            [
              { text: due, bold: true, fontSize: 10, margin: [0, 3, 0, 0] },
              right(amount(doc.grossMinor), { bold: true, fontSize: 10, margin: [0, 3, 0, 0] }),
            ],
          ],
        },
      },
    ],
  };
}

/** The prize money credited at the show: information beside the total, not part of it. */
function prizeMoney(doc: InvoiceDocument, labels: InvoiceLabels): Node[] {
  const rows = doc.prizeMoney ?? [];
  if (!rows.length) return [];
  const amount = (minor: number) => money(minor, doc.currency);
  const total = rows.reduce((sum, r) => sum + r.amountMinor, 0);
  return [
    { text: labels.prizeMoney, bold: true, margin: [0, 14, 0, 2] },
    { text: labels.prizeMoneyNote, fontSize: 7.5, color: GREY, margin: [0, 0, 0, 3] },
    {
      layout: PLAIN_LAYOUT,
      table: {
        widths: ['*', 90],
        body: [
          ...rows.map((r) => [r.description, right(amount(r.amountMinor))]),
          [{ text: labels.prizeMoneyTotal, bold: true }, right(amount(total), { bold: true })],
        ],
      },
    },
  ];
}

const groupsOfFour = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

function payment(doc: InvoiceDocument, labels: InvoiceLabels): Node[] {
  const { seller } = doc;
  const rows: [string, string][] = [];
  if (doc.kind === 'invoice' && seller.iban) {
    rows.push([labels.accountHolder, seller.name], [labels.iban, groupsOfFour(seller.iban)]);
    if (seller.bic) rows.push([labels.bic, seller.bic]);
    if (seller.bankName) rows.push([labels.bank, seller.bankName]);
  }
  rows.push([labels.paymentReference, doc.paymentReference]);
  return [
    { text: labels.payment, bold: true, margin: [0, 16, 0, 3] },
    ...(doc.kind === 'invoice' ? [{ text: labels.payBy(dayDate(doc.dueDate)), margin: [0, 0, 0, 3] }] : []),
    {
      layout: PLAIN_LAYOUT,
      table: {
        widths: [110, '*'],
        body: rows.map(([label, value], i) => [
          { text: label, color: GREY },
          { text: value, bold: i === rows.length - 1 },
        ]),
      },
    },
  ];
}

/** The legal text of each category without VAT: its tax type's own where it has one, else the category's. */
function notes(doc: InvoiceDocument, labels: InvoiceLabels): Node[] {
  const own: Partial<Record<TaxCategory, string>> = {
    AE: labels.reverseCharge,
    E: labels.vatExempt,
    Z: labels.zeroRated,
    K: labels.intraCommunity,
    G: labels.exportOutsideEu,
  };
  const texts = new Set<string>();
  for (const line of doc.lines) {
    const text = line.exemption_reason?.trim() || own[line.tax_category];
    if (text) texts.add(text);
  }
  return [...texts].map((text) => ({ text, margin: [0, 8, 0, 0], bold: true }));
}

function correction(doc: InvoiceDocument, labels: InvoiceLabels): Node[] {
  if (!doc.creditNoteOf && !doc.note) return [];
  return [
    ...(doc.creditNoteOf
      ? [
          {
            text: labels.corrects(doc.creditNoteOf.number, dayDate(doc.creditNoteOf.issueDate)),
            bold: true,
            margin: [0, 12, 0, 0],
          },
        ]
      : []),
    ...(doc.note ? [{ text: `${labels.reason}: ${doc.note}`, margin: [0, 4, 0, 0] }] : []),
  ];
}

/**
 * The invoice or credit note as a Factur-X PDF (factur-x-pdf.ts): PDF/A-3b with `facturX`, its
 * CII XML (einvoice.ts), embedded.
 */
export async function renderInvoicePdf(doc: InvoiceDocument, facturX: string): Promise<Buffer> {
  const labels = invoiceLabels(doc.language);
  const title = doc.kind === 'credit_note' ? labels.creditNote : labels.invoice;
  const { seller } = doc;
  const logo = seller.logo && LOGO_TYPES.includes(seller.logo.contentType) ? await logoDataUrl(seller.logo) : null;
  const footerText = [seller.name, seller.vat_id ? `${labels.vatId} ${seller.vat_id}` : '', `${title} ${doc.number}`]
    .filter(Boolean)
    .join(' · ');
  const definition = {
    language: doc.language,
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: INVOICE_FONT, fontSize: BODY_SIZE, lineHeight: 1.1 },
    images: logo ? { logo } : {},
    footer: (page: number, pages: number) => ({
      margin: [40, 16, 40, 0],
      columns: [small(footerText), { ...small(labels.page(page, pages)), alignment: 'right', width: 90 }],
    }),
    content: [
      header(doc, labels, title, logo !== null),
      { margin: [0, 18, 0, 0], stack: partyBlock(doc.buyer, labels, labels.buyer) },
      ...correction(doc, labels),
      lineTable(doc, labels),
      totals(doc, labels),
      ...prizeMoney(doc, labels),
      ...notes(doc, labels),
      ...payment(doc, labels),
    ],
  };
  const info = {
    title: `${title} ${doc.number}`,
    author: seller.name,
    subject: `${title} ${doc.number}, ${dayDate(doc.issueDate)}, ${seller.name}`,
    keywords: `${title}, Factur-X, ZUGFeRD`,
    creator: 'Paddock',
    producer: 'pdfmake, PDFKit',
  };
  return printFacturX(definition, info, facturX);
}

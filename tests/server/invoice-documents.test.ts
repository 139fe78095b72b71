import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from '@cantoo/pdf-lib';
import { InvoiceService } from '@e-invoice-eu/core';
import { extractText } from 'unpdf';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { convert } from 'xmlbuilder2';
import type { InvoiceLine, TaxCategory, VatSummaryRow } from '../../src/shared/schemas/invoices';
import {
  checkInvoiceDocument,
  eInvoiceGaps,
  InvoiceDocumentError,
  renderCii,
  renderFacturX,
  renderInvoiceFiles,
  renderXRechnung,
  toEInvoiceData,
} from '../../server/src/modules/invoices/documents/einvoice';
import { useFastSubsets, type TrueTypeFont } from '../../server/src/modules/invoices/documents/font-subset';
import { invoiceLabels } from '../../server/src/modules/invoices/documents/invoice-labels';
import { invoiceTextWidth } from '../../server/src/modules/invoices/documents/pdf-fonts';
import { setPdfTuning } from '../../server/src/modules/invoices/documents/pdf-tuning';
import type { InvoiceDocument } from '../../server/src/modules/invoices/documents/model';
import { closeRenderPool, renderInBackground } from '../../server/src/modules/invoices/documents/render-pool';
import { writeXml } from '../../server/src/modules/invoices/documents/xml-writer';

// ---------------------------------------------------------------------------------------------
// Fixtures, by hand: amounts in cents, VAT rounded per line (half up) as the ledger does.

/** A 1×1 PNG: the venue's logo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let transaction = 100;
function line(
  description: string,
  quantity: number,
  unitNet: number,
  rateBp: number,
  category: TaxCategory = 'S',
  more: Partial<InvoiceLine> = {},
): InvoiceLine {
  const net = quantity * unitNet;
  const tax = Math.floor((net * rateBp + 5000) / 10000);
  return {
    transaction: transaction++,
    date: '2026-06-05',
    description,
    beneficiary: null,
    quantity,
    unit_net: unitNet,
    net,
    tax,
    gross: net + tax,
    tax_rate_bp: rateBp,
    tax_category: category,
    credited: false,
    ...more,
  };
}

function summaryOf(lines: InvoiceLine[]): VatSummaryRow[] {
  const rows = new Map<string, VatSummaryRow>();
  for (const l of lines) {
    const key = `${l.tax_category}/${l.tax_rate_bp}`;
    const row = rows.get(key) ?? { tax_rate_bp: l.tax_rate_bp, tax_category: l.tax_category, net: 0, tax: 0, gross: 0 };
    row.net += l.net;
    row.tax += l.tax;
    row.gross += l.gross;
    rows.set(key, row);
  }
  return [...rows.values()];
}

const SELLER: InvoiceDocument['seller'] = {
  name: 'Paddock Classic d.o.o.',
  address: 'Lipica 5',
  postal_code: '6210',
  city: 'Sežana',
  country: 'SI',
  vat_id: 'SI12345678',
  email: 'office@paddock.example',
  phone: '+386 5 123 4567',
  iban: 'SI56 1910 0000 0123 438',
  bic: 'BAKOSI2X',
  bankName: 'Banka Koper',
  logo: null,
};

function invoiceDoc(lines: InvoiceLine[], more: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const sum = (field: 'net' | 'tax' | 'gross') => lines.reduce((total, l) => total + l[field], 0);
  return {
    kind: 'invoice',
    number: '1-00042',
    creditNoteOf: null,
    language: 'de',
    issueDate: '2026-06-30',
    dueDate: '2026-07-14',
    currency: 'EUR',
    venue: { name: 'CSI Lipica', feiId: '2026_CI_0139', startDate: '2026-06-03', endDate: '2026-06-07' },
    seller: SELLER,
    buyer: {
      name: 'Maria Huber',
      address: 'Hauptstraße 1',
      postal_code: '80331',
      city: 'München',
      country: 'DE',
      vat_id: null,
      email: 'maria@example.com',
      partyType: 'rider',
      partyId: 12,
    },
    lines,
    vatSummary: summaryOf(lines),
    netMinor: sum('net'),
    taxMinor: sum('tax'),
    grossMinor: sum('gross'),
    paymentReference: 'RF18539007547034',
    note: null,
    ...more,
  };
}

/** German rider's invoice, three rates: 22 %, 9.5 %, 0 % exempt; the venue's logo. */
const threeRates = invoiceDoc(
  [
    line('Boxenmiete 3 Nächte', 3, 4000, 2200), // 120.00 + 26.40
    line('Heu und Stroh', 2, 1250, 950), // 25.00 + 2.38 (2.375 rounded per line)
    line('Startgeld Großer Preis', 1, 5000, 0, 'E'), // 50.00, exempt
    line('Stromanschluss', 1, 999, 2200), // 9.99 + 2.20 (2.1978)
  ],
  { seller: { ...SELLER, logo: { contentType: 'image/png', data: PNG } } },
);

/** Reverse charge to a German company, in English. */
const reverseCharge = invoiceDoc(
  [line('Stable rent, 5 nights', 5, 3500, 0, 'AE'), line('Shavings', 4, 1200, 0, 'AE')],
  {
    number: '1-00043',
    language: 'en',
    buyer: {
      name: 'Reitstall Müller GmbH',
      address: 'Am Gestüt 7',
      postal_code: '48157',
      city: 'Münster',
      country: 'DE',
      vat_id: 'DE123456789',
      email: 'buchhaltung@reitstall-mueller.example',
      partyType: 'employer',
      partyId: 3,
    },
  },
);

/** An employer's invoice in French: each line names the rider it was for. */
const employer = invoiceDoc(
  [
    line('Box pour 4 nuits', 4, 3000, 2200, 'S', { beneficiary: 'Jeanne Durand' }),
    line('Engagement épreuve 1.40 m', 1, 4500, 2200, 'S', { beneficiary: 'Luc Martin' }),
    line('Copeaux', 3, 1100, 950, 'S', { beneficiary: 'Jeanne Durand' }),
  ],
  {
    number: '1-00044',
    language: 'fr',
    buyer: {
      name: 'Écurie du Lac SARL',
      address: '12 rue des Haras\nBâtiment B',
      postal_code: '14000',
      city: 'Caen',
      country: 'FR',
      vat_id: 'FR40123456824',
      email: 'compta@ecurie-du-lac.example',
      partyType: 'employer',
      partyId: 9,
    },
  },
);

/** A Polish credit note for part of invoice 1-00042. */
const creditNote = invoiceDoc([line('Boxenmiete 1 Nacht (Storno)', 1, 4000, 2200)], {
  kind: 'credit_note',
  number: '1-00045',
  creditNoteOf: { number: '1-00042', issueDate: '2026-06-30' },
  language: 'pl',
  note: 'Koń wycofany z zawodów',
  buyer: {
    name: 'Łukasz Żółkiewski',
    address: 'ul. Długa 3',
    postal_code: '00-238',
    city: 'Warszawa',
    country: 'PL',
    vat_id: null,
    email: 'lukasz@example.pl',
    partyType: 'rider',
    partyId: 21,
  },
});

/** 120 lines: several pages. */
const long = invoiceDoc(
  Array.from({ length: 120 }, (_, i) =>
    line(`Hay bale no. ${String(i + 1).padStart(3, '0')}`, 1 + (i % 3), 850 + i, i % 2 ? 950 : 2200),
  ),
  { number: '1-00046', language: 'en' },
);

const FIXTURES = { threeRates, reverseCharge, employer, creditNote, long };

// ---------------------------------------------------------------------------------------------
// Reading the bytes back.

async function pdfPages(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: false });
  return text;
}

type Xml = Record<string, unknown>;
const parse = (xml: string) => convert(xml, { format: 'object' }) as unknown as Xml;
const list = (value: unknown): Xml[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]) as Xml[];
const text = (value: unknown): string =>
  typeof value === 'string' ? value : (((value as Xml | undefined)?.['#'] as string | undefined) ?? '');
/** Cents of an e-invoice amount, which must have exactly two decimals. */
function cents(value: unknown): number {
  const amount = text(value);
  expect(amount).toMatch(/^-?\d+\.\d{2}$/);
  return Math.round(Number(amount) * 100);
}

/** The Factur-X PDF's embedded factur-x.xml, and what the PDF says about itself. */
async function facturX(pdf: Buffer) {
  const doc = await PDFDocument.load(new Uint8Array(pdf), { updateMetadata: false });
  const attachments = doc.getAttachments();
  const xml = attachments.find((a) => a.name === 'factur-x.xml');
  const metadata = doc.catalog.lookup(PDFName.of('Metadata'));
  const fonts: { subtype: string; embedded: boolean }[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('Font')) continue;
    const subtype = object.get(PDFName.of('Subtype'))?.toString() ?? '';
    if (subtype === '/Type0') continue; // its descendant font is listed itself
    const descriptor = object.lookup(PDFName.of('FontDescriptor'));
    const embedded = descriptor instanceof PDFDict && descriptor.has(PDFName.of('FontFile2'));
    fonts.push({ subtype, embedded });
  }
  // The associated files (PDF/A-3): the catalog's /AF, by file name and relationship.
  const associated = doc.catalog.lookupMaybe(PDFName.of('AF'), PDFArray);
  const af = (associated?.asArray() ?? []).map((ref) => {
    const spec = doc.context.lookup(ref, PDFDict);
    return `${spec.lookup(PDFName.of('UF'), PDFString, PDFHexString).decodeText()} ${String(spec.get(PDFName.of('AFRelationship')))}`;
  });
  // The output intent PDF/A requires: an ICC profile of three components (sRGB).
  const intents = doc.catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray)?.asArray() ?? [];
  const outputIntents = intents.map((ref) => {
    const intent = doc.context.lookup(ref, PDFDict);
    const profile = intent.lookup(PDFName.of('DestOutputProfile'));
    const components = profile instanceof PDFRawStream ? String(profile.dict.get(PDFName.of('N'))) : 'none';
    return `${String(intent.get(PDFName.of('S')))} ${components}`;
  });
  return {
    names: attachments.map((a) => a.name),
    xml: xml ? Buffer.from(xml.data).toString('utf8') : null,
    relationship: xml?.afRelationship,
    af,
    outputIntents,
    xmp: metadata ? Buffer.from((metadata as unknown as { contents: Uint8Array }).contents).toString('utf8') : '',
    title: doc.getTitle(),
    language: doc.catalog.lookupMaybe(PDFName.of('Lang'), PDFString, PDFHexString)?.decodeText(),
    fonts,
  };
}

// ---------------------------------------------------------------------------------------------
// EN 16931 rules, checked on the UBL the way the Schematron does (no XSD or Schematron
// processor is available here: see the report). Returns the violated rules.

function en16931Violations(ubl: Xml): string[] {
  const root = (ubl.Invoice ?? ubl.CreditNote) as Xml;
  const isCredit = 'CreditNote' in ubl;
  const problems: string[] = [];
  const check = (rule: string, ok: boolean) => ok || problems.push(rule);
  const lines = list(root[isCredit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine']);
  const totals = root['cac:LegalMonetaryTotal'] as Xml;
  const taxTotal = list(root['cac:TaxTotal'])[0]!;
  const subtotals = list(taxTotal['cac:TaxSubtotal']);
  const lineSum = lines.reduce((sum, l) => sum + cents(l['cbc:LineExtensionAmount']), 0);
  check('BR-16 lines', lines.length > 0);
  check('BR-CO-10', lineSum === cents(totals['cbc:LineExtensionAmount']));
  check('BR-CO-13', cents(totals['cbc:TaxExclusiveAmount']) === cents(totals['cbc:LineExtensionAmount']));
  const subtotalTax = subtotals.reduce((sum, s) => sum + cents(s['cbc:TaxAmount']), 0);
  check('BR-CO-14', subtotalTax === cents(taxTotal['cbc:TaxAmount']));
  check(
    'BR-CO-15',
    cents(totals['cbc:TaxInclusiveAmount']) ===
      cents(totals['cbc:TaxExclusiveAmount']) + cents(taxTotal['cbc:TaxAmount']),
  );
  check('BR-CO-16', cents(totals['cbc:PayableAmount']) === cents(totals['cbc:TaxInclusiveAmount']));
  for (const subtotal of subtotals) {
    const category = subtotal['cac:TaxCategory'] as Xml;
    const id = text(category['cbc:ID']);
    const percent = text(category['cbc:Percent']);
    const net = lines
      .filter((l) => {
        const c = (l['cac:Item'] as Xml)['cac:ClassifiedTaxCategory'] as Xml;
        return text(c['cbc:ID']) === id && text(c['cbc:Percent']) === percent;
      })
      .reduce((sum, l) => sum + cents(l['cbc:LineExtensionAmount']), 0);
    check(`BR-${id}-08 (${percent} %)`, net === cents(subtotal['cbc:TaxableAmount']));
    const expected = Math.round((cents(subtotal['cbc:TaxableAmount']) * Number(percent)) / 100);
    check(`BR-CO-17 (${percent} %)`, Math.abs(cents(subtotal['cbc:TaxAmount']) - expected) < 100);
    if (id !== 'S') {
      check(`BR-${id}-09`, cents(subtotal['cbc:TaxAmount']) === 0 && Number(percent) === 0);
    }
    if (id === 'AE' || id === 'E') check(`BR-${id}-10`, Boolean(text(category['cbc:TaxExemptionReason'])));
  }
  for (const l of lines) {
    check('BR-27 price ≥ 0', cents((l['cac:Price'] as Xml)['cbc:PriceAmount']) >= 0);
    check('BR-25 item name', Boolean(text((l['cac:Item'] as Xml)['cbc:Name'])));
  }
  const seller = (root['cac:AccountingSupplierParty'] as Xml)['cac:Party'] as Xml;
  const buyer = (root['cac:AccountingCustomerParty'] as Xml)['cac:Party'] as Xml;
  const sellerVat = list(seller['cac:PartyTaxScheme']).some((s) => text(s['cbc:CompanyID']));
  check('BR-S-02 seller VAT id', sellerVat);
  if (subtotals.some((s) => text((s['cac:TaxCategory'] as Xml)['cbc:ID']) === 'AE')) {
    check(
      'BR-AE-02 buyer VAT id',
      list(buyer['cac:PartyTaxScheme']).some((s) => text(s['cbc:CompanyID'])),
    );
  }
  check('BR-DE-15 buyer reference', Boolean(text(root['cbc:BuyerReference'])));
  check('BR-DE-1 payment instructions', list(root['cac:PaymentMeans']).length > 0);
  check('BR-CO-25 due date or terms', Boolean(text(root['cbc:DueDate']) || root['cac:PaymentTerms']));
  check('XRechnung BT-34/BT-49 endpoints', Boolean(seller['cbc:EndpointID'] && buyer['cbc:EndpointID']));
  return problems;
}

const library = new InvoiceService({ log: () => {}, warn: () => {}, error: () => {} });
/** BT-25/26 in CII, which @e-invoice-eu/core 2.3.4 leaves out and einvoice.ts puts in. */
const REFERENCE = /\n\t\t\t<ram:InvoiceReferencedDocument>[\s\S]*?<\/ram:InvoiceReferencedDocument>/;

afterAll(() => closeRenderPool());

// ---------------------------------------------------------------------------------------------

describe('invoice labels', () => {
  it('every language has every label, and its own title words', () => {
    const en = invoiceLabels('en');
    for (const language of ['en', 'de', 'pl', 'fr', 'it']) {
      const labels = invoiceLabels(language);
      for (const [key, value] of Object.entries(en)) {
        const own = (labels as unknown as Record<string, unknown>)[key];
        expect(typeof own, `${language}.${key}`).toBe(typeof value);
        if (typeof own === 'string') expect(own.length, `${language}.${key}`).toBeGreaterThan(0);
      }
      expect(labels.forRider('X')).toContain('X');
      expect(labels.corrects('1-7', '3.12.2026')).toContain('1-7');
      expect(labels.page(2, 5)).toMatch(/2.*5/);
    }
    expect(['en', 'de', 'pl', 'fr', 'it'].map((l) => [invoiceLabels(l).invoice, invoiceLabels(l).creditNote])).toEqual([
      ['Invoice', 'Credit note'],
      ['Rechnung', 'Gutschrift'],
      ['Faktura', 'Faktura korygująca'],
      ['Facture', 'Avoir'],
      ['Fattura', 'Nota di credito'],
    ]);
  });
});

describe('invoice PDF', () => {
  it('holds the number, buyer, every line, the VAT summary and the totals, in German', async () => {
    const [page = '', ...more] = await pdfPages(await renderFacturX(threeRates));
    expect(more).toHaveLength(0);
    for (const expected of [
      'Rechnung',
      '1-00042',
      'Maria Huber',
      'Hauptstraße 1',
      '80331 München',
      'Paddock Classic d.o.o.',
      'USt-IdNr.: SI12345678',
      'CSI Lipica (2026_CI_0139)',
      '3.6.2026 – 7.6.2026',
      '30.6.2026',
      '14.7.2026',
      'rider-12',
      'Boxenmiete 3 Nächte',
      'Heu und Stroh',
      'Startgeld Großer Preis',
      'Stromanschluss',
      '5.6.2026',
      '40.00 EUR',
      '120.00 EUR',
      '9.5 %',
      '2.38 EUR',
      '0 % (steuerfrei)',
      'Umsatzsteuer nach Steuersätzen',
      '129.99 EUR', // 22 %: 120.00 + 9.99
      '28.60 EUR', // 22 %: 26.40 + 2.20
      'Summe netto',
      '204.99 EUR',
      '30.98 EUR',
      'Rechnungsbetrag',
      '235.97 EUR',
      'Steuerfreie Leistung.',
      'SI56 1910 0000 0123 438',
      'BAKOSI2X',
      'RF18539007547034',
      'Seite 1 von 1',
    ]) {
      expect(page, expected).toContain(expected);
    }
    expect(page).not.toContain('Reverse Charge');
    // No gross per line (146.40 for the boxes): VAT is the rate's, taken on the rate's total.
    expect(page).not.toContain('146.40 EUR');
  });

  it('prints the reverse-charge note in English with both VAT ids', async () => {
    const [page = ''] = await pdfPages(await renderFacturX(reverseCharge));
    for (const expected of [
      'Invoice',
      'Reitstall Müller GmbH',
      'VAT ID: DE123456789',
      'VAT ID: SI12345678',
      '0 % (reverse charge)',
      'Reverse charge: VAT to be accounted for by the recipient',
      'Total amount due',
      '223.00 EUR', // 5 × 35.00 + 4 × 12.00, no VAT
      'Page 1 of 1',
    ]) {
      expect(page, expected).toContain(expected);
    }
  });

  it("names the rider under each line of an employer's invoice, in French", async () => {
    const [page = ''] = await pdfPages(await renderFacturX(employer));
    expect(page).toContain('Facture');
    expect(page).toContain('Écurie du Lac SARL');
    expect(page).toContain('Bâtiment B');
    expect(page.match(/pour le cavalier Jeanne Durand/g)).toHaveLength(2);
    expect(page.match(/pour le cavalier Luc Martin/g)).toHaveLength(1);
    expect(page).toContain('Net à payer TTC');
    expect(page).toContain(`${(employer.grossMinor / 100).toFixed(2)} EUR`);
  });

  it('prints a credit note in Polish, with its invoice and reason', async () => {
    const [page = ''] = await pdfPages(await renderFacturX(creditNote));
    for (const expected of [
      'Faktura korygująca',
      '1-00045',
      'Korekta faktury 1-00042 z dnia 30.6.2026',
      'Przyczyna korekty: Koń wycofany z zawodów',
      'Łukasz Żółkiewski',
      'Kwota korekty do zwrotu',
      '48.80 EUR',
      'Strona 1 z 1',
    ]) {
      expect(page, expected).toContain(expected);
    }
    expect(page).not.toContain('Termin płatności'); // no due date on a credit note
  });

  it('heads a credit note as a credit note: its number and date are no invoice number and date', async () => {
    const [page = ''] = await pdfPages(await renderFacturX({ ...creditNote, language: 'en' }));
    expect(page).toContain('Credit note no.');
    expect(page).toContain('Credit note date');
    expect(page).not.toContain('Invoice no.');
    expect(page).not.toContain('Invoice date');
    const [invoicePage = ''] = await pdfPages(await renderFacturX({ ...threeRates, language: 'en' }));
    expect(invoicePage).toContain('Invoice no.');
  });

  it('dates the supply from the first billed day to the last, an arrival before the show included', async () => {
    const arrival = line('Box, arrival day', 1, 4000, 2200, 'S', { date: '2026-06-02' });
    const doc = invoiceDoc([arrival, ...threeRates.lines], { language: 'en' });
    const [page = ''] = await pdfPages(await renderFacturX(doc));
    expect(page).toContain('Date of supply');
    expect(page).toContain('2.6.2026 – 7.6.2026');
    const xml = await renderXRechnung(doc);
    expect(xml).toMatch(
      /<cac:InvoicePeriod>\s*<cbc:StartDate>2026-06-02<\/cbc:StartDate>\s*<cbc:EndDate>2026-06-07<\/cbc:EndDate>/,
    );
  });

  it('breaks 120 lines over pages, repeating the header row and numbering the pages', async () => {
    const pages = await pdfPages(await renderFacturX(long));
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join('\n');
    for (const l of long.lines) expect(all).toContain(l.description);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      if (/Hay bale no\./.test(page)) expect(page).toContain('Unit price (net)');
    });
    expect(all).toContain(`Total amount due ${(long.grossMinor / 100).toFixed(2)} EUR`);
  });
});

/** An RGBA PNG of one row: [r, g, b, a] per pixel. */
function rgbaPng(pixels: number[][]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(pixels.length, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, ...pixels.flat()]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('font subsets', () => {
  it('are byte for byte what fontkit writes, composite glyphs with their parts', () => {
    // fontkit as pdfkit (pdfmake's) loads it, and pdfmake's Roboto.
    const pdfmakeMain = createRequire(import.meta.url).resolve('pdfmake');
    const fontkit = createRequire(createRequire(pdfmakeMain).resolve('pdfkit'))('fontkit') as {
      create(buffer: Buffer): TrueTypeFont & { numGlyphs: number; layout(text: string): { glyphs: { id: number }[] } };
    };
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const file of ['Roboto-Regular.ttf', 'Roboto-Medium.ttf']) {
      const bytes = readFileSync(new URL(`../fonts/Roboto/${file}`, pathToFileURL(pdfmakeMain)));
      const theirs = fontkit.create(bytes);
      const ours = fontkit.create(bytes);
      expect(useFastSubsets(ours)).toBe(true);
      const sets = [
        theirs
          .layout('Faktura korygująca 1-00045 Łukasz Żółkiewski, Écurie du Lac, Hauptstraße 1')
          .glyphs.map((g) => g.id),
        theirs.layout('ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿ€–').glyphs.map((g) => g.id),
        [],
        ...Array.from({ length: 40 }, () =>
          Array.from({ length: 1 + Math.floor(random() * 120) }, () => Math.floor(random() * theirs.numGlyphs)),
        ),
      ];
      let withParts = 0;
      for (const ids of sets) {
        const [a, b] = [theirs.createSubset(), ours.createSubset()];
        for (const id of ids) [a, b].forEach((subset) => subset.includeGlyph(id));
        expect(Buffer.from(b.encode()).equals(Buffer.from(a.encode())), `${file}: ${ids.join(' ')}`).toBe(true);
        if (b.glyphs.length > new Set([0, ...ids]).size) withParts++;
      }
      expect(withParts).toBeGreaterThan(0); // composite glyphs took their parts in
    }
  });
  it("leave a composite glyph's parts to be mapped to their characters in later documents", () => {
    const pdfmakeMain = createRequire(import.meta.url).resolve('pdfmake');
    const fontkit = createRequire(createRequire(pdfmakeMain).resolve('pdfkit'))('fontkit') as {
      create(
        buffer: Buffer,
      ): TrueTypeFont & { layout(text: string): { glyphs: { id: number; codePoints: number[] }[] } };
    };
    const font = fontkit.create(
      readFileSync(new URL('../fonts/Roboto/Roboto-Regular.ttf', pathToFileURL(pdfmakeMain))),
    );
    expect(useFastSubsets(font)).toBe(true);
    // A document that prints "ż" (a "z" with a dot above, made of both) and no "z" of its own.
    const subset = font.createSubset();
    for (const glyph of font.layout('ż').glyphs) subset.includeGlyph(glyph.id);
    subset.encode();
    expect(subset.glyphs.length).toBeGreaterThan(2); // the parts came in
    // The next document prints "Prize": its "z" must be known as a "z", which is what pdfkit
    // writes into the PDF's map from glyphs to text (copying, searching, text extraction).
    expect(font.layout('z').glyphs.map((glyph) => glyph.codePoints)).toEqual([['z'.codePointAt(0)]]);
  });
});

describe('invoice text width', () => {
  it('is what pdfkit measures for pdfmake, word by word', () => {
    const pdfmakeMain = createRequire(import.meta.url).resolve('pdfmake');
    interface PdfKit {
      font(src: Buffer): PdfKit;
      fontSize(size: number): PdfKit;
      widthOfString(text: string): number;
    }
    const PDFKit = createRequire(pdfmakeMain)('pdfkit') as new (options: object) => PdfKit;
    const pdf = new PDFKit({ autoFirstPage: false });
    for (const [file, bold] of [
      ['Roboto-Regular.ttf', false],
      ['Roboto-Medium.ttf', true],
    ] as const) {
      pdf.font(readFileSync(new URL(`../fonts/Roboto/${file}`, pathToFileURL(pdfmakeMain)))).fontSize(8.5);
      for (const text of ['40.00 EUR', '1234567.89 EUR', '9.5 %', 'Żółkiewski  ąę Tj', '', 'AV Wa To']) {
        expect(invoiceTextWidth(text, 8.5, bold)).toBeCloseTo(pdf.widthOfString(text), 9);
      }
    }
  });

  it('prints a figure too wide for its column over two lines, as before', async () => {
    const huge = line('Arena rent', 1, 12_345_678_901, 2200); // 123456789.01 EUR net
    const [page = ''] = await pdfPages(await renderFacturX(invoiceDoc([huge])));
    // The line's unit price and net wrap in their columns ("EUR" below the figure)…
    expect(page).toContain('Arena rent 1 123456789.01\nEUR\n22 % 123456789.01\nEUR');
    // …the totals table is wide enough for the same figures on one line.
    expect(page).toContain(`Rechnungsbetrag ${(huge.gross / 100).toFixed(2)} EUR`);
  });
});

describe('PDF tuning', () => {
  it('changes how pdfmake and pdfkit work, not a byte of what they write', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-30T10:00:00Z')); // the same creation date and file id
    try {
      for (const doc of [threeRates, long]) {
        setPdfTuning(true);
        const tuned = await renderFacturX(doc);
        setPdfTuning(false);
        const plain = await renderFacturX(doc);
        expect(tuned.equals(plain), doc.number).toBe(true);
      }
    } finally {
      setPdfTuning(true);
      vi.useRealTimers();
    }
  });
});

describe('invoice PDF logo', () => {
  it('prints a PNG logo with transparency flattened onto white (no per-invoice alpha split)', async () => {
    const logo = rgbaPng([
      [255, 0, 0, 255],
      [0, 0, 255, 0],
      [0, 0, 0, 128],
    ]);
    const doc = invoiceDoc(threeRates.lines, { seller: { ...SELLER, logo: { contentType: 'image/png', data: logo } } });
    const pdf = await PDFDocument.load(new Uint8Array(await renderFacturX(doc)));
    const images = [...pdf.context.enumerateIndirectObjects()]
      .map(([, object]) => object)
      .filter(
        (o): o is PDFRawStream =>
          o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
      );
    expect(images).toHaveLength(1);
    const image = images[0]!;
    expect(image.dict.get(PDFName.of('Width'))?.toString()).toBe('3');
    expect(image.dict.has(PDFName.of('SMask'))).toBe(false);
    expect(image.dict.get(PDFName.of('ColorSpace'))).toBe(PDFName.of('DeviceRGB'));
    // One PNG row: filter byte, then red, white (transparent), grey (half black).
    expect([...inflateSync(image.contents)]).toEqual([0, 255, 0, 0, 255, 255, 255, 127, 127, 127]);
    // A broken image is left out rather than failing the invoice.
    const broken = invoiceDoc(threeRates.lines, {
      seller: {
        ...SELLER,
        logo: { contentType: 'image/png', data: Buffer.concat([logo.subarray(0, 40), Buffer.alloc(20)]) },
      },
    });
    expect((await pdfPages(await renderFacturX(broken)))[0]).toContain('1-00042');
  });
});

describe('e-invoice data', () => {
  it('refuses a document whose sums do not add up', () => {
    const broken = { ...threeRates, taxMinor: threeRates.taxMinor + 1, grossMinor: threeRates.grossMinor + 1 };
    expect(() => checkInvoiceDocument(broken)).toThrow(InvoiceDocumentError);
    const badSummary = { ...threeRates, vatSummary: threeRates.vatSummary.slice(1) };
    expect(() => toEInvoiceData(badSummary)).toThrow(/VAT summary/);
    const taxedExempt = invoiceDoc([{ ...line('x', 1, 100, 0, 'E'), tax: 1, gross: 101 }]);
    expect(() => checkInvoiceDocument(taxedExempt)).toThrow(/takes no VAT/);
    expect(() => checkInvoiceDocument(threeRates)).not.toThrow();
  });

  it('carries a negative line as a negative quantity at a positive price (BR-27)', () => {
    const refund = invoiceDoc([line('Box', 2, 4000, 2200), line('Discount', 1, -1000, 2200)]);
    const [, discount] = toEInvoiceData(refund)['ubl:Invoice']['cac:InvoiceLine'];
    expect(discount?.['cbc:InvoicedQuantity']).toBe('-1');
    expect(discount?.['cac:Price']['cbc:PriceAmount']).toBe('10.00');
    expect(discount?.['cbc:LineExtensionAmount']).toBe('-10.00');
  });

  it('prices a line exactly when the stored unit price was rounded', () => {
    const rounded = { ...line('Third of a box', 3, 333, 2200), net: 1000 };
    const doc = invoiceDoc([{ ...rounded, tax: 220, gross: 1220 }]);
    const [only] = toEInvoiceData(doc)['ubl:Invoice']['cac:InvoiceLine'];
    // 10.00 / 3 does not end: not 3 × 3.33 = 9.99 but 10.00 for a base quantity of 3 (BT-149).
    // 10.00 / 4 does: 2.50.
    expect(only['cac:Price']['cbc:PriceAmount']).toBe('10.00');
    expect(only['cac:Price']['cbc:BaseQuantity']).toBe('3');
    expect(only['cbc:LineExtensionAmount']).toBe('10.00');
    const quarter = invoiceDoc([{ ...line('Quarter', 4, 249, 0, 'Z'), net: 1000, tax: 0, gross: 1000 }]);
    expect(toEInvoiceData(quarter)['ubl:Invoice']['cac:InvoiceLine'][0]['cac:Price']['cbc:PriceAmount']).toBe('2.50');
  });

  it('lists what a private rider without address lacks for XRechnung', () => {
    const bare = invoiceDoc([line('Box', 1, 4000, 2200)], {
      seller: { ...SELLER, phone: undefined, iban: null },
      buyer: { ...threeRates.buyer, address: null, postal_code: null, city: null, country: null, email: null },
    });
    expect(eInvoiceGaps(bare).map((g) => g.field)).toEqual([
      'seller.phone',
      'buyer.email',
      'buyer.address',
      'buyer.country',
      'seller.iban',
    ]);
    expect(eInvoiceGaps(threeRates)).toEqual([]);
    // Never the seller's country for the buyer's (nor the other way round): no document is made.
    expect(() => toEInvoiceData(bare)).toThrow(/buyer's country is missing \(BR-11\)/);
    const noSellerCountry = invoiceDoc([line('Box', 1, 4000, 2200)], { seller: { ...SELLER, country: null } });
    expect(() => toEInvoiceData(noSellerCountry)).toThrow(/seller's country is missing \(BR-9\)/);
  });

  it('flags VAT per line that drifts more than BR-CO-17 allows', () => {
    // 300 lines of 0.02 at 22 % (0.0044 each): VAT 0.00 per line, 1.32 on their sum.
    const drift = invoiceDoc(Array.from({ length: 300 }, () => line('Carrot', 1, 2, 2200)));
    expect(eInvoiceGaps(drift)).toEqual([{ rule: 'BR-CO-17', field: 'vatSummary 2200' }]);
  });
});

describe('XML writer', () => {
  it('escapes every ampersand and drops characters XML forbids', () => {
    const xml = writeXml({ a: { '@x': 'say "&amp;"', 'b@y': '1<2', b: 'A&B; <c>\u0001', '#@z': 'ok' } });
    expect(xml).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n<a x="say &quot;&amp;amp;&quot;" z="ok">\n\t<b y="1&lt;2">A&amp;B; &lt;c&gt;</b>\n</a>',
    );
  });
});

describe('e-invoices', () => {
  it.each(Object.entries(FIXTURES))(
    '%s: the XML is the library’s own, valid against its schema and EN 16931’s sums',
    async (_name, doc) => {
      const [cii, xrechnung] = await Promise.all([renderCii(doc), renderXRechnung(doc)]);
      // InvoiceService validates the data against the library's JSON schema (for UBL with both
      // electronic addresses required) and prints it through xmlbuilder2: the same text.
      expect(await library.generate(toEInvoiceData(doc), { format: 'XRECHNUNG-UBL', lang: doc.language })).toBe(
        xrechnung,
      );
      // The one difference: the library drops a credit note's invoice from CII (see einvoice.ts).
      expect(REFERENCE.test(cii)).toBe(doc.creditNoteOf !== null);
      expect(await library.generate(toEInvoiceData(doc), { format: 'CII', lang: doc.language })).toBe(
        cii.replace(REFERENCE, ''),
      );
      expect(en16931Violations(parse(xrechnung))).toEqual([]);
    },
  );

  it('XRechnung: totals, VAT per category and rate, payment, buyer reference', async () => {
    const ubl = parse(await renderXRechnung(threeRates)).Invoice as Xml;
    expect(text(ubl['cbc:CustomizationID'])).toBe(
      'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    );
    expect(text(ubl['cbc:InvoiceTypeCode'])).toBe('380');
    expect(text(ubl['cbc:BuyerReference'])).toBe('rider-12');
    const totals = ubl['cac:LegalMonetaryTotal'] as Xml;
    expect(
      ['LineExtensionAmount', 'TaxExclusiveAmount', 'TaxInclusiveAmount', 'PayableAmount'].map((k) =>
        text(totals[`cbc:${k}`]),
      ),
    ).toEqual(['204.99', '204.99', '235.97', '235.97']);
    const taxTotal = list(ubl['cac:TaxTotal'])[0]!;
    expect(text(taxTotal['cbc:TaxAmount'])).toBe('30.98');
    expect(
      list(taxTotal['cac:TaxSubtotal']).map((s) => {
        const c = s['cac:TaxCategory'] as Xml;
        return [
          text(c['cbc:ID']),
          text(c['cbc:Percent']),
          text(s['cbc:TaxableAmount']),
          text(s['cbc:TaxAmount']),
          text(c['cbc:TaxExemptionReason']),
        ];
      }),
    ).toEqual([
      ['S', '22', '129.99', '28.60', ''],
      ['S', '9.5', '25.00', '2.38', ''],
      ['E', '0', '50.00', '0.00', 'Steuerfreie Leistung.'],
    ]);
    const means = list(ubl['cac:PaymentMeans'])[0]!;
    expect(text(means['cbc:PaymentMeansCode'])).toBe('58');
    expect(text(means['cbc:PaymentID'])).toBe('RF18539007547034');
    expect(text((means['cac:PayeeFinancialAccount'] as Xml)['cbc:ID'])).toBe('SI56191000000123438');
    const lines = list(ubl['cac:InvoiceLine']);
    expect(lines.map((l) => text(l['cbc:InvoicedQuantity']))).toEqual(['3', '2', '1', '1']);
    expect(lines.map((l) => text((l['cac:Price'] as Xml)['cbc:PriceAmount']))).toEqual([
      '40.00',
      '12.50',
      '50.00',
      '9.99',
    ]);
    expect((lines[0]!['cbc:InvoicedQuantity'] as Xml)['@unitCode']).toBe('C62');
  });

  it('XRechnung: reverse charge carries its exemption reason and both VAT ids', async () => {
    const ubl = parse(await renderXRechnung(reverseCharge)).Invoice as Xml;
    const [subtotal] = list(list(ubl['cac:TaxTotal'])[0]!['cac:TaxSubtotal']);
    const category = subtotal!['cac:TaxCategory'] as Xml;
    expect([
      text(category['cbc:ID']),
      text(category['cbc:Percent']),
      text(category['cbc:TaxExemptionReasonCode']),
    ]).toEqual(['AE', '0', 'VATEX-EU-AE']);
    expect(text(subtotal!['cbc:TaxAmount'])).toBe('0.00');
    const buyer = (ubl['cac:AccountingCustomerParty'] as Xml)['cac:Party'] as Xml;
    expect(text((buyer['cac:PartyTaxScheme'] as Xml)['cbc:CompanyID'])).toBe('DE123456789');
    expect(text(ubl['cbc:BuyerReference'])).toBe('employer-3');
  });

  it("XRechnung: an employer's lines name the rider", async () => {
    const ubl = parse(await renderXRechnung(employer)).Invoice as Xml;
    expect(list(ubl['cac:InvoiceLine']).map((l) => text(l['cbc:Note']))).toEqual([
      'pour le cavalier Jeanne Durand',
      'pour le cavalier Luc Martin',
      'pour le cavalier Jeanne Durand',
    ]);
  });

  it('XRechnung: a credit note is a UBL CreditNote, type 381, referring to its invoice', async () => {
    const xml = parse(await renderXRechnung(creditNote));
    expect(xml.Invoice).toBeUndefined();
    const ubl = xml.CreditNote as Xml;
    expect(text(ubl['cbc:CreditNoteTypeCode'])).toBe('381');
    const reference = list(ubl['cac:BillingReference'])[0]!['cac:InvoiceDocumentReference'] as Xml;
    expect([text(reference['cbc:ID']), text(reference['cbc:IssueDate'])]).toEqual(['1-00042', '2026-06-30']);
    expect(list(ubl['cac:CreditNoteLine'])).toHaveLength(1);
    expect(text((ubl['cac:LegalMonetaryTotal'] as Xml)['cbc:PayableAmount'])).toBe('48.80');
    expect(text(list(ubl['cbc:Note'])[0])).toBe('Koń wycofany z zawodów');
  });

  it('CII: the credit note refers to its invoice', async () => {
    const cii = parse(await renderCii(creditNote))['rsm:CrossIndustryInvoice'] as Xml;
    expect(text((cii['rsm:ExchangedDocument'] as Xml)['ram:TypeCode'])).toBe('381');
    const settlement = (cii['rsm:SupplyChainTradeTransaction'] as Xml)['ram:ApplicableHeaderTradeSettlement'] as Xml;
    expect(text((settlement['ram:InvoiceReferencedDocument'] as Xml)['ram:IssuerAssignedID'])).toBe('1-00042');
  });
});

describe('Factur-X', () => {
  /** A PDF to hand the library's own Factur-X service, for the XML it embeds. */
  const blankPdf = async () => {
    const blank = await PDFDocument.create();
    blank.addPage();
    return Buffer.from(await blank.save());
  };
  /** A seller whose name must be escaped in the XMP metadata. */
  const ampersand = invoiceDoc(threeRates.lines, {
    number: '1-00047',
    seller: { ...SELLER, name: 'Haras & Fils <SARL>' },
  });

  it('is the invoice as PDF/A-3 with factur-x.xml (EN 16931) whose totals are the document’s', async () => {
    for (const doc of [threeRates, creditNote, ampersand]) {
      const pdf = await renderFacturX(doc);
      expect(pdf.subarray(0, 8).toString()).toBe('%PDF-1.7');
      const read = await facturX(pdf);
      // factur-x.xml is the one attachment, an associated file of the document (/AF) marked Alternative.
      expect(read.names).toEqual(['factur-x.xml']);
      expect(String(read.relationship)).toContain('Alternative');
      expect(read.af).toEqual(['factur-x.xml /Alternative']);
      expect(read.outputIntents).toEqual(['/GTS_PDFA1 3']);
      expect(read.language).toBe(doc.language);
      // The XMP metadata: well-formed, PDF/A-3b, the Factur-X properties and the extension schema
      // PDF/A requires for them, and the title the document info has.
      const xmp = parse(read.xmp.replace(/<\?xpacket[^>]*\?>/g, '').trim());
      expect(Object.keys(xmp)).toEqual(['x:xmpmeta']);
      const flat = read.xmp.replace(/>\s+</g, '><');
      expect(flat).toContain('<pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>');
      for (const property of [
        '<fx:DocumentType>INVOICE</fx:DocumentType>',
        '<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>',
        '<fx:Version>1.0</fx:Version>',
        '<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>',
      ]) {
        expect(flat).toContain(property);
      }
      expect(flat).toContain('<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">');
      expect(flat).toContain(
        '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI><pdfaSchema:prefix>fx</pdfaSchema:prefix>',
      );
      for (const name of ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel']) {
        expect(flat).toContain(
          `<pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category>`,
        );
      }
      const title = `${invoiceLabels(doc.language)[doc.kind === 'credit_note' ? 'creditNote' : 'invoice']} ${doc.number}`;
      expect(read.title).toBe(title);
      const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      expect(flat).toContain(
        `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escaped}</rdf:li></rdf:Alt></dc:title>`,
      );
      const author = doc.seller.name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      expect(flat).toContain(`<dc:creator><rdf:Seq><rdf:li>${author}</rdf:li></rdf:Seq></dc:creator>`);
      // PDF/A: every font embedded (Roboto subsets, no standard Helvetica).
      expect(read.fonts.length).toBeGreaterThan(0);
      expect(read.fonts.every((f) => f.embedded && f.subtype === '/CIDFontType2')).toBe(true);
      // The embedded XML is what the library's own Factur-X (through InvoiceService) embeds.
      const theirs = await library.generate(toEInvoiceData(doc), {
        format: 'Factur-X-EN16931',
        lang: doc.language,
        pdf: { buffer: await blankPdf(), filename: 'invoice.pdf', mimetype: 'application/pdf' },
      });
      expect((await facturX(Buffer.from(theirs as Uint8Array))).xml).toBe(read.xml!.replace(REFERENCE, ''));
      const cii = parse(read.xml!)['rsm:CrossIndustryInvoice'] as Xml;
      const guideline = (
        (cii['rsm:ExchangedDocumentContext'] as Xml)['ram:GuidelineSpecifiedDocumentContextParameter'] as Xml
      )['ram:ID'];
      expect(text(guideline)).toBe('urn:cen.eu:en16931:2017');
      expect(text((cii['rsm:ExchangedDocument'] as Xml)['ram:ID'])).toBe(doc.number);
      const sums = ((cii['rsm:SupplyChainTradeTransaction'] as Xml)['ram:ApplicableHeaderTradeSettlement'] as Xml)[
        'ram:SpecifiedTradeSettlementHeaderMonetarySummation'
      ] as Xml;
      expect(cents(sums['ram:LineTotalAmount'])).toBe(doc.netMinor);
      expect(cents(sums['ram:TaxBasisTotalAmount'])).toBe(doc.netMinor);
      expect(cents(sums['ram:TaxTotalAmount'])).toBe(doc.taxMinor);
      expect((sums['ram:TaxTotalAmount'] as Xml)['@currencyID']).toBe('EUR');
      expect(cents(sums['ram:GrandTotalAmount'])).toBe(doc.grossMinor);
      expect(cents(sums['ram:DuePayableAmount'])).toBe(doc.grossMinor);
      if (doc.creditNoteOf) {
        const settlement = (cii['rsm:SupplyChainTradeTransaction'] as Xml)[
          'ram:ApplicableHeaderTradeSettlement'
        ] as Xml;
        expect(text((settlement['ram:InvoiceReferencedDocument'] as Xml)['ram:IssuerAssignedID'])).toBe('1-00042');
      }
      // The printed invoice, in the buyer's language.
      const [page = ''] = await pdfPages(pdf);
      expect(page).toContain(title); // the footer: "Rechnung 1-00042", "Faktura korygująca 1-00045"
      expect(page).toContain(doc.buyer.name);
    }
  });

  it('renderInvoiceFiles: Factur-X and XRechnung of one document', async () => {
    const files = await renderInvoiceFiles(employer);
    expect(files.xrechnung).toBe(await renderXRechnung(employer));
    const read = await facturX(files.pdf);
    const cii = parse(read.xml!)['rsm:CrossIndustryInvoice'] as Xml;
    expect(text((cii['rsm:ExchangedDocument'] as Xml)['ram:ID'])).toBe('1-00044');
    const trade = cii['rsm:SupplyChainTradeTransaction'] as Xml;
    expect(list(trade['ram:IncludedSupplyChainTradeLineItem'])).toHaveLength(3);
    expect(text((trade['ram:ApplicableHeaderTradeAgreement'] as Xml)['ram:BuyerReference'])).toBe('employer-9');
    expect((await pdfPages(files.pdf))[0]).toContain('pour le cavalier Luc Martin');
  });
});

describe('render pool', () => {
  it('renders on worker threads: Buffers back, XML as on the main thread, errors as errors', async () => {
    const docs = [threeRates, employer, creditNote, reverseCharge];
    const files = await Promise.all(docs.map((doc) => renderInBackground(doc)));
    for (const [i, { pdf, xrechnung }] of files.entries()) {
      expect(Buffer.isBuffer(pdf)).toBe(true);
      expect(xrechnung).toBe(await renderXRechnung(docs[i]!));
      const read = await facturX(pdf);
      expect(read.names).toEqual(['factur-x.xml']);
      expect((await pdfPages(pdf))[0]).toContain(docs[i]!.number);
    }
    const broken = { ...threeRates, netMinor: 1 };
    await expect(renderInBackground(broken)).rejects.toMatchObject({ name: 'InvoiceDocumentError' });
    // The pool goes on after a failed invoice, and starts again after being closed.
    await closeRenderPool();
    expect((await renderInBackground(reverseCharge)).xrechnung).toContain('<cbc:ID>1-00043</cbc:ID>');
  });
});

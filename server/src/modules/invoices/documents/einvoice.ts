import type * as EInvoiceCore from '@e-invoice-eu/core';
import type { EInvoiceFormat, Invoice, InvoiceServiceOptions, Logger } from '@e-invoice-eu/core';
import { useDirectLookups } from './cii-convert';
import { renderInvoicePdf } from './invoice-pdf';
import { toEInvoiceData } from './einvoice-data';
import type { InvoiceDocument } from './model';
import { writeXml } from './xml-writer';

export { checkInvoiceDocument, eInvoiceGaps, InvoiceDocumentError, toEInvoiceData } from './einvoice-data';
export type { EInvoiceGap } from './einvoice-data';

/**
 * EN 16931 e-invoices with @e-invoice-eu/core (WTFPL): CII, XRechnung (UBL) and the CII of
 * Factur-X (the Factur-X EN 16931 profile's elements), which invoice-pdf.ts embeds as
 * factur-x.xml in the PDF it prints as PDF/A-3 (factur-x-pdf.ts).
 *
 * The library is big (it loads a spreadsheet reader too): it is imported on first use, not when
 * the server starts. Its InvoiceService compiles its whole JSON schema with Ajv on every call
 * (most of its time); the format services it uses behind that are called directly here, one per
 * format, kept between calls, each printing its XML with writeXml (xml-writer.ts) instead of
 * xmlbuilder2. The data is ours and checked (checkInvoiceDocument); the tests validate it
 * against the library's schema through InvoiceService and compare the XML with the library's.
 */

type Core = typeof EInvoiceCore;
type FormatName = 'CII' | 'XRECHNUNG-UBL' | 'Factur-X-EN16931';

let core: Promise<Core> | undefined;
const services = new Map<FormatName, EInvoiceFormat>();

const LOGGER: Logger = {
  log: () => {},
  warn: (message) => console.warn(`e-invoice: ${message}`),
  error: (message) => console.error(`e-invoice: ${message}`),
};

/** The library, loaded once. */
export function eInvoiceLibrary(): Promise<Core> {
  core ??= import('@e-invoice-eu/core');
  return core;
}

/**
 * @e-invoice-eu/core 2.3.4 maps BT-25/BT-26 (the invoice a credit note corrects) to CII from
 * `cac:BillingReference/cbc:ID`, while its schema and UBL have them in
 * `cac:BillingReference/cac:InvoiceDocumentReference`: without this copy a CII credit note loses
 * its invoice (ram:InvoiceReferencedDocument). The CII conversion reads only what it maps.
 */
function precedingInvoiceForCii(data: Invoice): void {
  for (const reference of data['ubl:Invoice']['cac:BillingReference'] ?? []) {
    const document = reference['cac:InvoiceDocumentReference'];
    Object.assign(reference, document);
    // The library copies this date as it is, while CII writes dates as format 102 (CCYYMMDD):
    // CII-DT-097 refuses `2026-11-27` there. The UBL keeps its own YYYY-MM-DD.
    const issued = document?.['cbc:IssueDate'];
    if (issued) Object.assign(reference, { 'cbc:IssueDate': issued.replace(/-/g, '') });
  }
}

async function generate(
  format: FormatName,
  data: Invoice,
  options: Omit<InvoiceServiceOptions, 'format'>,
): Promise<string | Uint8Array> {
  let service = services.get(format);
  if (!service) {
    const { FormatFactoryService } = await eInvoiceLibrary();
    const factory = new FormatFactoryService();
    service = factory.createFormatService(format, LOGGER);
    if (format === 'Factur-X-EN16931') {
      // Its own generate parses a given PDF with pdf-lib to attach the CII it makes with its
      // parent's (FormatCIIService's) generate, then writes the PDF anew: only that CII is taken.
      const cii = Object.getPrototypeOf(factory.createFormatService('CII', LOGGER)) as EInvoiceFormat;
      const facturX = service;
      facturX.generate = (invoice, options) => cii.generate.call(facturX, invoice, options);
    }
    // The library prints its XML through xmlbuilder2's DOM, two thirds of an XML's time: same text, faster.
    (service as unknown as { renderXML: (data: object) => string }).renderXML = writeXml;
    if (service.syntax === 'CII') useDirectLookups(service);
    services.set(format, service);
  }
  if (service.syntax === 'CII') precedingInvoiceForCii(data);
  // What InvoiceService.generate does after validating: defaults (specification and process ids), render.
  service.fillInvoiceDefaults(data);
  return service.generate(data, { ...options, format });
}

const asText = (output: string | Uint8Array) =>
  typeof output === 'string' ? output : Buffer.from(output).toString('utf8');

/**
 * The CII XML (UN/CEFACT Cross Industry Invoice, EN 16931). The Factur-X PDF embeds the same
 * conversion limited to the Factur-X EN 16931 profile's elements (facturXml).
 */
export async function renderCii(doc: InvoiceDocument): Promise<string> {
  return asText(await generate('CII', toEInvoiceData(doc), { lang: doc.language }));
}

/** The CII XML a Factur-X PDF embeds as factur-x.xml (profile EN 16931). */
export async function facturXml(doc: InvoiceDocument): Promise<string> {
  return asText(await generate('Factur-X-EN16931', toEInvoiceData(doc), { lang: doc.language }));
}

/** XRechnung 3.0 as UBL XML: an Invoice, or a CreditNote for a credit note. */
export async function renderXRechnung(doc: InvoiceDocument): Promise<string> {
  return asText(await generate('XRECHNUNG-UBL', toEInvoiceData(doc), { lang: doc.language }));
}

/** The invoice as a Factur-X PDF (EN 16931 profile): PDF/A-3 with its CII XML embedded as factur-x.xml. */
export async function renderFacturX(doc: InvoiceDocument): Promise<Buffer> {
  return renderInvoicePdf(doc, await facturXml(doc));
}

/** Everything an issued invoice is stored as: the Factur-X PDF and the XRechnung XML. */
export async function renderInvoiceFiles(doc: InvoiceDocument): Promise<{ pdf: Buffer; xrechnung: string }> {
  // The XML first: a document whose sums do not add up fails before any rendering.
  const pdf = await renderFacturX(doc);
  const xrechnung = await renderXRechnung(doc);
  return { pdf, xrechnung };
}

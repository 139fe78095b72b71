import pdfmake from 'pdfmake';
import { useInvoiceFonts } from './pdf-fonts';
import { tunePdfMaking } from './pdf-tuning';

/**
 * A pdfmake document printed as a Factur-X PDF in one pass: PDF/A-3b by pdfkit's own support
 * (pdfaid in the XMP metadata, the sRGB output intent; the fonts are embedded anyway), the CII
 * XML embedded as factur-x.xml (an associated file, relationship Alternative, listed in the
 * catalog's /AF and the embedded files), and the Factur-X extension schema in the XMP.
 *
 * Before, @e-invoice-eu/core's Factur-X service did this to the finished PDF: it parsed the whole
 * file again with pdf-lib and wrote it anew, a quarter of an invoice's time. What it wrote in the
 * XMP is written here too (same schema, properties and values); its document info (a title that
 * differed from the XMP's, an empty structure tree claiming a tagged PDF) is not.
 */

/** The Factur-X profile of the embedded XML (EN 16931, "COMFORT" in ZUGFeRD). */
const FACTUR_X = {
  fileName: 'factur-x.xml',
  documentType: 'INVOICE', // credit notes too: the XML's type code tells them apart
  version: '1.0',
  conformanceLevel: 'EN 16931',
} as const;

const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** The document information, printed both in the info dictionary and in the XMP metadata. */
export interface PdfInfo {
  title: string;
  author: string;
  subject: string;
  keywords: string;
  creator: string;
  producer: string;
}

/** The parts of pdfkit's PDFDocument (as pdfmake makes it) used here. */
interface PdfKitDocument {
  file(
    data: Buffer,
    options: {
      name: string;
      type: string;
      relationship: string;
      description: string;
      creationDate: Date;
      modifiedDate: Date;
    },
  ): unknown;
  appendXML(xml: string, newline?: boolean): void;
  /** pdfkit's writer of the info entries into the XMP (at the end, after the PDF/A id). */
  _addInfo(): void;
}
interface PdfOutput {
  /** The pdfkit document, laid out and drawn but not ended. */
  getStream(): Promise<PdfKitDocument>;
  /** Ends that document and collects its bytes. */
  getBuffer(): Promise<Buffer>;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
/** An XMP date: pdfkit prints the info dictionary's dates in UTC to the second, so the same here. */
const xmpDate = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

const FX_PROPERTIES: [name: string, description: string][] = [
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
];

/**
 * The XMP after pdfkit's PDF/A id: the info dictionary's entries (escaped: pdfkit's own writer
 * prints them as they are, and a seller called "A & B" would break the XML), the Factur-X
 * extension schema that PDF/A requires for the fx: properties, and those properties.
 */
function xmpDescriptions(info: PdfInfo, date: Date): string {
  const x = escapeXml;
  const properties = FX_PROPERTIES.map(
    ([name, description]) => `<rdf:li rdf:parseType="Resource">
<pdfaProperty:name>${name}</pdfaProperty:name>
<pdfaProperty:valueType>Text</pdfaProperty:valueType>
<pdfaProperty:category>external</pdfaProperty:category>
<pdfaProperty:description>${description}</pdfaProperty:description>
</rdf:li>`,
  ).join('\n');
  return `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${x(info.title)}</rdf:li></rdf:Alt></dc:title>
<dc:creator><rdf:Seq><rdf:li>${x(info.author)}</rdf:li></rdf:Seq></dc:creator>
<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${x(info.subject)}</rdf:li></rdf:Alt></dc:description>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
<xmp:CreatorTool>${x(info.creator)}</xmp:CreatorTool>
<xmp:CreateDate>${xmpDate(date)}</xmp:CreateDate>
<xmp:ModifyDate>${xmpDate(date)}</xmp:ModifyDate>
<xmp:MetadataDate>${xmpDate(date)}</xmp:MetadataDate>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<pdf:Producer>${x(info.producer)}</pdf:Producer>
<pdf:Keywords>${x(info.keywords)}</pdf:Keywords>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
<pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI>
<pdfaSchema:prefix>fx</pdfaSchema:prefix>
<pdfaSchema:property><rdf:Seq>
${properties}
</rdf:Seq></pdfaSchema:property>
</rdf:li></rdf:Bag></pdfaExtension:schemas>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:fx="${FX_NAMESPACE}">
<fx:DocumentType>${FACTUR_X.documentType}</fx:DocumentType>
<fx:DocumentFileName>${FACTUR_X.fileName}</fx:DocumentFileName>
<fx:Version>${FACTUR_X.version}</fx:Version>
<fx:ConformanceLevel>${FACTUR_X.conformanceLevel}</fx:ConformanceLevel>
</rdf:Description>`;
}

/**
 * The document as a Factur-X PDF with `xml` (the CII, Factur-X EN 16931 profile) embedded. Its
 * fonts are pdf-fonts.ts's (embedded, as PDF/A requires).
 */
export async function printFacturX(definition: Record<string, unknown>, info: PdfInfo, xml: string): Promise<Buffer> {
  const now = new Date();
  tunePdfMaking();
  useInvoiceFonts();
  const output = pdfmake.createPdf({
    ...definition,
    version: '1.7',
    subset: 'PDF/A-3b',
    // pdfmake copies these into the info dictionary under their PDF names (Title, ModDate …).
    info: { ...info, creationDate: now, modDate: now },
  }) as unknown as PdfOutput;
  const pdf = await output.getStream();
  pdf.file(Buffer.from(xml, 'utf8'), {
    name: FACTUR_X.fileName,
    type: 'text/xml',
    relationship: 'Alternative',
    description: 'Factur-X',
    creationDate: now,
    modifiedDate: now,
  });
  pdf._addInfo = () => pdf.appendXML(xmpDescriptions(info, now));
  return output.getBuffer();
}

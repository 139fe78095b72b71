import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shared/constants';
import { minorToDecimalString } from '@shared/money';

/**
 * What the report and bill PDFs share: an embedded font that writes every name and word of the
 * five languages (the standard PDF fonts have no ą, ł, ř, ć …), amounts and dates as printed.
 * Roboto comes with pdfmake; nothing else is read from disk or the network.
 */
const require = createRequire(import.meta.url);
const fontFile = (style: string) => require.resolve(`pdfmake/fonts/Roboto/Roboto-${style}.ttf`);
const ROBOTO = {
  normal: fontFile('Regular'),
  bold: fontFile('Medium'),
  italics: fontFile('Italic'),
  bolditalics: fontFile('MediumItalic'),
};
const FONT_FILES: readonly string[] = Object.values(ROBOTO);

export type PdfContent = Record<string, unknown> | string | PdfContent[];

/** The PDF of a pdfmake document definition (A4, Roboto 9 pt unless the definition says otherwise). */
export function renderPdf(definition: Record<string, unknown>): Promise<Buffer> {
  // pdfmake reads its fonts and policies when createPdf is called: set together, right before.
  pdfmake.setFonts({ Roboto: ROBOTO });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => FONT_FILES.includes(path));
  return pdfmake
    .createPdf({
      pageSize: 'A4',
      pageMargins: [40, 40, 40, 48],
      ...definition,
      defaultStyle: { font: 'Roboto', fontSize: 9, ...(definition.defaultStyle as object | undefined) },
    })
    .getBuffer();
}

/** A supported language, else the default. */
export const languageOf = (language: string | null | undefined): Language =>
  isLanguage(language) ? language : DEFAULT_LANGUAGE;

/** Two decimals and the currency code (DOMAIN.md "Money"). */
export const moneyText = (minor: number, currency: string): string => `${minorToDecimalString(minor)} ${currency}`;

/** Two decimals, no currency (table cells under a header naming it). */
export const amountText = minorToDecimalString;

/** A calendar day (YYYY-MM-DD) as written in the language. */
export function dateText(day: string | null | undefined, language: Language): string {
  if (!day) return '';
  const [year, month, date] = day.slice(0, 10).split('-');
  if (!year || !month || !date) return day;
  switch (language) {
    case 'en':
      return `${year}-${month}-${date}`;
    case 'fr':
    case 'it':
      return `${date}/${month}/${year}`;
    default:
      return `${date}.${month}.${year}`;
  }
}

/** A period of two days, either open. */
export const periodText = (from: string | null, to: string | null, language: Language): string =>
  from && to && from !== to
    ? `${dateText(from, language)} – ${dateText(to, language)}`
    : dateText(from ?? to, language);

/** A right-aligned cell. */
export const right = (text: string, extra: Record<string, unknown> = {}) => ({ text, alignment: 'right', ...extra });

/** A header row: bold, the columns from `firstRight` on right-aligned. */
export const headerRow = (labels: readonly string[], firstRight: number) =>
  labels.map((text, i) => ({ text, bold: true, alignment: i >= firstRight ? 'right' : 'left' }));

/** The venue-local day of a moment (YYYY-MM-DD). */
export const localDay = (timeZone: string, at: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

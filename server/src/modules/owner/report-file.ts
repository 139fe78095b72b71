import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shared/constants';
import { minorToDecimalString } from '@shared/money';
import { csvText, numberCell, type CsvCell } from '../reports/csv';
import { renderPdf } from '../reports/pdf';

/** A transaction statement of one owner at one venue, as CSV or PDF, in the reader's language. */
export interface Statement {
  owner: string;
  venue: string;
  currency: string;
  balanceMinor: number;
  lines: {
    date: string;
    kind: string;
    description: string;
    quantity: number;
    netMinor: number;
    taxMinor: number;
    grossMinor: number;
  }[];
}

const LABELS: Record<Language, { title: string; columns: string[]; currency: string; balance: string }> = {
  en: {
    title: 'Statement',
    columns: ['Date', 'Kind', 'Description', 'Quantity', 'Net', 'Tax', 'Gross'],
    currency: 'Currency',
    balance: 'Balance',
  },
  de: {
    title: 'Kontoauszug',
    columns: ['Datum', 'Art', 'Beschreibung', 'Menge', 'Netto', 'Steuer', 'Brutto'],
    currency: 'Währung',
    balance: 'Saldo',
  },
  pl: {
    title: 'Wyciąg',
    columns: ['Data', 'Rodzaj', 'Opis', 'Ilość', 'Netto', 'Podatek', 'Brutto'],
    currency: 'Waluta',
    balance: 'Saldo',
  },
  fr: {
    title: 'Relevé',
    columns: ['Date', 'Type', 'Description', 'Quantité', 'HT', 'Taxe', 'TTC'],
    currency: 'Devise',
    balance: 'Solde',
  },
  it: {
    title: 'Estratto conto',
    columns: ['Data', 'Tipo', 'Descrizione', 'Quantità', 'Netto', 'Imposta', 'Lordo'],
    currency: 'Valuta',
    balance: 'Saldo',
  },
};

const labelsOf = (language: string) => LABELS[isLanguage(language) ? language : DEFAULT_LANGUAGE];
const amount = minorToDecimalString;
const cells = (line: Statement['lines'][number]) => [
  line.date,
  line.kind,
  line.description,
  String(line.quantity),
  amount(line.netMinor),
  amount(line.taxMinor),
  amount(line.grossMinor),
];

/**
 * `;`-separated, quoted where needed, amounts with two decimals; the last row is the balance.
 * Quantities and amounts are numbers; every other cell is text, kept from being a formula.
 */
export function statementCsv(statement: Statement, language: string): string {
  const labels = labelsOf(language);
  const row = (line: Statement['lines'][number]): CsvCell[] => [
    line.date,
    line.kind,
    line.description,
    numberCell(String(line.quantity)),
    numberCell(amount(line.netMinor)),
    numberCell(amount(line.taxMinor)),
    numberCell(amount(line.grossMinor)),
    statement.currency,
  ];
  return csvText([
    [...labels.columns, labels.currency],
    ...statement.lines.map(row),
    [labels.balance, '', '', '', '', '', numberCell(amount(statement.balanceMinor)), statement.currency],
  ]);
}

/** In Roboto (reports/pdf.ts): the standard PDF fonts cannot write Polish or Czech names and labels. */
export function statementPdf(statement: Statement, language: string): Promise<Buffer> {
  const labels = labelsOf(language);
  const right = (text: string) => ({ text, alignment: 'right' });
  const body = [
    labels.columns.map((text, i) => ({ text, bold: true, alignment: i >= 3 ? 'right' : 'left' })),
    ...statement.lines.map((line) => cells(line).map((text, i) => (i >= 3 ? right(text) : text))),
    [{ text: labels.balance, bold: true, colSpan: 6 }, '', '', '', '', '', right(amount(statement.balanceMinor))],
  ];
  return renderPdf({
    info: { title: `${labels.title} ${statement.owner} ${statement.venue}` },
    content: [
      { text: labels.title, fontSize: 16, bold: true },
      { text: `${statement.owner} · ${statement.venue} · ${statement.currency}`, margin: [0, 4, 0, 12] },
      { table: { headerRows: 1, widths: [55, 40, '*', 35, 50, 45, 50], body }, layout: 'lightHorizontalLines' },
    ],
  });
}

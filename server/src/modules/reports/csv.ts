import { stringify } from 'csv-stringify/sync';

/**
 * Writing CSV that a spreadsheet opens safely. A text cell starting with `=`, `+`, `-` or `@`
 * is read by Excel, LibreOffice and Google Sheets as a formula (and a leading tab or CR can
 * hide one), so a description typed by anyone could run a formula on the office's machine
 * (CSV injection, OWASP). Such a text cell gets a leading `'`, which spreadsheets show as text.
 * Numbers are not text: an amount like -12.50 is written as it is, so it stays a number.
 */

/** A cell written as a number (an amount from minor units, a count), never neutralised. */
export interface NumberCell {
  number: string;
}
export type CsvCell = string | NumberCell;

export const numberCell = (text: string): NumberCell => ({ number: text });

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as a spreadsheet will show it, never as a formula. */
export const neutralise = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** Rows as CSV text (RFC 4180 quoting by csv-stringify, CRLF lines); text cells neutralised, numbers as they are. */
export function csvText(rows: readonly (readonly CsvCell[])[], delimiter = ';'): string {
  const cells = rows.map((row) => row.map((cell) => (typeof cell === 'string' ? neutralise(cell) : cell.number)));
  // a lone CR ends a line for some readers: quote it like a line feed (RFC 4180 §2.6)
  return stringify(cells, { delimiter, record_delimiter: 'windows', quoted_match: /\r/ });
}

import { parse } from 'csv-parse/browser/esm/sync';

/**
 * Rows copied from a spreadsheet: tab-separated (what Excel, LibreOffice and Google Sheets put on
 * the clipboard) or CSV with commas or semicolons (what a German or Polish Excel saves). Quotes,
 * quoted line breaks and a byte-order mark are handled by csv-parse; blank lines are dropped.
 */
export type Delimiter = '\t' | ';' | ',';

/** The delimiter of a pasted text: a tab anywhere, else whichever of ; and , the first line has more of. */
export function detectDelimiter(text: string): Delimiter {
  if (text.includes('\t')) return '\t';
  const first = text.split(/\r?\n/).find((line) => line.trim()) ?? '';
  const count = (c: string) => first.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** The cells of every non-blank line, trimmed. */
export function parseTable(text: string): string[][] {
  if (!text.trim()) return [];
  const rows = parse(text, {
    delimiter: detectDelimiter(text),
    bom: true,
    trim: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
  }) as string[][];
  return rows;
}

/** A header cell or alias as compared: lower case, no accents, letters and digits only. */
export function headerKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ł/g, 'l')
    .replace(/[^a-z0-9]/g, '');
}

export interface Column<F extends string = string> {
  field: F;
  /** Header names that mean this column, in any of the five languages. */
  aliases: readonly string[];
}

export interface Mapped<F extends string> {
  /** True when the first line was a header row (and is not a data row). */
  header: boolean;
  /** Each data line as field → cell (missing cells are ''). */
  rows: Record<F, string>[];
}

/**
 * Columns by header names when the first line names at least one known column (unknown header
 * cells are ignored), else by position in the order of `columns`.
 */
export function mapColumns<F extends string>(table: string[][], columns: readonly Column<F>[]): Mapped<F> {
  const byAlias = new Map<string, F>();
  for (const column of columns) {
    byAlias.set(headerKey(column.field), column.field);
    for (const alias of column.aliases) byAlias.set(headerKey(alias), column.field);
  }
  const first = table[0] ?? [];
  const named = first.map((cell) => byAlias.get(headerKey(cell)));
  const header = named.some((field) => field !== undefined);
  const order: (F | undefined)[] = header ? named : columns.map((column) => column.field);
  const empty = () => Object.fromEntries(columns.map((column) => [column.field, ''])) as Record<F, string>;
  const rows = (header ? table.slice(1) : table).map((cells) => {
    const row = empty();
    cells.forEach((cell, i) => {
      const field = order[i];
      if (field && !row[field]) row[field] = cell;
    });
    return row;
  });
  return { header, rows };
}

import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { MAX_RESULT_ROWS, RESULT_COLUMNS, type ResultColumn } from '@shared/schemas/results';
import { AppError, fieldError } from '../../app-error';
import { checkZipBounds } from '../../http/zip-bounds';

/*
 * Reading a results file (src/shared/schemas/results.ts documents the columns): CSV in UTF-8
 * (with or without a byte-order mark, comma or semicolon) or an xlsx workbook's first sheet, into
 * rows of text cells by column. Whole-file problems are field errors on `file`: wrong_encoding,
 * empty_file, wrong_columns (an unknown column, no status, no head number or FEI id of the horse),
 * too_big (more than MAX_RESULT_ROWS rows: counted while reading, the rest is never read),
 * inflates_too_much (a workbook that unpacks to more than MAX_XLSX_INFLATED).
 *
 * It is heavy work for a large file: the server runs it on a worker thread (server/src/workers).
 */

/** A workbook of MAX_RESULT_ROWS rows unpacks to a few MB; ten times that is no results file. */
export const MAX_XLSX_INFLATED = 50 * 1024 * 1024;
const MAX_XLSX_ENTRIES = 1000;

/** Thrown while reading when the file has more rows than allowed: stop reading at once. */
const tooManyRows = () => fieldError('file', 'too_big');

/** Whether a row has anything but blanks (blank rows are skipped, and not counted). */
const blank = (values: string[]) => values.every((v) => v.trim() === '');

export interface FileRow {
  /** The line in the file (the header is 1). */
  line: number;
  cells: Partial<Record<ResultColumn, string>>;
}

const KNOWN = new Set<string>(RESULT_COLUMNS);

/** `Jump-off Time` → `jump_off_time`. */
export const columnKey = (header: string): string =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s\-.]+/g, '_');

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

function columnsOf(headers: string[]): (ResultColumn | null)[] {
  const keys = headers.map(columnKey);
  const named = keys.filter((k) => k !== '');
  if (named.some((k) => !KNOWN.has(k)) || new Set(named).size !== named.length)
    throw fieldError('file', 'wrong_columns');
  if (!named.includes('status') || (!named.includes('head_number') && !named.includes('horse_fei_id')))
    throw fieldError('file', 'wrong_columns');
  return keys.map((k) => (k === '' ? null : (k as ResultColumn)));
}

function rowsOf(table: { line: number; values: string[] }[]): FileRow[] {
  const [header, ...body] = table;
  if (!header) throw fieldError('file', 'empty_file');
  const columns = columnsOf(header.values);
  const rows: FileRow[] = [];
  for (const { line, values } of body) {
    if (blank(values)) continue;
    const cells: FileRow['cells'] = {};
    values.forEach((value, i) => {
      const column = columns[i];
      const text = value.trim();
      if (column && text !== '') cells[column] = text;
    });
    rows.push({ line, cells });
  }
  if (!rows.length) throw fieldError('file', 'empty_file');
  if (rows.length > MAX_RESULT_ROWS) throw fieldError('file', 'too_big');
  return rows;
}

function decodeUtf8(bytes: Buffer): string {
  // UTF-16 and UTF-32 byte-order marks: not UTF-8.
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)))
    throw fieldError('file', 'wrong_encoding');
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (text.includes('\u0000')) throw new Error('NUL');
    return text.replace(/^\uFEFF/, '');
  } catch {
    throw fieldError('file', 'wrong_encoding');
  }
}

function csvTable(bytes: Buffer): { line: number; values: string[] }[] {
  const text = decodeUtf8(bytes);
  if (!text.trim()) throw fieldError('file', 'empty_file');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: { record: string[]; info: { lines: number } }[];
  let counted = 0;
  try {
    records = parse(text, {
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      relax_quotes: true,
      // The header and MAX_RESULT_ROWS rows, no more: the parser stops at the first one too many.
      // (With `info`, the hook receives the record with its info, whatever its declared type says.)
      on_record: ((record: { record: string[] }) => {
        if (!blank(record.record) && ++counted > MAX_RESULT_ROWS + 1) throw tooManyRows();
        return record;
      }) as unknown as (record: string[]) => string[],
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fieldError('file', 'wrong_columns');
  }
  return records.map((r) => ({ line: r.info.lines, values: r.record }));
}

/** A cell's value as text: numbers as JavaScript writes them (63.45), rich text joined, formulas' results. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return '';
}

/** The first sheet's rows, read as a stream: the reading stops at the first row too many. */
async function xlsxTable(bytes: Buffer): Promise<{ line: number; values: string[] }[]> {
  checkZipBounds(bytes, { maxBytes: MAX_XLSX_INFLATED, maxEntries: MAX_XLSX_ENTRIES });
  const table: { line: number; values: string[] }[] = [];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let counted = 0;
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets++;
      for await (const row of sheet) {
        const values: string[] = [];
        for (let c = 1; c <= row.cellCount; c++) values.push(cellText(row.getCell(c).value));
        if (!blank(values) && ++counted > MAX_RESULT_ROWS + 1) throw tooManyRows();
        table.push({ line: row.number, values });
      }
      break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fieldError('file', 'invalid_file_type');
  }
  // An archive without a worksheet (a document, a zipped folder) is not a workbook.
  if (!sheets) throw fieldError('file', 'invalid_file_type');
  if (!table.length) throw fieldError('file', 'empty_file');
  return table;
}

/**
 * The rows of an uploaded results file (CSV or xlsx, told apart by their bytes), read on the
 * calling thread: the server calls it through its worker pool.
 */
export async function readResultsFileNow(bytes: Buffer): Promise<FileRow[]> {
  if (!bytes.length) throw fieldError('file', 'empty_file');
  return rowsOf(isZip(bytes) ? await xlsxTable(bytes) : csvTable(bytes));
}

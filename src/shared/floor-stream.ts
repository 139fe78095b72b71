import type { FloorEntity } from './floor-constants';
import { isoOfMs } from './iso-time';
import type { FloorChanges, FloorTransaction } from './schemas/floor';

/*
 * The floor pull as a stream (sync protocol 1, asked for with `Accept: application/x-ndjson`): one
 * JSON value per line — the header (what `floorChanges` has besides its lists), then the lists
 * in chunks, the tombstones, and `{end: true, cursor}` last. An answer without its end line is
 * incomplete: the tablet keeps its old cursor and pulls again. A snapshot's entries come newest
 * first (occurred_at, then id), each chunk one page of the tablet's store.
 */

export const FLOOR_STREAM_TYPE = 'application/x-ndjson';
/**
 * Asked for with this parameter (`Accept: application/x-ndjson; entries=columns`), a snapshot's
 * lines of entries carry them in columns (EntryLine): 8 MB of text for a big show's 50,000
 * entries instead of 20 as rows, which the database writes as it is and the tablet stores as it
 * came, without parsing it. Without it they carry rows, as before.
 */
export const FLOOR_STREAM_COLUMNS = 'entries=columns';
/** Rows per line: one page of the tablet's store of a snapshot's entries (TRANSACTION_PAGE_SIZE). */
export const FLOOR_STREAM_CHUNK = 1000;

type Row = FloorTransaction;

/**
 * Entries in columns: the i-th value of every column makes the i-th entry (FloorTransaction);
 * its party in three columns, its times as epoch milliseconds.
 */
export type EntryColumns = { [K in Exclude<keyof Row, 'party' | 'occurred_at' | 'recorded_at'>]: Row[K][] } & {
  party_type: Row['party']['type'][];
  party_id: number[];
  party_name: string[];
  occurred_at: number[];
  recorded_at: number[];
};

const PLAIN = [
  'id',
  'key',
  'kind',
  'rider',
  'consumable',
  'description',
  'quantity',
  'unit_price',
  'gross',
  'currency',
  'source',
  'created_by',
  'device_id',
  'reversal_of',
] as const satisfies readonly Exclude<keyof Row, 'party' | 'occurred_at' | 'recorded_at'>[];

/** Entries' rows as columns. */
export function entryColumns(rows: readonly Row[]): EntryColumns {
  const columns: Record<string, unknown[]> = {};
  for (const name of [...PLAIN, 'party_type', 'party_id', 'party_name', 'occurred_at', 'recorded_at']) {
    columns[name] = new Array<unknown>(rows.length);
  }
  rows.forEach((row, i) => {
    for (const name of PLAIN) columns[name]![i] = row[name];
    columns.party_type![i] = row.party.type;
    columns.party_id![i] = row.party.id;
    columns.party_name![i] = row.party.name;
    columns.occurred_at![i] = Date.parse(row.occurred_at);
    columns.recorded_at![i] = Date.parse(row.recorded_at);
  });
  return columns as unknown as EntryColumns;
}

/** Entries in columns as rows. */
export function entryRows(columns: EntryColumns): Row[] {
  const rows: Row[] = new Array(columns.id.length);
  for (let i = 0; i < rows.length; i++) {
    const row: Record<string, unknown> = {
      party: { type: columns.party_type[i]!, id: columns.party_id[i]!, name: columns.party_name[i]! },
      occurred_at: isoOfMs(columns.occurred_at[i]!),
      recorded_at: isoOfMs(columns.recorded_at[i]!),
    };
    for (const name of PLAIN) row[name] = columns[name][i];
    rows[i] = row as unknown as Row;
  }
  return rows;
}

/**
 * A snapshot's page of entries in columns, written by the server exactly as
 * `{"entity":"transactions","size":N,"columns":{…}}` (ENTRY_LINE_START, the size, the columns'
 * text, `}`): the tablet takes the columns' text out of the line without parsing it.
 */
export type EntryLine = { entity: 'transactions'; size: number; columns: EntryColumns };
export const ENTRY_LINE_START = '{"entity":"transactions","size":';
const COLUMNS_START = ',"columns":';

/** An entry line's size and its columns' text, as written; null for any other line. */
export function entryLineParts(line: string): { size: number; columns: string } | null {
  if (!line.startsWith(ENTRY_LINE_START)) return null;
  const at = line.indexOf(COLUMNS_START, ENTRY_LINE_START.length);
  const size = Number(line.slice(ENTRY_LINE_START.length, at));
  if (at < 0 || !Number.isInteger(size) || !line.endsWith('}')) return null;
  return { size, columns: line.slice(at + COLUMNS_START.length, -1) };
}

/** The line of a page of entries whose columns' JSON text is `columns` (as entryLineParts reads it). */
export const entryLine = (size: number, columns: string): string =>
  `${ENTRY_LINE_START}${size}${COLUMNS_START}${columns}}\n`;

export type FloorStreamHeader = Pick<FloorChanges, 'protocol' | 'venue' | 'cursor' | 'reset'>;
export type FloorStreamChunk = { [E in FloorEntity]: { entity: E; rows: FloorChanges[E] } }[FloorEntity] | EntryLine;
export type FloorStreamLine =
  FloorStreamHeader | FloorStreamChunk | { deleted: FloorChanges['deleted'] } | { end: true; cursor: number };

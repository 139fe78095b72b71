import { Buffer } from 'node:buffer';
import { FLOOR_ENTITIES, type FloorEntity } from '@shared/floor-constants';
import { entryLine, FLOOR_STREAM_CHUNK, type FloorStreamHeader, type FloorStreamLine } from '@shared/floor-stream';
import type { FloorChanges, FloorTransaction } from '@shared/schemas/floor';
import type { LoggedChanges } from './changes-log';
import type { EntryPage } from './changes.repo';

/** The order the tablet keeps a snapshot's entries in (newest first: occurred_at, then id). */
const newestFirst = (a: FloorTransaction, b: FloorTransaction): number =>
  a.occurred_at === b.occurred_at ? b.id - a.id : a.occurred_at < b.occurred_at ? 1 : -1;

/**
 * A pull's answer as newline-delimited JSON (src/shared/floor-stream.ts): the header, then every
 * list in chunks of FLOOR_STREAM_CHUNK rows (a snapshot's entries newest first, so each chunk is
 * one page of the tablet's store), the tombstones, and the end; each line ending in a newline.
 * Produced line by line as the connection takes them (quick-compress.ts sendFlushedLines), so
 * the tablet stores the first rows while later ones are still being written, and no 20 MB
 * string is ever built. `pages`: a snapshot's entries in columns (changes.service), each page's
 * text copied into its line as the database wrote it.
 */
export function* changesLines(changes: FloorChanges, pages?: readonly EntryPage[]): Generator<string> {
  const { protocol, venue, cursor, reset } = changes;
  const line = (value: FloorStreamLine) => `${JSON.stringify(value)}\n`;
  yield line({ protocol, venue, cursor, reset });
  for (const entity of FLOOR_ENTITIES) {
    if (entity === 'transactions' && pages) {
      for (const page of pages) yield entryLine(page.size, page.columns);
      continue;
    }
    const rows: { id: number }[] =
      entity === 'transactions' ? [...changes.transactions].sort(newestFirst) : changes[entity];
    for (let start = 0; start < rows.length; start += FLOOR_STREAM_CHUNK) {
      yield line({ entity, rows: rows.slice(start, start + FLOOR_STREAM_CHUNK) } as FloorStreamLine);
    }
  }
  if (changes.deleted.length) yield line({ deleted: changes.deleted });
  yield line({ end: true, cursor });
}

const bytes = (text: string) => Buffer.from(text, 'utf8');
const COMMA = bytes(',');
const LINE_END = bytes(']}\n');

/** `rows` joined by commas into `parts`. */
function join(parts: Buffer[], rows: readonly Buffer[]): void {
  rows.forEach((row, i) => {
    if (i) parts.push(COMMA);
    parts.push(row);
  });
}

/** The lines of rows kept as JSON (changes-log.ts), each list in chunks of FLOOR_STREAM_CHUNK rows. */
export function rowLines(lists: Record<FloorEntity, readonly Buffer[]>): Buffer[] {
  const lines: Buffer[] = [];
  for (const entity of FLOOR_ENTITIES) {
    const rows = lists[entity];
    for (let start = 0; start < rows.length; start += FLOOR_STREAM_CHUNK) {
      const parts = [bytes(`{"entity":${JSON.stringify(entity)},"rows":[`)];
      join(parts, rows.slice(start, start + FLOOR_STREAM_CHUNK));
      parts.push(LINE_END);
      lines.push(Buffer.concat(parts));
    }
  }
  return lines;
}

/** The tombstones' line (none without tombstones) and the end line. */
export function closingLines(deleted: readonly Buffer[], cursor: number): Buffer[] {
  const lines: Buffer[] = [];
  if (deleted.length) {
    const parts = [bytes('{"deleted":[')];
    join(parts, deleted);
    parts.push(LINE_END);
    lines.push(Buffer.concat(parts));
  }
  lines.push(bytes(`${JSON.stringify({ end: true, cursor })}\n`));
  return lines;
}

export const headerLine = (header: FloorStreamHeader): Buffer => bytes(`${JSON.stringify(header)}\n`);

/**
 * The log's answer (changes-log.ts) as the same lines, one buffer each, from the rows' kept
 * JSON: copied as they are, never serialised again.
 */
export function loggedLines(header: FloorStreamHeader, changes: LoggedChanges): Buffer[] {
  return [headerLine(header), ...rowLines(changes.lists), ...closingLines(changes.deleted, header.cursor)];
}

/** The log's answer as the JSON answer (floorChanges), from the rows' kept JSON. */
export function loggedJson(header: FloorStreamHeader, changes: LoggedChanges): Buffer {
  const head = JSON.stringify(header);
  const parts = [bytes(head.slice(0, -1))];
  for (const entity of FLOOR_ENTITIES) {
    parts.push(bytes(`,${JSON.stringify(entity)}:[`));
    join(parts, changes.lists[entity]);
    parts.push(bytes(']'));
  }
  parts.push(bytes(',"deleted":['));
  join(parts, changes.deleted);
  parts.push(bytes(']}'));
  return Buffer.concat(parts);
}

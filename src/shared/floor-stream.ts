import type { FloorEntity } from './floor-constants';
import type { FloorChanges } from './schemas/floor';

/*
 * The floor pull as a stream (sync protocol 1, asked for with `Accept: application/x-ndjson`): one
 * JSON value per line — the header (what `floorChanges` has besides its lists), then the lists
 * in chunks, the tombstones, and `{end: true, cursor}` last. An answer without its end line is
 * incomplete: the tablet keeps its old cursor and pulls again. A snapshot's entries come newest
 * first (occurred_at, then id), each chunk one page of the tablet's store.
 */

export const FLOOR_STREAM_TYPE = 'application/x-ndjson';
/** Rows per line: one page of the tablet's store of a snapshot's entries (TRANSACTION_PAGE_SIZE). */
export const FLOOR_STREAM_CHUNK = 1000;

export type FloorStreamHeader = Pick<FloorChanges, 'protocol' | 'venue' | 'cursor' | 'reset'>;
export type FloorStreamChunk = { [E in FloorEntity]: { entity: E; rows: FloorChanges[E] } }[FloorEntity];
export type FloorStreamLine =
  FloorStreamHeader | FloorStreamChunk | { deleted: FloorChanges['deleted'] } | { end: true; cursor: number };

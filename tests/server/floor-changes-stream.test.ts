import { beforeEach, describe, expect, it } from 'vitest';
import {
  entryLineParts,
  entryRows,
  FLOOR_STREAM_COLUMNS,
  FLOOR_STREAM_TYPE,
  type EntryColumns,
  type FloorStreamLine,
} from '../../src/shared/floor-stream';
import type { FloorChanges } from '../../src/shared/schemas/floor';
import { chargeRiderAt, pull, seedFloorFixtures, type FloorFixtures } from './floor-fixtures';
import { useTestServer } from './helpers/use-server';

/* The floor pull streamed as newline-delimited JSON (Accept: application/x-ndjson). */

const server = useTestServer();
let f: FloorFixtures;
beforeEach(async () => {
  f = await seedFloorFixtures(server().database.db);
});

describe('the streamed floor pull', () => {
  it('answers what the JSON answer holds, line by line: header, chunks, end; entries newest first', async () => {
    const auth = await server().auth('stable');
    await chargeRiderAt(
      server().app,
      auth,
      f,
      [30, 10, 20].map((minutes) => new Date(Date.now() - minutes * 60_000)),
    );
    const plain = (await pull(server().app, auth, 1)).changes();
    const streamed = await pull(server().app, auth, 1, 0, { accept: 'application/x-ndjson, application/json;q=0.9' });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = streamed.body
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as FloorStreamLine);
    const [header, ...rest] = lines;
    expect(header).toEqual({ protocol: plain.protocol, venue: plain.venue, cursor: plain.cursor, reset: true });
    expect(rest.at(-1)).toEqual({ end: true, cursor: plain.cursor });
    const rebuilt: Record<string, unknown[]> = {};
    for (const line of rest) if ('rows' in line) (rebuilt[line.entity] ??= []).push(...line.rows);
    for (const entity of ['riders', 'horses', 'consumables', 'grooms'] as const) {
      expect(rebuilt[entity] ?? []).toEqual(plain[entity]);
    }
    const entries = rebuilt.transactions as FloorChanges['transactions'];
    expect([...entries].sort((a, b) => a.id - b.id)).toEqual([...plain.transactions].sort((a, b) => a.id - b.id));
    const times = entries.map((t) => t.occurred_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('sends the entries of a snapshot in columns to a tablet that asks, the same entries newest first', async () => {
    const auth = await server().auth('stable');
    // Two entries of one millisecond: ordered by id.
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    await chargeRiderAt(
      server().app,
      auth,
      f,
      [30, 10, 20, 10].map((minutes) => new Date(minute - minutes * 60_000)),
    );
    const plain = (await pull(server().app, auth, 1)).changes();
    const accept = `${FLOOR_STREAM_TYPE}; ${FLOOR_STREAM_COLUMNS}, application/json;q=0.9`;
    const streamed = await pull(server().app, auth, 1, 0, { accept });
    const texts = streamed.body.split('\n').filter(Boolean);
    const pages = texts.flatMap((text) => entryLineParts(text) ?? []);
    expect(pages.length).toBeGreaterThan(0);
    // Every other line as rows; the entries only in columns.
    const others = texts.filter((text) => !entryLineParts(text)).map((text) => JSON.parse(text) as FloorStreamLine);
    expect(others.some((line) => 'entity' in line && line.entity === 'transactions')).toBe(false);
    expect(
      others
        .filter((line) => 'rows' in line && line.entity === 'riders')
        .flatMap((line) => ('rows' in line ? line.rows : [])),
    ).toEqual(plain.riders);
    expect(others.at(-1)).toEqual({ end: true, cursor: plain.cursor });
    const entries = pages.flatMap((page) => {
      const columns = JSON.parse(page.columns) as EntryColumns;
      expect(columns.id).toHaveLength(page.size);
      return entryRows(columns);
    });
    const newestFirst = [...plain.transactions].sort((a, b) =>
      a.occurred_at === b.occurred_at ? b.id - a.id : a.occurred_at < b.occurred_at ? 1 : -1,
    );
    expect(entries).toEqual(newestFirst);
  });
});

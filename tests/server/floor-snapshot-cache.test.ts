import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  entryLineParts,
  entryRows,
  FLOOR_STREAM_COLUMNS,
  FLOOR_STREAM_TYPE,
  type EntryColumns,
  type FloorStreamHeader,
  type FloorStreamLine,
} from '../../src/shared/floor-stream';
import { SNAPSHOT_BEHIND_HEADER } from '../../src/shared/floor-constants';
import { MONEYLESS_CURSOR } from '../../server/src/modules/floor/changes.service';
import { chargeRiderAt, pull, seedFloorFixtures, write, type FloorFixtures } from './floor-fixtures';
import { useTestServer } from './helpers/use-server';

/*
 * A venue's snapshot is read and compressed once for the tablets that ask for one
 * (server/src/modules/floor/snapshot-cache.ts). A tablet sent a kept one from before a change is
 * told it is `behind`, and what it then holds after pulling from its cursor is what a snapshot
 * read now holds: nothing missed, nothing twice.
 */

const server = useTestServer();
let f: FloorFixtures;
beforeEach(async () => {
  f = await seedFloorFixtures(server().database.db);
});

const STREAM = { accept: `${FLOOR_STREAM_TYPE}; ${FLOOR_STREAM_COLUMNS}`, 'accept-encoding': 'gzip' };

/** A pull as the tablet makes it: streamed, entries in columns, gzip; its lines. */
async function streamed(auth: Record<string, string>, cursor = 0, app = server().app, encoding = 'gzip') {
  const res = await pull(app, auth, 1, cursor, { ...STREAM, 'accept-encoding': encoding });
  expect(res.statusCode, res.body).toBe(200);
  const decode = { gzip: gunzipSync, br: brotliDecompressSync }[String(res.headers['content-encoding'])];
  const text = decode ? decode(res.rawPayload).toString('utf8') : res.body;
  const lines = text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const entries = entryLineParts(line);
      return entries
        ? ({ entity: 'transactions', rows: entryRows(JSON.parse(entries.columns) as EntryColumns) } as FloorStreamLine)
        : (JSON.parse(line) as FloorStreamLine);
    });
  return {
    header: lines[0] as FloorStreamHeader,
    lines,
    end: lines.at(-1) as { end: true; cursor: number },
    behind: res.headers[SNAPSHOT_BEHIND_HEADER] === '1',
    encoding: res.headers['content-encoding'],
  };
}

/** What a tablet holds after applying answers in turn: a snapshot clears it, later versions win, tombstones remove. */
function held(answers: { header: FloorStreamHeader; lines: FloorStreamLine[] }[]) {
  const rows = new Map<string, unknown>();
  for (const { header, lines } of answers) {
    if (header.reset) rows.clear();
    const gone: string[] = [];
    for (const line of lines) {
      if ('rows' in line) for (const row of line.rows) rows.set(`${line.entity}:${row.id}`, row);
      if ('deleted' in line) for (const d of line.deleted) gone.push(`${d.entity}:${d.id}`);
    }
    for (const key of gone) rows.delete(key);
  }
  return Object.fromEntries([...rows].sort(([a], [b]) => a.localeCompare(b)));
}

describe('the kept floor snapshot', () => {
  it('is sent again to the next tablet; one from before a change says behind, and its cursor brings the change', async () => {
    const stable = await server().auth('stable');
    const first = await streamed(stable);
    expect(first.header).toMatchObject({ reset: true });
    expect(first.behind).toBe(false);
    expect(first.encoding).toBe('gzip');

    // Nothing changed: the next tablet gets the same snapshot, complete; a browser's, with brotli.
    const second = await streamed(stable);
    expect(second.header).toEqual(first.header);
    expect(second.lines).toEqual(first.lines);
    const browser = await streamed(stable, 0, server().app, 'gzip, deflate, br, zstd');
    expect(browser.encoding).toBe('br');
    expect(browser.lines).toEqual(first.lines);

    // A charge and a renamed item later, the kept snapshot goes out as it was, marked behind.
    await chargeRiderAt(server().app, stable, f, [new Date(Date.now() - 60_000)]);
    const admin = await server().auth('admin');
    const renamed = await server().app.inject({
      method: 'PATCH',
      url: `/api/v1/consumable/${f.box}/`,
      headers: admin,
      payload: { name: 'Box for the night' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const behind = await streamed(stable);
    expect(behind.behind).toBe(true);
    expect(behind.header).toEqual(first.header);
    expect(behind.end.cursor).toBe(first.header.cursor);
    expect(behind.lines.slice(1)).toEqual(first.lines.slice(1));

    // The pull from its cursor brings what came after: the tablet then holds what a snapshot read now holds.
    const after = await streamed(stable, behind.end.cursor);
    expect(after.header.reset).toBe(false);
    expect(after.end.cursor).toBeGreaterThan(behind.end.cursor);
    const fresh = await streamed(stable, 0, await server().buildApp());
    expect(fresh.behind).toBe(false);
    expect(fresh.end.cursor).toBe(after.end.cursor);
    const tablet = held([behind, after]);
    expect(tablet).toEqual(held([fresh]));
    expect(Object.values(tablet)).toContainEqual(expect.objectContaining({ id: f.box, name: 'Box for the night' }));
    expect(Object.keys(tablet).filter((key) => key.startsWith('transactions:'))).toHaveLength(
      Object.keys(held([first])).filter((key) => key.startsWith('transactions:')).length + 1,
    );
  });

  it('keeps the roles without entries apart: their snapshot has none, with their own cursors', async () => {
    const stable = await server().auth('stable');
    const desk = await server().auth('welcomedesk');
    await chargeRiderAt(server().app, stable, f, [new Date(Date.now() - 60_000)]);
    const money = await streamed(stable);
    const moneyless = await streamed(desk);
    expect(money.lines.some((line) => 'entity' in line && line.entity === 'transactions')).toBe(true);
    expect(moneyless.lines.some((line) => 'entity' in line && line.entity === 'transactions')).toBe(false);
    expect(moneyless.header.cursor).toBe(money.header.cursor + MONEYLESS_CURSOR);
    // Kept too: asked again after a change, the desk's is behind and its cursor brings the change.
    const attendee = await write(server().app, desk, 'attendee/', {
      venue: 1,
      first_name: 'Ada',
      last_name: 'Arrival',
    });
    expect(attendee.statusCode, attendee.body).toBe(201);
    const behind = await streamed(desk);
    expect(behind.behind).toBe(true);
    expect(behind.header).toMatchObject({ cursor: moneyless.header.cursor });
    const after = await streamed(desk, behind.end.cursor);
    expect(held([behind, after])).toEqual(held([await streamed(desk, 0, await server().buildApp())]));
  });

  it('is no one else’s: another venue’s stable is refused, nothing sent', async () => {
    await streamed(await server().auth('stable'));
    const res = await pull(server().app, await server().auth('stable2'), 1, 0, STREAM);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(String(f.box));
  });
});

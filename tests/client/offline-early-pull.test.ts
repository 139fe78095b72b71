import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FloorDb } from '@/offline/db';
import { startEarlyPull, takeEarlyPull } from '@/offline/early-pull';
import { pullChanges } from '@/offline/pull';
import { fetchTransport } from '@/offline/transport';
import { useAppStore } from '@/lib/store';
import { changes } from './offline-fakes';

/* A new tablet's first pull is asked for before its offline store exists. */

const ndjson = (lines: unknown[]) =>
  new Response(lines.map((line) => `${JSON.stringify(line)}\n`).join(''), {
    status: 200,
    headers: { 'content-type': 'application/x-ndjson; charset=utf-8' },
  });

/** The snapshot of an empty venue as the server streams it. */
function emptySnapshot() {
  const { protocol, venue, cursor } = changes({ cursor: 12 });
  return ndjson([
    { protocol, venue, cursor, reset: true },
    { end: true, cursor },
  ]);
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => emptySnapshot());
  vi.stubGlobal('fetch', fetchMock);
  useAppStore.setState({ token: 'token-a', language: 'en' });
});
afterEach(async () => {
  takeEarlyPull(1, 1, null);
  vi.unstubAllGlobals();
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    await new Promise((resolve) => {
      const deleting = indexedDB.deleteDatabase(name);
      deleting.onsuccess = deleting.onerror = resolve;
    });
  }
});

describe('the early pull', () => {
  it('asks for the snapshot where the device has no offline store, and the pull takes its answer once', async () => {
    await startEarlyPull(1, 'token-a', 'en');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/venue/1/floor/changes/?cursor=0');
    const headers = init.headers as Headers;
    expect(headers.get('authorization')).toBe('Bearer token-a');
    expect(headers.get('accept')).toMatch(/^application\/x-ndjson/);
    expect(headers.get('x-paddock-sync')).toBeTruthy();

    const db = new FloorDb('paddock-floor');
    expect(await pullChanges(db, fetchTransport, 1, Date.now())).toBe('ok');
    // Stored from the early answer: no request of its own.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await db.sync.get(1))!.cursor).toBe(12);
    expect(takeEarlyPull(1, 0, 'token-a')).toBeNull();
    db.close();
  });

  it('asks for nothing where the device has an offline store: its own cursor decides', async () => {
    const db = new FloorDb('paddock-floor');
    await db.open();
    await startEarlyPull(1, 'token-a', 'en');
    expect(fetchMock).not.toHaveBeenCalled();
    db.close();
  });

  it('is dropped for a pull with a cursor of its own or another session', async () => {
    await startEarlyPull(1, 'token-a', 'en');
    const signal = (fetchMock.mock.calls[0] as [string, RequestInit])[1].signal!;
    expect(takeEarlyPull(1, 0, 'token-b')).toBeNull();
    expect(signal.aborted).toBe(true);
    await startEarlyPull(1, 'token-a', 'en');
    expect(takeEarlyPull(1, 7, 'token-a')).toBeNull();
    expect(takeEarlyPull(1, 0, 'token-a')).toBeNull();
  });
});

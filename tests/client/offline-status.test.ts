import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { floorDb } from '@/offline/db';
import { appVersion } from '@/offline/device';
import { deviceId } from '@/offline/device-id';
import { enqueue, saveWrite } from '@/offline/outbox';
import { dismissAttention, useAttention, useFloorStatus } from '@/offline/status';
import { floorSync, PULL_INTERVAL_MS, UNREACHABLE_PROBE_MS, useFloorSync } from '@/offline/sync';
import { changes, chargeWrite } from './offline-fakes';
import { json, makeUser, mockFetch, resetStore } from './helpers';

const user = makeUser({ id: 7, username: 'stable', roles: ['stable'], assigned_venue: 1, rider_id: null });
const VENUE = 1;

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** Retries `assertion` between real macrotasks: testing-library's waitFor polls with the timers faked here. */
async function eventually(assertion: () => unknown, ms = 3_000): Promise<void> {
  const end = performance.now() + ms;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (performance.now() > end) throw error;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Each write of a batch request created, with `body` as its answer. */
function created(init: RequestInit | undefined, body: () => unknown) {
  const { writes } = JSON.parse(String(init!.body)) as { writes: { key: string }[] };
  return writes.map(({ key }) => ({ key, outcome: 'created', status: 201, body: body() }));
}

/** The floor changes endpoint and the outbox's batched POST, counted. */
function floorApi() {
  const pulls: string[] = [];
  /** The heartbeat each pull carried (device_id, app_version, pending_writes). */
  const carried: Record<string, string>[] = [];
  const fetchMock = mockFetch({
    'GET /api/v1/venue/1/floor/changes/': (url) => {
      const { cursor, ...heartbeat } = Object.fromEntries(url.searchParams);
      pulls.push(`?cursor=${cursor}`);
      carried.push(heartbeat);
      return json(200, changes({ cursor: 3, reset: url.searchParams.get('cursor') === '0' }));
    },
    'POST /api/v1/floor/writes/': (_url, init) => json(200, { results: created(init, () => ({ id: 900 })) }),
  });
  return { fetchMock, pulls, carried };
}

beforeEach(async () => {
  resetStore({ token: 'jwt-1', user });
  await Promise.all(floorDb.tables.map((table) => table.clear()));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('floor status', () => {
  it('counts the venue’s pending writes and refusals of every user of the device, and knows online and the last sync', async () => {
    await saveWrite(floorDb, 7, chargeWrite(VENUE, 'a'));
    await saveWrite(floorDb, 7, chargeWrite(VENUE, 'b'));
    await saveWrite(floorDb, 7, chargeWrite(2, 'other-venue'));
    await saveWrite(floorDb, 8, chargeWrite(VENUE, 'other-user'), 'Anna Stall');
    await saveWrite(floorDb, 9, chargeWrite(VENUE, 'older-app'));
    await floorDb.attention.put({
      ...{ key: 'c', user: 7, venue: VENUE, entity: 'transactions', path: 'transaction/', body: {} },
      ...{ status: 422, error: { error: 'validation' }, at: '2026-05-01T10:00:00.000Z' },
    });
    await floorDb.attention.put({
      ...{ key: 'd', user: 8, venue: VENUE, entity: 'transactions', path: 'transaction/', body: {} },
      ...{ status: 422, error: { error: 'validation' }, at: '2026-05-01T10:00:00.000Z' },
    });
    // Anna left her device credential on the tablet; the other one's is gone.
    localStorage.setItem(
      'paddock.floorDevice.others',
      JSON.stringify({ 8: { token: 'anna-credential', expiresAt: Date.now() + 3_600_000 } }),
    );
    const { result } = renderHook(() => useFloorStatus(VENUE));
    // Nothing queued on the device is hidden: the other people's writes count and are named.
    await waitFor(() => expect(result.current).toMatchObject({ pending: 4, attention: 2, ready: false }));
    await waitFor(() =>
      expect(result.current.others).toEqual([
        { user: 8, name: 'Anna Stall', count: 1, route: 'credential' },
        { user: 9, name: null, count: 1, route: 'signIn' },
      ]),
    );
    expect(result.current).toMatchObject({ online: true, syncing: false, outdated: false, lastSyncAt: null });
    localStorage.removeItem('paddock.floorDevice.others');

    await floorDb.sync.put({
      ...{ venue: VENUE, cursor: 3, venueName: 'Demo Show', currency: 'EUR', currencyDisplay: 'symbol' },
      ...{ timeZone: 'Europe/Berlin', lastSyncAt: '2026-05-01T10:01:00.000Z', lastError: null },
    });
    await waitFor(() => expect(result.current).toMatchObject({ ready: true, lastSyncAt: '2026-05-01T10:01:00.000Z' }));
    act(() => setOnline(false));
    expect(result.current.online).toBe(false);
  });

  it('lists the refused writes; dismissing one removes it and its rejected row', async () => {
    await floorDb.transactions.put({ ...chargeWrite(VENUE, 'c').row, pending: undefined, rejected: 1 });
    await floorDb.attention.put({
      ...{ key: 'c', user: 7, venue: VENUE, entity: 'transactions', path: 'transaction/', body: {} },
      ...{ status: 409, error: { error: 'conflict' }, at: '2026-05-01T10:00:00.000Z' },
    });
    const { result } = renderHook(() => useAttention(VENUE));
    await waitFor(() => expect(result.current.map((item) => item.status)).toEqual([409]));
    await act(() => dismissAttention('c'));
    await waitFor(() => expect(result.current).toEqual([]));
    expect(await floorDb.transactions.get('c')).toBeUndefined();
  });
});

describe('sync in the app', () => {
  it('enqueue saves and sends at once with the key, the protocol and the token, then pulls', async () => {
    const { fetchMock, pulls, carried } = floorApi();
    await floorDb.sync.put({
      ...{ venue: VENUE, cursor: 2, venueName: 'Demo Show', currency: 'EUR', currencyDisplay: 'symbol' },
      ...{ timeZone: 'Europe/Berlin', lastSyncAt: null, lastError: null },
    });
    await enqueue(chargeWrite(VENUE, 'k-1'));
    await waitFor(() => expect(pulls).toEqual(['?cursor=2']));
    const [url, init] = fetchMock.mock.calls.find(([, request]) => request?.method === 'POST')!;
    expect(url).toBe('/api/v1/floor/writes/');
    const headers = new Headers(init!.headers);
    expect(headers.get('x-paddock-sync')).toBe('1');
    expect(headers.get('Authorization')).toBe('Bearer jwt-1');
    // Each write of the batch carries its own key, path and body; the batch, this device's heartbeat.
    expect(JSON.parse(String(init!.body))).toEqual({
      writes: [{ key: 'k-1', path: 'transaction/', body: chargeWrite(VENUE, 'k-1').body }],
      device: { device_id: deviceId(), app_version: appVersion(), pending_writes: 0 },
    });
    expect(await floorDb.outbox.count()).toBe(0);
    expect((await floorDb.sync.get(VENUE))!.cursor).toBe(3);
    // The pull after it carries the device's heartbeat, with nothing left waiting.
    expect(carried).toEqual([
      { device_id: deviceId(), pending_writes: '0', ...(appVersion() !== null && { app_version: appVersion() }) },
    ]);
  });

  it('useFloorSync pulls on mount, online, focus, visibility and a minute after the last pull; stops when unmounted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { pulls } = floorApi();
    // The next periodic pull is timed from a pull's end: each step waits for the pull to be done.
    const pulled = (count: number) =>
      eventually(() => {
        expect(pulls).toHaveLength(count);
        expect(floorSync.state.getState().busy).toBe(0);
      });
    const { unmount } = renderHook(() => useFloorSync(VENUE));
    await eventually(() => expect(pulls).toEqual(['?cursor=0']));
    act(() => setOnline(true));
    await eventually(() => expect(pulls).toHaveLength(2));
    act(() => void window.dispatchEvent(new Event('focus')));
    await eventually(() => expect(pulls).toHaveLength(3));
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await pulled(4);
    await act(() => vi.advanceTimersByTimeAsync(PULL_INTERVAL_MS));
    await pulled(5);
    expect(pulls).toEqual(['?cursor=0', '?cursor=3', '?cursor=3', '?cursor=3', '?cursor=3']);
    // A pull of another kind (here on focus) puts the periodic one off by a whole interval.
    await act(() => vi.advanceTimersByTimeAsync(PULL_INTERVAL_MS / 2));
    act(() => void window.dispatchEvent(new Event('focus')));
    await pulled(6);
    await act(() => vi.advanceTimersByTimeAsync(PULL_INTERVAL_MS / 2 + 1_000));
    expect(pulls).toHaveLength(6);
    await act(() => vi.advanceTimersByTimeAsync(PULL_INTERVAL_MS / 2));
    await pulled(7);
    unmount();
    window.dispatchEvent(new Event('focus'));
    await act(() => vi.advanceTimersByTimeAsync(2 * PULL_INTERVAL_MS));
    expect(pulls).toHaveLength(7);
  });

  it('retries a failed write on the backoff timer while a floor screen is open', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let answers = [json(503, { error: 'maintenance' })];
    const pulls: string[] = [];
    const fetchMock = mockFetch({
      'GET /api/v1/venue/1/floor/changes/': (url) => (pulls.push(url.search), json(200, changes({ cursor: 3 }))),
      'POST /api/v1/floor/writes/': (_url, init) =>
        answers.shift() ?? json(200, { results: created(init, () => ({ id: 901 })) }),
    });
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').length;
    await saveWrite(floorDb, 7, chargeWrite(VENUE, 'k-2'));
    renderHook(() => useFloorSync(VENUE));
    await eventually(() => expect(posts()).toBe(1));
    await eventually(async () => expect((await floorDb.outbox.toArray())[0]?.attempts).toBe(1));
    answers = [];
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await eventually(() => expect(posts()).toBe(2));
    await eventually(async () => expect(await floorDb.outbox.count()).toBe(0));
  });

  it('says the server is unreachable when requests get no answer although the browser is online, and when it is back', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let down = true;
    mockFetch({
      'GET /api/v1/venue/1/floor/changes/': () =>
        down ? Promise.reject(new TypeError('Failed to fetch')) : json(200, changes({ cursor: 3, reset: true })),
    });
    const { result } = renderHook(() => {
      useFloorSync(VENUE);
      return useFloorStatus(VENUE);
    });
    await eventually(() => expect(result.current).toMatchObject({ online: true, reachable: false }));
    down = false;
    // No event: the engine asks the API again on its own while it does not answer.
    await act(() => vi.advanceTimersByTimeAsync(UNREACHABLE_PROBE_MS));
    await eventually(() => expect(result.current.reachable).toBe(true));
  });

  it('asks for persistent storage in the installed app and after install; the status shows the answer', async () => {
    const persist = vi.fn(async () => true);
    const persisted = vi.fn(async () => false);
    Object.defineProperty(navigator, 'storage', { value: { persist, persisted }, configurable: true });
    let standalone = false;
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) => ({ matches: standalone && query === '(display-mode: standalone)' }) as MediaQueryList,
    );
    floorApi();
    const useFloorScreen = () => {
      useFloorSync(VENUE);
      return useFloorStatus(VENUE);
    };
    try {
      const inTab = renderHook(useFloorScreen);
      await waitFor(() => expect(inTab.result.current.persisted).toBe(false));
      expect(persist).not.toHaveBeenCalled();
      inTab.unmount();

      standalone = true;
      const installed = renderHook(useFloorScreen);
      await waitFor(() => expect(installed.result.current.persisted).toBe(true));
      expect(persist).toHaveBeenCalledTimes(1);
      window.dispatchEvent(new Event('appinstalled'));
      expect(persist).toHaveBeenCalledTimes(2);
    } finally {
      Reflect.deleteProperty(navigator, 'storage');
    }
  });
});

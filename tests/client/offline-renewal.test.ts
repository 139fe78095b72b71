import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readDeviceSession, renewSession, saveDeviceSession } from '@/lib/device-session';
import { useAppStore } from '@/lib/store';
import { json, makeUser, mockFetch, resetStore } from './helpers';
import { changes, outboxFixture, USER, VENUE } from './offline-fakes';

/** 401 while the outbox flushes: renewed without staff action, or a sign-in asked for. */

const { fx, engine, queue, queued } = outboxFixture('renewal-test');
const stable = makeUser({ id: USER, username: 'stable', roles: ['stable'], assigned_venue: 1, rider_id: null });
const HOUR = 3_600_000;

function deviceSession(expiresAt = Date.now() + HOUR) {
  saveDeviceSession({ token: 'device-1', expiresAt, user: stable, venue: null });
}

/** The fake server takes writes only with the renewed token. */
function onlyWithToken(token: string) {
  fx.server.setFault(() =>
    useAppStore.getState().token === token ? undefined : { status: 401, body: { error: 'unauthorized' } },
  );
}

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => String(input) === path).map(([, init]) => JSON.parse(String(init!.body)));

beforeEach(() => {
  localStorage.clear();
  resetStore({ token: 'expired', user: stable, floorOnly: false, signInNeeded: false });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('401 during a flush', () => {
  it('the token expired during the outage: the device credential renews it and each write is sent once, same key', async () => {
    const all = await queue(3);
    deviceSession();
    const fetchMock = mockFetch({
      'POST /api/token/refresh/': () => json(400, { error: 'token_expired', message: 'x' }),
      'POST /api/token/device/': () => json(200, { token: 'fresh' }),
    });
    onlyWithToken('fresh');
    await engine().flush();

    expect(fx.server.effects).toEqual(all);
    expect(await queued()).toEqual([]);
    // The refused first write went again with its own key; nothing twice on the server.
    const writes = fx.server.requests.filter((request) => request.method !== 'GET');
    expect(writes.map((request) => request.key)).toEqual([all[0], ...all]);
    expect(fx.server.attemptsOf(all[0]!)).toBe(2);
    expect(bodyOf(fetchMock, '/api/token/refresh/')).toEqual([{ token: 'expired' }]);
    expect(bodyOf(fetchMock, '/api/token/device/')).toEqual([
      { device_token: 'device-1', device_id: localStorage.getItem('paddock.deviceId') },
    ]);
    expect(useAppStore.getState()).toMatchObject({ token: 'fresh', user: stable, signInNeeded: false });
  });

  it('a token still within its refresh window is refreshed, no device credential needed', async () => {
    const all = await queue(2);
    const fetchMock = mockFetch({ 'POST /api/token/refresh/': () => json(200, { token: 'refreshed' }) });
    onlyWithToken('refreshed');
    await engine().flush();
    expect(fx.server.effects).toEqual(all);
    expect(bodyOf(fetchMock, '/api/token/device/')).toEqual([]);
  });

  it('the device session is over too: a sign-in is needed at once, every write is kept and sent once after it', async () => {
    const all = await queue(4);
    deviceSession(Date.now() - 1);
    const fetchMock = mockFetch({
      'POST /api/token/refresh/': () => json(400, { error: 'token_expired', message: 'x' }),
      'POST /api/token/device/': () => json(200, { token: 'never' }),
    });
    onlyWithToken('after-sign-in');
    await engine().flush();

    expect(useAppStore.getState()).toMatchObject({ signInNeeded: true, user: stable });
    expect(await queued()).toEqual(all);
    expect(fx.server.effects).toEqual([]);
    // The expired device credential was not even offered; the device session stays (the floor
    // keeps opening offline for the show's days) until the sign-in.
    expect(bodyOf(fetchMock, '/api/token/device/')).toEqual([]);
    expect(readDeviceSession()).toMatchObject({ token: 'device-1', user: { id: USER } });

    // The user signs in again.
    useAppStore.getState().setToken('after-sign-in');
    expect(useAppStore.getState().signInNeeded).toBe(false);
    await engine().flush();
    expect(fx.server.effects).toEqual(all);
    for (const key of all) expect(fx.server.effects.filter((effect) => effect === key)).toHaveLength(1);
    expect(await queued()).toEqual([]);
  });

  it('a refused device credential (user deactivated) asks for a sign-in and ends the device session', async () => {
    const all = await queue(2);
    deviceSession();
    mockFetch({
      'POST /api/token/refresh/': () => json(400, { error: 'invalid_token', message: 'x' }),
      'POST /api/token/device/': () => json(400, { error: 'invalid_token', message: 'x' }),
    });
    onlyWithToken('never');
    await engine().flush();
    expect(useAppStore.getState().signInNeeded).toBe(true);
    expect(readDeviceSession()).toBeNull();
    expect(await queued()).toEqual(all);
  });

  it('the server cannot be reached for the renewal: writes kept, retried later, no sign-in asked', async () => {
    const all = await queue(2);
    deviceSession();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    onlyWithToken('never');
    await engine().flush();
    expect(useAppStore.getState().signInNeeded).toBe(false);
    expect(await queued()).toEqual(all);
    expect(readDeviceSession()).not.toBeNull();
  });

  it('a credential the server refuses as expired is kept for the offline days but never offered again', async () => {
    const all = await queue(1);
    deviceSession();
    const fetchMock = mockFetch({
      'POST /api/token/refresh/': () => json(400, { error: 'token_expired', message: 'x' }),
      'POST /api/token/device/': () => json(400, { error: 'token_expired', message: 'x' }),
    });
    onlyWithToken('never');
    await engine().flush();
    expect(useAppStore.getState().signInNeeded).toBe(true);
    expect(readDeviceSession()).toMatchObject({ token: 'device-1', refused: true });
    expect(await queued()).toEqual(all);
    useAppStore.setState({ signInNeeded: false });
    await engine().flush();
    // The second round refreshed (refused again) but did not offer the refused credential.
    expect(bodyOf(fetchMock, '/api/token/device/')).toHaveLength(1);
    expect(useAppStore.getState().signInNeeded).toBe(true);
  });

  it('a pull refused with 401 renews the session and pulls again', async () => {
    deviceSession();
    mockFetch({
      'POST /api/token/refresh/': () => json(400, { error: 'token_expired', message: 'x' }),
      'POST /api/token/device/': () => json(200, { token: 'fresh' }),
    });
    fx.server.answerPull({ status: 401, body: { error: 'unauthorized' } }, changes());
    await engine().pull(VENUE);
    expect(fx.server.pullPaths()).toHaveLength(2);
    expect(useAppStore.getState().token).toBe('fresh');
    expect(await fx.db.sync.get(VENUE)).toBeDefined();
  });

  it('a renewal refused after the user signed in again leaves the new session alone', async () => {
    let answer: ((response: Response) => void) | undefined;
    mockFetch({ 'POST /api/token/refresh/': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const renewal = renewSession();
    // The staff signs in while the old token's renewal is under way.
    await vi.waitFor(() => expect(answer).not.toBe(undefined), { timeout: 30_000 });
    useAppStore.getState().setToken('signed-in-again');
    answer!(json(400, { error: 'token_expired', message: 'x' }));
    expect(await renewal).toBe('signInNeeded');
    expect(useAppStore.getState()).toMatchObject({ token: 'signed-in-again', signInNeeded: false });
  });
});

describe('a session that comes back', () => {
  it('sends the queue when someone signs in, never while a sign-in is still needed', async () => {
    const { floorSync } = await import('@/offline/sync');
    resetStore({ token: 'expired', user: stable, signInNeeded: true });
    const flush = vi.spyOn(floorSync, 'flush').mockResolvedValue();
    // While the prompt shows, the store keeps changing: the refusal is said again, a banner appears.
    useAppStore.getState().setSignInNeeded(true);
    useAppStore.getState().setUpdateAvailable(true);
    expect(flush).not.toHaveBeenCalled();

    useAppStore.getState().setToken('signed-in');
    expect(flush).toHaveBeenCalledTimes(1);
    expect(flush).toHaveBeenCalledWith({ ignoreBackoff: true });
  });
});

import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FLOOR_OFFLINE_GRACE_MS,
  credentialUsable,
  noteIssuedCredential,
  otherCredential,
  readDeviceSession,
  restoreDeviceSession,
  saveDeviceSession,
  sessionForOtherUser,
  startDeviceSession,
  Unreachable,
} from '@/lib/device-session';
import { sendHeartbeat } from '@/offline/device';
import { saveWrite } from '@/offline/outbox';
import { useAppStore } from '@/lib/store';
import { json, makeUser, mockFetch, resetStore } from './helpers';
import { chargeWrite, outboxFixture, USER, VENUE } from './offline-fakes';

/**
 * The queue belongs to the device, not to whoever is signed in: a colleague signs in after
 * the previous person's session ran out, and that person's writes still go, as theirs, once.
 */

const { fx, engine, queued } = outboxFixture('device-queue');
const HOUR = 3_600_000;
const ANNA = 41;
const anna = makeUser({
  id: ANNA,
  username: 'anna',
  first_name: 'Anna',
  last_name: 'Stall',
  roles: ['stable'],
  assigned_venue: 1,
  rider_id: null,
});
const ben = makeUser({
  id: USER,
  username: 'ben',
  first_name: 'Ben',
  last_name: 'Box',
  roles: ['stable'],
  assigned_venue: 1,
  rider_id: null,
});

async function queueOf(user: number, keys: string[], name?: string) {
  for (const key of keys) await saveWrite(fx.db, user, chargeWrite(VENUE, key), name);
}

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => String(input) === path).map(([, init]) => JSON.parse(String(init!.body)));

beforeEach(() => {
  localStorage.clear();
  resetStore({ token: 'ben-session', user: ben });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the writes of an earlier user of the device', () => {
  it('go with that person’s device session, in order, each once, and the kept credential is then forgotten', async () => {
    await queueOf(ANNA, ['a-1', 'a-2', 'a-3'], 'Anna Stall');
    await queueOf(USER, ['b-1']);
    const otherSession = vi.fn(async (user: number) => (user === ANNA ? 'anna-session' : null));
    const forgetOther = vi.fn();
    await engine({ otherSession, forgetOther }).flush();

    expect(fx.server.effects).toEqual(['b-1', 'a-1', 'a-2', 'a-3']);
    const writes = fx.server.requests.filter((request) => request.method !== 'GET');
    // Anna's as Anna's (her session's token), Ben's with the signed-in session.
    expect(writes.map((request) => [request.key, request.token])).toEqual([
      ['b-1', undefined],
      ['a-1', 'anna-session'],
      ['a-2', 'anna-session'],
      ['a-3', 'anna-session'],
    ]);
    expect(otherSession).toHaveBeenCalledWith(ANNA);
    expect(forgetOther).toHaveBeenCalledWith(ANNA);
    expect(await queued()).toEqual([]);
  });

  it('an answer lost on the way: sent again with the same key and lands once', async () => {
    await queueOf(ANNA, ['a-1', 'a-2']);
    let lost = false;
    fx.server.setFault((request) => {
      if (request.key !== 'a-1' || lost) return undefined;
      lost = true;
      return 'lost-answer';
    });
    const sync = engine({ otherSession: async () => 'anna-session', forgetOther: () => undefined });
    await sync.flush();
    await sync.flush({ ignoreBackoff: true });
    expect(fx.server.effects).toEqual(['a-1', 'a-2']);
    expect(fx.server.replayed).toEqual(['a-1']);
    expect(await queued()).toEqual([]);
  });

  it('without a usable credential they wait (for that person to sign in); the signed-in user’s go', async () => {
    await queueOf(ANNA, ['a-1']);
    await queueOf(USER, ['b-1']);
    await engine({ otherSession: async () => null }).flush();
    expect(fx.server.effects).toEqual(['b-1']);
    expect(await queued()).toEqual(['a-1']);

    // Anna signs in on the device again: hers go with her own session.
    await engine({ user: () => ANNA, otherSession: async () => null }).flush();
    expect(fx.server.effects).toEqual(['b-1', 'a-1']);
  });

  it('the exchange gets no answer: the writes stay, the server is said to be unreachable', async () => {
    await queueOf(ANNA, ['a-1']);
    const sync = engine({
      otherSession: async () => {
        throw new Unreachable();
      },
    });
    await sync.flush();
    expect(await queued()).toEqual(['a-1']);
    expect(sync.state.getState().reachable).toBe(false);
  });

  it('the heartbeat reports every user’s writes waiting on the device', async () => {
    await queueOf(ANNA, ['a-1', 'a-2']);
    await queueOf(USER, ['b-1']);
    const bodies: unknown[] = [];
    await sendHeartbeat(async (request) => {
      bodies.push(request.body);
      return { status: 200, body: { registered: false, device: null, venue_devices: 0 } };
    }, fx.db);
    expect(bodies).toEqual([expect.objectContaining({ pending_writes: 3 })]);
  });

  it('a session that ended meanwhile (401) is exchanged once more and the write sent again, once', async () => {
    await queueOf(ANNA, ['a-1']);
    const tokens = ['stale', 'fresh'];
    fx.server.setFault((request) =>
      request.token === 'stale' ? { status: 401, body: { error: 'unauthorized' } } : undefined,
    );
    await engine({ otherSession: async () => tokens.shift() ?? null, forgetOther: () => undefined }).flush();
    expect(fx.server.effects).toEqual(['a-1']);
    expect(fx.server.requests.filter((r) => r.method !== 'GET').map((r) => r.token)).toEqual(['stale', 'fresh']);
  });
});

describe('device credentials on a shared tablet', () => {
  it('a colleague signing in keeps the previous person’s credential; the exchange names this device', async () => {
    saveDeviceSession({ token: 'anna-credential', expiresAt: Date.now() + HOUR, user: anna, venue: null });
    noteIssuedCredential({
      token: 'ben-session',
      device_token: 'ben-credential',
      device_expires_at: new Date(Date.now() + HOUR).toISOString(),
    });
    startDeviceSession('ben-session', ben, null);
    expect(readDeviceSession()).toMatchObject({ token: 'ben-credential', user: { id: USER } });
    expect(otherCredential(ANNA)).toBe('anna-credential');

    const fetchMock = mockFetch({ 'POST /api/token/device/': () => json(200, { token: 'anna-session' }) });
    expect(await sessionForOtherUser(ANNA)).toBe('anna-session');
    expect(bodyOf(fetchMock, '/api/token/device/')).toEqual([
      { device_token: 'anna-credential', device_id: localStorage.getItem('paddock.deviceId') },
    ]);
  });

  it('a kept credential lasts only while its user has writes queued on the device', async () => {
    const later = Date.now() + HOUR;
    localStorage.setItem(
      'paddock.floorDevice.others',
      JSON.stringify({ [ANNA]: { token: 'anna-credential', expiresAt: later }, 55: { token: 'x', expiresAt: later } }),
    );
    await queueOf(ANNA, ['a-1']);
    await engine({ otherSession: async () => null }).flush();
    expect(otherCredential(ANNA)).toBe('anna-credential');
    expect(otherCredential(55)).toBeNull();
    expect(Object.keys(JSON.parse(localStorage.getItem('paddock.floorDevice.others')!) as object)).toEqual([
      String(ANNA),
    ]);
  });

  it('a refused credential is forgotten: the writes then wait for that person', async () => {
    saveDeviceSession({ token: 'anna-credential', expiresAt: Date.now() + HOUR, user: anna, venue: null });
    startDeviceSession('ben-session', ben, null);
    mockFetch({ 'POST /api/token/device/': () => json(400, { error: 'invalid_token', message: 'x' }) });
    expect(await sessionForOtherUser(ANNA)).toBeNull();
    expect(otherCredential(ANNA)).toBeNull();
  });

  it('an expired credential is not kept for others, and the person signing in again drops theirs', () => {
    saveDeviceSession({ token: 'anna-credential', expiresAt: Date.now() - 1, user: anna, venue: null });
    startDeviceSession('ben-session', ben, null);
    expect(otherCredential(ANNA)).toBeNull();

    saveDeviceSession({ token: 'anna-credential', expiresAt: Date.now() + HOUR, user: anna, venue: null });
    startDeviceSession('ben-session', ben, null);
    expect(otherCredential(ANNA)).toBe('anna-credential');
    startDeviceSession('anna-session', anna, null);
    expect(otherCredential(ANNA)).toBeNull();
  });
});

describe('the floor after the device session ended', () => {
  it('still opens offline for the show’s days (its credential no longer usable), and not after', () => {
    const ended = Date.now() - 2 * 24 * HOUR;
    saveDeviceSession({ token: 'anna-credential', expiresAt: ended, user: anna, venue: null });
    resetStore({ token: null, user: null });
    expect(restoreDeviceSession()).toMatchObject({ id: ANNA });
    expect(useAppStore.getState()).toMatchObject({ floorOnly: true, user: { id: ANNA } });
    const session = readDeviceSession()!;
    expect(credentialUsable(session)).toBe(false);
    expect(otherCredential(ANNA)).toBeNull();

    expect(readDeviceSession(ended + FLOOR_OFFLINE_GRACE_MS + 1)).toBeNull();
    expect(localStorage.getItem('paddock.floorDevice')).toBeNull();
  });
});

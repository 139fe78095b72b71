import { useEffect } from 'react';
import { createStore } from 'zustand/vanilla';
import {
  forgetOtherCredential,
  pruneOtherCredentials,
  renewSession,
  sessionForOtherUser,
  Unreachable,
  type Renewal,
} from '@/lib/device-session';
import { useAppStore } from '@/lib/store';
import { floorDb, type FloorDb } from './db';
import { coalesce } from '@shared/coalesce';
import type { DeviceHeartbeat } from '@shared/schemas/devices';
import {
  appVersion,
  applyHeartbeat,
  createHeartbeat,
  markRevoked,
  parseDeviceAnswer,
  pendingOnDevice,
  sendHeartbeat,
} from './device';
import { deviceId } from './device-id';
import { BACKOFF_MAX_MS, flushOutbox, onEnqueue, type FlushResult } from './outbox';
import { watchPersistence } from './persist';
import { pullChanges, type PullHeartbeat } from './pull';
import { fetchTransport, type Transport } from './transport';

/**
 * The sync engine: one flusher across tabs (Web Locks), pulls per venue, and the in-memory
 * state the status shows. Everything durable is in the database; a new engine over the same
 * database (a reloaded tab) carries on where the old one stopped.
 */

const OUTBOX_LOCK = 'paddock-outbox';
/**
 * A watched venue is pulled this long after its last pull of any kind (after a flush, on focus,
 * coming online), not on a fixed clock: a tablet that charges often pulls after its flushes
 * anyway, and a periodic pull right after one would fetch nothing new but cost the server a pull.
 */
export const PULL_INTERVAL_MS = 60_000;
/**
 * A flush pulls the venues it sent writes of, unless one was pulled this recently: a tablet that
 * charges every few seconds then pulls every PULL_AFTER_FLUSH_GAP_MS, not after every charge (the
 * written rows are shown as saved at once; the server's rows come with the next pull).
 */
export const PULL_AFTER_FLUSH_GAP_MS = 15_000;
/** While the API does not answer (wifi up, server down), it is asked this often: the badge turns back soon. */
export const UNREACHABLE_PROBE_MS = 10_000;

export type WithLock = <T>(name: string, task: () => Promise<T>) => Promise<T>;

const tabLocks = new Map<string, Promise<unknown>>();

/** Web Locks across tabs; an in-tab mutex where the browser (or jsdom) has none. */
const webLock: WithLock = async (name, task) => {
  if (typeof navigator !== 'undefined' && navigator.locks) return await navigator.locks.request(name, task);
  const run = (tabLocks.get(name) ?? Promise.resolve()).then(task);
  tabLocks.set(
    name,
    run.catch(() => undefined),
  );
  return await run;
};

export interface EngineState {
  /** Pulls and flush rounds under way. */
  busy: number;
  /** The server speaks a newer sync protocol (426): nothing more until a reload. */
  outdated: boolean;
  /**
   * Did the last request reach the API (true), fail without an answer or with a gateway's
   * 502/503/504 (false), or has none been made yet (null)? The browser's online flag only
   * knows about the local network; this is what the server actually answered.
   */
  reachable: boolean | null;
}

export interface EngineOptions {
  db?: FloorDb;
  transport?: Transport;
  /** The signed-in user's id: only their writes are sent. */
  user?: () => number | null;
  lock?: WithLock;
  now?: () => number;
  random?: () => number;
  onOutdated?: () => void;
  /**
   * The server refused the session (401): renew it without staff action (refresh, else the
   * floor-device credential). On `signInNeeded` the store asks for a sign-in; the writes stay.
   */
  renew?: () => Promise<Renewal>;
  /** A renewed session was refused again: a sign-in is needed. */
  onSignInNeeded?: () => void;
  /**
   * Tells the server this device is alive, after each flush round and pull; the
   * app's engine sends the device heartbeat (throttled), tests leave it out.
   */
  heartbeat?: () => void;
  /**
   * This device, whose heartbeat each batch of the signed-in user's writes carries (the app's
   * engine; tests leave it out), and what to do with a batch's answer to it (then the flush
   * round sends no heartbeat of its own).
   */
  device?: () => { id: string; appVersion: string | null };
  onReported?: (answer: DeviceHeartbeat | null) => void;
  /** A write was refused because this device is revoked: the floor screens say so. */
  onRevoked?: () => void;
  /**
   * A session token for another user of this device whose writes wait (their device
   * credential, exchanged); null when there is none. Throws Unreachable when offline.
   */
  otherSession?: (user: number) => Promise<string | null>;
  /** That user's writes are all sent: their kept credential is no longer needed. */
  forgetOther?: (user: number) => void;
  /** Kept credentials of users with nothing queued go (see pruneOtherCredentials). */
  pruneOthers?: (queuedUsers: ReadonlySet<number>) => void;
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function createFloorSync(options: EngineOptions = {}) {
  const {
    db = floorDb,
    transport: baseTransport = fetchTransport,
    user = () => useAppStore.getState().user?.id ?? null,
    lock = webLock,
    now = () => Date.now(),
    random = () => Math.random(),
    onOutdated = () => useAppStore.getState().setUpdateAvailable(true),
    renew = renewSession,
    onSignInNeeded = () => useAppStore.getState().setSignInNeeded(true),
    heartbeat = () => undefined,
    device,
    onReported = () => undefined,
    onRevoked = markRevoked,
    otherSession = sessionForOtherUser,
    forgetOther = forgetOtherCredential,
    pruneOthers = pruneOtherCredentials,
  } = options;
  const state = createStore<EngineState>(() => ({ busy: 0, outdated: false, reachable: null }));
  const reached = (reachable: boolean) => {
    if (state.getState().reachable !== reachable) state.setState({ reachable });
  };
  const GATEWAY_DOWN = new Set([502, 503, 504]);
  const transport: Transport = async (request) => {
    try {
      const response = await baseTransport(request);
      reached(!GATEWAY_DOWN.has(response.status));
      return response;
    } catch (error) {
      reached(false);
      throw error;
    }
  };
  const busy = (delta: number) => state.setState((s) => ({ busy: s.busy + delta }));
  const outdated = () => {
    state.setState({ outdated: true });
    onOutdated();
  };
  let watchers = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let ignoreBackoff = false;

  const scheduleRetry = (at: number) => {
    clearTimeout(retryTimer);
    if (watchers > 0) retryTimer = setTimeout(() => void flush(), Math.max(0, at - now()));
  };

  /** Session tokens of other users of this device (from their device credentials), in memory. */
  const otherTokens = new Map<number, string>();

  /**
   * The queued writes of another user of this device (the previous person's session ran out,
   * someone else signed in): sent as theirs with a session from their device credential, each
   * with its own key, so each lands once. Without a usable credential they wait for that
   * person to sign in (the status says so).
   */
  const flushOther = async (other: number, force: boolean): Promise<FlushResult | null> => {
    const tokenOf = async (): Promise<string | null> => {
      const known = otherTokens.get(other);
      if (known) return known;
      try {
        const token = await otherSession(other);
        if (token) otherTokens.set(other, token);
        else reached(true);
        return token;
      } catch (error) {
        if (error instanceof Unreachable) {
          reached(false);
          unreachable = true;
          return null;
        }
        throw error;
      }
    };
    let unreachable = false;
    const sendAs = (token: string) =>
      lock(OUTBOX_LOCK, () => flushOutbox({ db, transport, user: other, token, now, random, ignoreBackoff: force }));
    let token = await tokenOf();
    // The exchange got no answer: try again later, like a write that got none.
    if (!token && unreachable) return { sent: new Set(), stop: 'retry', retryAt: now() + BACKOFF_MAX_MS };
    if (!token) return null;
    let result = await sendAs(token);
    if (result.stop === 'unauthorized') {
      // The exchanged session ended meanwhile: one more from the credential.
      otherTokens.delete(other);
      token = await tokenOf();
      if (!token) return result;
      const again = await sendAs(token);
      result = { ...again, sent: new Set([...result.sent, ...again.sent]) };
    }
    if (result.stop === 'done') {
      otherTokens.delete(other);
      forgetOther(other);
    }
    return result;
  };

  const flushRound = async () => {
    const userId = user();
    const force = ignoreBackoff;
    ignoreBackoff = false;
    if (state.getState().outdated || isOffline()) return;
    // Every user's queue on this device: nothing waits unseen because someone else signed in.
    const users = (await db.outbox.orderBy('user').uniqueKeys()) as number[];
    pruneOthers(new Set(users));
    if (users.length === 0) return;
    busy(1);
    try {
      const sent = new Set<number>();
      const retries: number[] = [];
      let revoked = false;
      let reported: DeviceHeartbeat | null | undefined;
      const note = (result: FlushResult) => {
        for (const venue of result.sent) sent.add(venue);
        if (result.revoked) revoked = true;
        if (result.stop === 'outdated') outdated();
        if (result.retryAt !== undefined) retries.push(result.retryAt);
        if (result.device !== undefined) reported = result.device;
      };
      if (userId !== null && users.includes(userId)) {
        const send = () =>
          lock(OUTBOX_LOCK, () =>
            flushOutbox({
              db,
              transport,
              user: userId,
              now,
              random,
              ignoreBackoff: force,
              ...(device && { device: device() }),
            }),
          );
        let result = await send();
        for (const venue of result.sent) sent.add(venue);
        if (result.revoked) revoked = true;
        if (result.device !== undefined) reported = result.device;
        if (result.stop === 'unauthorized') result = await afterUnauthorized(userId, send, sent);
        note(result);
      }
      for (const other of users) {
        if (other === userId || state.getState().outdated) continue;
        const result = await flushOther(other, force);
        if (result) note(result);
      }
      if (revoked) onRevoked();
      if (retries.length) scheduleRetry(Math.min(...retries));
      if (reported !== undefined) onReported(reported);
      else heartbeat();
      // The server's rows replace the pending ones.
      const stale = [...sent].filter(
        (venue) => now() - (lastPulled.get(venue) ?? -Infinity) >= PULL_AFTER_FLUSH_GAP_MS,
      );
      await Promise.all(stale.map((venue) => pull(venue)));
    } catch (error) {
      console.warn('Floor outbox: flush failed', error);
    } finally {
      busy(-1);
    }
  };
  /**
   * 401 keeps every write: the session is renewed and the same items are sent again, with the
   * same Idempotency-Keys (the refused request changed nothing on the server).
   */
  const afterUnauthorized = async (
    userId: number,
    send: () => Promise<FlushResult>,
    sent: Set<number>,
  ): Promise<FlushResult> => {
    const outcome = await renew();
    if (outcome === 'unreachable') return { sent, stop: 'retry', retryAt: now() + BACKOFF_MAX_MS };
    // A sign-in is needed (the store says so), or someone else signed in meanwhile.
    if (outcome !== 'renewed' || user() !== userId) return { sent, stop: 'unauthorized' };
    const again = await send();
    for (const venue of again.sent) sent.add(venue);
    if (again.stop === 'unauthorized') onSignInNeeded();
    return again;
  };
  const flushRuns = coalesce(flushRound);

  /** Sends the queue; `ignoreBackoff` when the network just came back. */
  function flush(options: { ignoreBackoff?: boolean } = {}): Promise<void> {
    if (options.ignoreBackoff) ignoreBackoff = true;
    return flushRuns();
  }

  const pulls = new Map<number, () => Promise<void>>();
  /** When each venue was last pulled (a pull that got its answer). */
  const lastPulled = new Map<number, number>();
  /** Floor screens open per venue, and each watched venue's next periodic pull. */
  const watching = new Map<number, number>();
  const periodic = new Map<number, ReturnType<typeof setTimeout>>();
  /** The next periodic pull of a watched venue: PULL_INTERVAL_MS from now (the last pull's end). */
  function pullLater(venue: number): void {
    clearTimeout(periodic.get(venue));
    periodic.delete(venue);
    if (!watching.get(venue)) return;
    periodic.set(
      venue,
      setTimeout(() => void pull(venue), PULL_INTERVAL_MS),
    );
  }
  async function pullOnce(venue: number): Promise<void> {
    if (state.getState().outdated || isOffline()) return;
    busy(1);
    try {
      let told = false;
      // The device's heartbeat rides with the pull: it needs no request of its own.
      const carried = async (): Promise<PullHeartbeat | undefined> => {
        const self = device?.();
        if (!self) return undefined;
        const pending = await pendingOnDevice(db);
        const tell = (raw: string) => {
          const answer = parseDeviceAnswer(raw);
          if (answer === undefined) return;
          told = true;
          onReported(answer);
        };
        return { deviceId: self.id, appVersion: self.appVersion, pending, told: tell };
      };
      let result = await pullChanges(db, transport, venue, now(), await carried());
      // An expired session (a reopened floor device, a long outage) is renewed, then pulled again.
      if (result === 'unauthorized' && (await renew()) === 'renewed') {
        result = await pullChanges(db, transport, venue, now(), await carried());
      }
      if (result === 'ok') lastPulled.set(venue, now());
      if (result === 'outdated') outdated();
      else if (!told) heartbeat();
    } catch (error) {
      console.warn('Floor sync: pull failed', error);
    } finally {
      busy(-1);
    }
  }

  function pull(venue: number): Promise<void> {
    let run = pulls.get(venue);
    if (!run) {
      run = coalesce(async () => {
        // Whatever this pull's outcome (offline, outdated, failed), the next one comes an interval after it.
        try {
          await pullOnce(venue);
        } finally {
          pullLater(venue);
        }
      });
      pulls.set(venue, run);
    }
    return run();
  }

  /** While a floor screen of `venue` is open: pull and flush on every occasion. */
  function watch(venue: number): () => void {
    watchers += 1;
    const wake = () => {
      void pull(venue);
      void flush();
    };
    const online = () => {
      void flush({ ignoreBackoff: true });
      void pull(venue);
    };
    const visible = () => {
      if (document.visibilityState === 'visible') wake();
    };
    window.addEventListener('online', online);
    window.addEventListener('focus', wake);
    document.addEventListener('visibilitychange', visible);
    watching.set(venue, (watching.get(venue) ?? 0) + 1);
    const probe = setInterval(() => {
      if (state.getState().reachable === false) wake();
    }, UNREACHABLE_PROBE_MS);
    wake();
    return () => {
      watchers -= 1;
      window.removeEventListener('online', online);
      window.removeEventListener('focus', wake);
      document.removeEventListener('visibilitychange', visible);
      const left = (watching.get(venue) ?? 1) - 1;
      if (left > 0) watching.set(venue, left);
      else {
        watching.delete(venue);
        pullLater(venue); // no screen of the venue open: its periodic pull stops
      }
      clearInterval(probe);
      if (watchers === 0) clearTimeout(retryTimer);
    };
  }

  return { state, flush, pull, watch };
}

/** This tab's engine over the app's database and the real server. */
const heartbeat = createHeartbeat(() => sendHeartbeat(fetchTransport));
export const floorSync = createFloorSync({
  heartbeat,
  device: () => ({ id: deviceId(), appVersion: appVersion() }),
  onReported: (answer) => {
    heartbeat.told();
    applyHeartbeat(answer);
  },
});

// Every write wakes the flusher, also when no floor screen watches.
onEnqueue(() => void floorSync.flush());

// A session that starts or comes back (sign-in, renewal) sends what waited for it. Only then:
// while a sign-in is needed the store still holds the refused token, and a flush on every other
// change of the store would be refused, mark the sign-in as needed again (a change too) and so
// send the queue to the server in a loop, tens of times a second, until someone signs in.
useAppStore.subscribe((state, previous) => {
  const usable = state.token !== null && !state.signInNeeded;
  if (usable && (previous.token === null || previous.signInNeeded)) void floorSync.flush({ ignoreBackoff: true });
});

export const pullNow = (venue: number): Promise<void> => floorSync.pull(venue);
export const flushNow = (): Promise<void> => floorSync.flush();

/** Keeps the venue's floor data fresh and the outbox moving while the calling screen is mounted. */
export function useFloorSync(venue: number | null): void {
  useEffect(() => {
    if (venue === null) return;
    const stopSync = floorSync.watch(venue);
    const stopPersistence = watchPersistence();
    return () => {
      stopSync();
      stopPersistence();
    };
  }, [venue]);
}

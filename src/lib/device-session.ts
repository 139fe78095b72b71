import { isLanguage } from '@shared/constants';
import type { CurrentUser } from '@shared/schemas/auth';
import { floorDeviceAllowed } from '@shared/floor-device';
import type { LoginResponse } from '@shared/schemas/device-session';
import type { VenueSummary } from '@shared/schemas/venue';
import { deviceId } from '@/offline/device-id';
import { useAppStore } from './store';

/**
 * The floor-device session. The spec's session store lives in sessionStorage
 * (spec §9) and is gone after a relaunch or in a new tab; a device signed in with a floor role
 * also keeps its device credential, user and venue here, in localStorage, until logout or its
 * expiry (FLOOR_DEVICE_SESSION_HOURS). Offline it reopens the floor screens from it; online the
 * credential is exchanged for a session token (POST /api/token/device/).
 */

export interface FloorDeviceSession {
  /** The device credential: only POST /api/token/device/ accepts it. */
  token: string;
  /** Epoch ms after which the session is over, offline too. */
  expiresAt: number;
  user: CurrentUser;
  venue: VenueSummary | null;
  /** The server refused the credential as expired: it is not offered again; a sign-in renews it. */
  refused?: true;
}

const DEVICE_KEY = 'paddock.floorDevice';
/** The credentials of earlier floor users of this device whose writes still wait (by user id). */
const OTHERS_KEY = 'paddock.floorDevice.others';

/**
 * A show runs over several days and its ground's network comes and goes: a device that was
 * signed in keeps opening its floor screens offline for this long after its credential ended.
 * Online, the server decides (an ended credential means a sign-in, and the writes wait for it).
 */
export const FLOOR_OFFLINE_GRACE_MS = 7 * 24 * 3_600_000;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isSession(value: unknown): value is FloorDeviceSession {
  if (typeof value !== 'object' || value === null) return false;
  const { token, expiresAt, user } = value as Partial<FloorDeviceSession>;
  return (
    typeof token === 'string' &&
    typeof expiresAt === 'number' &&
    typeof user === 'object' &&
    user !== null &&
    typeof user.id === 'number' &&
    Array.isArray(user.roles) &&
    isLanguage(user.language)
  );
}

/**
 * The stored floor-device session while the floor may open from it: until its credential ends
 * and FLOOR_OFFLINE_GRACE_MS after (then `credentialUsable` is false); later or broken, it is deleted.
 */
export function readDeviceSession(now = Date.now()): FloorDeviceSession | null {
  const store = storage();
  const text = store?.getItem(DEVICE_KEY);
  if (!store || !text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (isSession(value) && value.expiresAt + FLOOR_OFFLINE_GRACE_MS > now) return value;
  } catch {
    // Unreadable: as good as none.
  }
  store.removeItem(DEVICE_KEY);
  return null;
}

/** Can the credential still be exchanged for a session (not ended, not refused)? */
export const credentialUsable = (session: Pick<FloorDeviceSession, 'expiresAt' | 'refused'>, now = Date.now()) =>
  session.refused !== true && session.expiresAt > now;

export function saveDeviceSession(session: FloorDeviceSession): void {
  try {
    storage()?.setItem(DEVICE_KEY, JSON.stringify(session));
  } catch {
    // Storage full or unavailable: the device simply has no floor-device session.
  }
}

/** Keeps the stored user and venue as fresh as the session's (a renamed venue, a new language). */
export function updateDeviceSession(patch: Partial<Pick<FloorDeviceSession, 'user' | 'venue'>>): void {
  const session = readDeviceSession();
  if (session && (!patch.user || patch.user.id === session.user.id)) saveDeviceSession({ ...session, ...patch });
}

/** Logout, a new sign-in of someone else, a refused credential: the device session ends. */
export function clearDeviceSession(): void {
  try {
    storage()?.removeItem(DEVICE_KEY);
  } catch {
    // Nothing stored.
  }
}

// ---- issued at sign-in --------------------------------------------------------------------

/** The credential of the last sign-in answer, by its session token, until the session starts. */
let issued: { sessionToken: string; token: string; expiresAt: number } | null = null;

/** The login answer's device credential (floor staff only) waits for the user to be loaded. */
export function noteIssuedCredential(answer: LoginResponse): void {
  const expiresAt = answer.device_expires_at ? Date.parse(answer.device_expires_at) : NaN;
  issued =
    answer.device_token && Number.isFinite(expiresAt)
      ? { sessionToken: answer.token, token: answer.device_token, expiresAt }
      : null;
}

/**
 * A session started with `sessionToken` for `user`: a floor user signed in with their password
 * keeps the device credential issued with it; any other sign-in ends the device session.
 */
export function startDeviceSession(sessionToken: string, user: CurrentUser, venue: VenueSummary | null): void {
  const credential = issued?.sessionToken === sessionToken ? issued : null;
  issued = null;
  // The previous floor user of this device may have writes waiting: their credential stays,
  // so that the device sends them as that person (see otherCredential).
  const previous = readDeviceSession();
  if (previous && previous.user.id !== user.id && credentialUsable(previous)) {
    keepOtherCredential(previous.user.id, { token: previous.token, expiresAt: previous.expiresAt });
  }
  forgetOtherCredential(user.id);
  if (credential && floorDeviceAllowed(user.roles, user.assigned_venue)) {
    saveDeviceSession({ token: credential.token, expiresAt: credential.expiresAt, user, venue });
  } else {
    clearDeviceSession();
  }
}

// ---- the credentials of earlier users of this device ---------------------------------------

interface OtherCredential {
  token: string;
  expiresAt: number;
}

function readOthers(): Record<string, OtherCredential> {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(OTHERS_KEY) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Record<string, OtherCredential>) : {};
  } catch {
    return {};
  }
}

function writeOthers(others: Record<string, OtherCredential>): void {
  try {
    if (Object.keys(others).length === 0) storage()?.removeItem(OTHERS_KEY);
    else storage()?.setItem(OTHERS_KEY, JSON.stringify(others));
  } catch {
    // Storage full or unavailable: those writes wait for their person to sign in again.
  }
}

function keepOtherCredential(userId: number, credential: OtherCredential): void {
  writeOthers({ ...readOthers(), [userId]: credential });
}

/**
 * A kept credential is only for sending its user's queued writes: those of users with nothing
 * queued any more (or ended) go, so that no one's credential lingers on a shared tablet.
 */
export function pruneOtherCredentials(queuedUsers: ReadonlySet<number>, now = Date.now()): void {
  const others = readOthers();
  const kept = Object.fromEntries(
    Object.entries(others).filter(([id, credential]) => queuedUsers.has(Number(id)) && credential.expiresAt > now),
  );
  if (Object.keys(kept).length !== Object.keys(others).length) writeOthers(kept);
}

/** The user's writes are all sent (or the user signed in again): their kept credential goes. */
export function forgetOtherCredential(userId: number): void {
  const others = readOthers();
  if (!(userId in others)) return;
  delete others[userId];
  writeOthers(others);
}

/**
 * A usable device credential of `userId` on this device other than the signed-in session:
 * the current device session's (a restored, token-less session) or one kept from an earlier user.
 */
export function otherCredential(userId: number, now = Date.now()): string | null {
  const current = readDeviceSession(now);
  if (current?.user.id === userId && credentialUsable(current, now)) return current.token;
  const kept = readOthers()[userId];
  if (kept && typeof kept.token === 'string' && kept.expiresAt > now) return kept.token;
  return null;
}

/**
 * A session token for an earlier user of this device from their device credential, so that
 * their queued writes go as theirs (the server keeps idempotency keys per user: each write
 * still lands once). null when there is none or it was refused (the writes then wait for that
 * person to sign in); throws when the server cannot be reached.
 */
export async function sessionForOtherUser(userId: number): Promise<string | null> {
  const credential = otherCredential(userId);
  if (!credential) return null;
  const answer = await tokenFrom('/api/token/device/', { device_token: credential, device_id: deviceId() });
  if (answer === null) forgetOtherCredential(userId);
  return answer;
}

// ---- restoring and renewing -----------------------------------------------------------------

/**
 * A relaunch or a new tab (empty session store): the floor device's user and venue come back
 * from the stored session, floor screens only, without asking the server. Returns the user.
 */
export function restoreDeviceSession(): CurrentUser | null {
  const state = useAppStore.getState();
  if (state.user) return state.user;
  const session = readDeviceSession();
  if (!session) return null;
  state.restoreFloorDevice(session.user, session.venue);
  return session.user;
}

/** renewed: a fresh token; signInNeeded: refused, a sign-in is needed; unreachable: try again later. */
export type Renewal = 'renewed' | 'signInNeeded' | 'unreachable';

export class Unreachable extends Error {}

/**
 * Told when the server refuses this device as revoked — the token exchange, a sign-in, any
 * request of its session (set by src/offline/device.ts, which signs the tablet out).
 */
let onDeviceRevoked: (() => void) | null = null;
export function onDeviceRevokedRefusal(listener: () => void): void {
  onDeviceRevoked = listener;
}

/** The server answered 403 `device_revoked`: this tablet was revoked by the show office. */
export function reportDeviceRevoked(): void {
  if (onDeviceRevoked) onDeviceRevoked();
  // Refused before any floor screen loaded the device module: load it to sign the tablet out.
  else void import('@/offline/device').then((device) => device.markRevoked());
}

/** The error code of the last refusal of tokenFrom. */
let lastRefusal: string | null = null;

/** A token from an auth endpoint, null when refused (4xx); throws Unreachable otherwise. */
async function tokenFrom(path: string, body: object): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new Unreachable();
  }
  if (response.status >= 500 || response.status === 408 || response.status === 429) throw new Unreachable();
  if (!response.ok) {
    const refusal = (await response.json().catch(() => null)) as { error?: unknown } | null;
    lastRefusal = typeof refusal?.error === 'string' ? refusal.error : null;
    // A revoked device: the floor screens say so.
    if (response.status === 403 && lastRefusal === 'device_revoked') reportDeviceRevoked();
    return null;
  }
  const answer = (await response.json().catch(() => null)) as { token?: unknown } | null;
  return typeof answer?.token === 'string' ? answer.token : null;
}

async function attemptRenewal(): Promise<Renewal> {
  const { token, user } = useAppStore.getState();
  if (!user) return 'signInNeeded';
  try {
    // A token still within its refresh window is simply refreshed.
    const refreshed = token ? await tokenFrom('/api/token/refresh/', { token }) : null;
    if (refreshed) return renewed(refreshed, token);
    // Expired during the outage: the floor device's credential gets a new one.
    const device = readDeviceSession();
    if (device && device.user.id === user.id && credentialUsable(device)) {
      const exchanged = await tokenFrom('/api/token/device/', { device_token: device.token, device_id: deviceId() });
      if (exchanged) return renewed(exchanged, token);
      // Refused: an ended credential keeps the floor open (offline days) until a sign-in; refused
      // for good (deactivated, no longer on the floor, another venue) the device session ends.
      if (lastRefusal === 'token_expired') saveDeviceSession({ ...device, refused: true });
      else clearDeviceSession();
    }
  } catch (error) {
    if (error instanceof Unreachable) return 'unreachable';
    throw error;
  }
  // Unless a sign-in happened meanwhile (a new session): say so, keep everything.
  if (sameSession(user.id, token)) useAppStore.getState().setSignInNeeded(true);
  return 'signInNeeded';
}

/** Nobody signed in (or out) while the renewal ran. */
function sameSession(userId: number, token: string | null): boolean {
  const state = useAppStore.getState();
  return state.user?.id === userId && state.token === token;
}

function renewed(fresh: string, previous: string | null): Renewal {
  // A sign-in while the renewal ran brought its own token: that one stays.
  const { user, token } = useAppStore.getState();
  if (user && token === previous) useAppStore.getState().setToken(fresh);
  return 'renewed';
}

let running: Promise<Renewal> | null = null;

/**
 * Renew the session without staff action: refresh the token, else exchange the floor-device
 * credential. Concurrent callers (the outbox, the API client, the keeper) share one attempt.
 * When neither works, the store says that a sign-in is needed; nothing is cleared.
 */
export function renewSession(): Promise<Renewal> {
  running ??= attemptRenewal().finally(() => {
    running = null;
  });
  return running;
}

/** A floor device: its user may keep a floor-device session (and so keeps the session on refusal). */
export function isFloorDevice(user: CurrentUser | null): boolean {
  return user !== null && floorDeviceAllowed(user.roles, user.assigned_venue);
}

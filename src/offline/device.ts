import type { DeviceHeartbeat } from '@shared/schemas/devices';
import { clearDeviceSession, isFloorDevice, onDeviceRevokedRefusal } from '@/lib/device-session';
import { useAppStore } from '@/lib/store';
import { floorDb, type FloorDb } from './db';
import { deviceState, storeRevoked } from './device-state';
import { deviceId } from './device-id';
import type { Transport } from './transport';

/**
 * This floor device as the server knows it. The sync engine reports it (the
 * heartbeat: app version, writes pending) after its flushes and pulls; the answer says whether
 * the device is registered at the user's venue (else the floor screen asks for a name) or
 * revoked (403 `device_revoked`: the floor screens say so; its writes are refused and land in
 * "needs attention"). The revoked mark is kept across reloads until the server takes it back.
 */

export { deviceState, type DeviceState, type DeviceStatus } from './device-state';

/**
 * The server refused this device (a heartbeat, a write, the token exchange, any request of its
 * session). A revoked tablet is signed out — its token and floor-device credential go — but its
 * unsent writes stay in the offline store: the sign-in page lists them for the show office
 * (revoked-writes.ts). Only floor staff are signed out; their sessions are the tablet's.
 */
export function markRevoked(): void {
  storeRevoked(true);
  deviceState.setState({ status: 'revoked' });
  const { user, clearSession } = useAppStore.getState();
  if (isFloorDevice(user)) {
    clearDeviceSession();
    clearSession();
  }
}

// The token exchange of a revoked device (src/lib/device-session.ts) marks it too.
onDeviceRevokedRefusal(markRevoked);

/** Registered (the register call's or a heartbeat's answer): a revoked mark goes. */
export function markRegistered(name: string): void {
  storeRevoked(false);
  deviceState.setState({ status: 'registered', name });
}

/** Is this the wire body of a `device_revoked` refusal? */
export function isDeviceRevoked(status: number, body: unknown): boolean {
  return (
    status === 403 &&
    typeof body === 'object' &&
    body !== null &&
    (body as { error?: unknown }).error === 'device_revoked'
  );
}

/** The app's version, as built (tests run without the define). */
export const appVersion = (): string | null => (typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : null);

/**
 * One heartbeat: POST /api/v1/device/heartbeat/ with the writes waiting on this device (every
 * user's). Returns false when it did not get through (offline, signed out, a server error).
 */
/** The writes waiting on this device, every user's: what its heartbeat reports. */
export const pendingOnDevice = async (db: FloorDb = floorDb): Promise<number> =>
  typeof indexedDB === 'undefined' ? 0 : await db.outbox.count();

export async function sendHeartbeat(transport: Transport, db: FloorDb = floorDb): Promise<boolean> {
  if (!useAppStore.getState().token) return false;
  const pending = await pendingOnDevice(db);
  const { status, body } = await transport({
    method: 'POST',
    path: 'device/heartbeat/',
    body: { device_id: deviceId(), app_version: appVersion(), pending_writes: pending },
  });
  if (isDeviceRevoked(status, body)) {
    markRevoked();
    return true;
  }
  if (status !== 200) return false;
  applyHeartbeat(body as DeviceHeartbeat);
  return true;
}

/** The heartbeat's answer (its own request's, or a batch's that carried it; null: revoked). */
export function applyHeartbeat(answer: DeviceHeartbeat | null): void {
  if (answer === null) {
    markRevoked();
  } else if (answer.registered && answer.device) {
    markRegistered(answer.device.name);
  } else {
    storeRevoked(false);
    deviceState.setState({ status: 'unregistered', name: null, venueDevices: answer.venue_devices });
  }
}

/**
 * The answer to a heartbeat a pull carried (DEVICE_ANSWER_HEADER: the heartbeat's JSON,
 * URI-encoded; null for a revoked device). Undefined when it is not one: the engine then sends
 * the heartbeat of its own.
 */
export function parseDeviceAnswer(raw: string): DeviceHeartbeat | null | undefined {
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as unknown;
    if (value === null) return null;
    if (typeof value === 'object' && typeof (value as DeviceHeartbeat).registered === 'boolean')
      return value as DeviceHeartbeat;
  } catch {
    // A proxy's mangled header: not an answer.
  }
  return undefined;
}

export const HEARTBEAT_MIN_GAP_MS = 5_000;

/**
 * The heartbeat as the sync engine calls it, after each flush round and pull: at most one per
 * HEARTBEAT_MIN_GAP_MS; a call within the gap sends one at its end (so the last state is told).
 * `told()`: a batch just carried the heartbeat; calls within the gap after it send nothing
 * (a pull changes nothing the heartbeat tells).
 */
export function createHeartbeat(send: () => Promise<unknown>, now: () => number = Date.now) {
  let last = -Infinity;
  let quietUntil = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  const fire = async () => {
    timer = undefined;
    running = true;
    last = now();
    try {
      await send();
    } catch {
      // Offline or refused: the next flush or pull tries again.
    } finally {
      running = false;
    }
  };
  const beat = (): void => {
    if (now() < quietUntil) return;
    if (timer !== undefined || running) {
      if (timer === undefined) timer = setTimeout(() => void fire(), HEARTBEAT_MIN_GAP_MS);
      return;
    }
    const wait = last + HEARTBEAT_MIN_GAP_MS - now();
    if (wait <= 0) void fire();
    else timer = setTimeout(() => void fire(), wait);
  };
  return Object.assign(beat, {
    told(): void {
      last = now();
      quietUntil = last + HEARTBEAT_MIN_GAP_MS;
      clearTimeout(timer);
      timer = undefined;
    },
  });
}

import { createStore } from 'zustand/vanilla';
import type { DeviceHeartbeat } from '@shared/schemas/devices';
import { onDeviceRevokedRefusal } from '@/lib/device-session';
import { useAppStore } from '@/lib/store';
import { floorDb, type FloorDb } from './db';
import { deviceId } from './device-id';
import type { Transport } from './transport';

/**
 * This floor device as the server knows it (issue 14 §8). The sync engine reports it (the
 * heartbeat: app version, writes pending) after its flushes and pulls; the answer says whether
 * the device is registered at the user's venue (else the floor screen asks for a name) or
 * revoked (403 `device_revoked`: the floor screens say so; its writes are refused and land in
 * "needs attention"). The revoked mark is kept across reloads until the server takes it back.
 */

export type DeviceStatus = 'unknown' | 'unregistered' | 'registered' | 'revoked';

export interface DeviceState {
  status: DeviceStatus;
  /** The device's name as registered. */
  name: string | null;
  /** How many devices the user's venue has (the next default name's number is one more). */
  venueDevices: number;
}

const REVOKED_KEY = 'paddock.deviceRevoked';

function storedRevoked(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(REVOKED_KEY) === '1';
  } catch {
    return false;
  }
}

function storeRevoked(revoked: boolean): void {
  try {
    if (revoked) localStorage.setItem(REVOKED_KEY, '1');
    else localStorage.removeItem(REVOKED_KEY);
  } catch {
    // No storage: the mark lasts this page load.
  }
}

export const deviceState = createStore<DeviceState>(() => ({
  status: storedRevoked() ? 'revoked' : 'unknown',
  name: null,
  venueDevices: 0,
}));

/** The server refused this device (a heartbeat, a write, the token exchange). */
export function markRevoked(): void {
  storeRevoked(true);
  deviceState.setState({ status: 'revoked' });
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
export async function sendHeartbeat(transport: Transport, db: FloorDb = floorDb): Promise<boolean> {
  if (!useAppStore.getState().token) return false;
  const pending = typeof indexedDB === 'undefined' ? 0 : await db.outbox.count();
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
  const answer = body as DeviceHeartbeat;
  if (answer.registered && answer.device) {
    markRegistered(answer.device.name);
  } else {
    storeRevoked(false);
    deviceState.setState({ status: 'unregistered', name: null, venueDevices: answer.venue_devices });
  }
  return true;
}

export const HEARTBEAT_MIN_GAP_MS = 5_000;

/**
 * The heartbeat as the sync engine calls it, after each flush round and pull: at most one per
 * HEARTBEAT_MIN_GAP_MS; a call within the gap sends one at its end (so the last state is told).
 */
export function createHeartbeat(send: () => Promise<unknown>, now: () => number = Date.now) {
  let last = -Infinity;
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
  return (): void => {
    if (timer !== undefined || running) {
      if (timer === undefined) timer = setTimeout(() => void fire(), HEARTBEAT_MIN_GAP_MS);
      return;
    }
    const wait = last + HEARTBEAT_MIN_GAP_MS - now();
    if (wait <= 0) void fire();
    else timer = setTimeout(() => void fire(), wait);
  };
}

import { createStore } from 'zustand/vanilla';

/**
 * What this device knows of itself on the server (registered, revoked), free of the offline
 * database: the sign-in page reads the revoked mark without loading IndexedDB code.
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

export function storeRevoked(revoked: boolean): void {
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

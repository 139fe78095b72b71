import type { LiveState } from './live-state';

/*
 * The last known state of a venue's live page, kept on the device (localStorage, one entry per
 * venue) so the page opens with it offline and shows it while the connection is down. Only the
 * public's view is kept: what the office sees before publication stays off the device.
 */

const PREFIX = 'paddock.live.';
const VERSION = 1;

const key = (venueId: number) => `${PREFIX}${venueId}`;

export function readLastKnown(venueId: number, storage: Storage | null = safeStorage()): LiveState | null {
  try {
    const raw = storage?.getItem(key(venueId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { v: number; state: LiveState };
    return parsed.v === VERSION && parsed.state?.snapshot ? parsed.state : null;
  } catch {
    return null;
  }
}

export function writeLastKnown(venueId: number, state: LiveState, storage: Storage | null = safeStorage()): void {
  try {
    storage?.setItem(key(venueId), JSON.stringify({ v: VERSION, state }));
  } catch {
    // Full or unavailable storage: the page still works, it just cannot remember.
  }
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * This device's own id: made once, kept in localStorage, sent as
 * `device_id` with every floor write, the heartbeat and the device token exchange. Free of the
 * offline database, so the sign-in code can import it.
 */

const DEVICE_KEY = 'paddock.deviceId';
let memoryDeviceId: string | null = null;

/** This device's id, made once and kept in localStorage. */
export function deviceId(): string {
  try {
    const known = localStorage.getItem(DEVICE_KEY);
    if (known) return known;
    const made = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    // No storage (private mode): one id for this page load.
    memoryDeviceId ??= crypto.randomUUID();
    return memoryDeviceId;
  }
}

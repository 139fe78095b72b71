import { z } from 'zod';
import { requiredOrInvalid } from './common';
import { tokenResponse } from './auth';

/**
 * The floor-device session: a device signed in with a floor role keeps a device
 * credential that survives a relaunch (the session store lives in sessionStorage, spec §9). It
 * can only be exchanged at POST /api/token/device/ for a session token, and only while the
 * user is active, still holds a floor role and still works at the same venue.
 */

// The rule itself lives beside, free of zod (the client's first screen imports it).
export { FLOOR_DEVICE_ROLES, floorDeviceAllowed } from '../floor-device';

/** POST /api/token/auth/: the session token, and the device credential for floor staff. */
export const loginResponse = tokenResponse.extend({
  device_token: z.string().optional(),
  /** ISO time the device credential ends (FLOOR_DEVICE_SESSION_HOURS after the sign-in). */
  device_expires_at: z.string().optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** POST /api/token/device/: the device credential for a fresh session token. */
export const deviceExchangeRequest = z.object({
  device_token: z.string({ error: requiredOrInvalid }).min(1, { error: 'required' }).max(2048, { error: 'too_long' }),
  /** The tablet's own id (src/offline/device-id.ts): a revoked device is refused (403 device_revoked). */
  device_id: z.string({ error: 'invalid' }).trim().max(100, { error: 'too_long' }).optional(),
});

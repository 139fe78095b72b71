import { z } from 'zod';
import { requiredOrInvalid, requiredString } from './common';
import { DEVICE_NAME_MAX } from '../devices';
import { listQuery } from './pagination';

export { DEVICE_NAME_MAX };

/**
 * Floor devices: the tablets of a venue, registered by the id each one made for
 * itself (src/offline/device-id.ts, the `device_id` of every floor write). Endpoints:
 *   POST /api/v1/device/register/   deviceRegisterInput → device (201 new, 200 known): idempotent
 *        per device_id; a known device moves to the venue of the user who registers it
 *   POST /api/v1/device/heartbeat/  deviceHeartbeatInput → deviceHeartbeat: last seen, last user,
 *        app version, writes pending; a revoked device answers 403 `device_revoked`
 *   GET  /api/v1/venue/{id}/devices/   → { count, results: device[] } (the venue's office, admins)
 *   GET  /api/v1/device/?venue=&page=  → { count, results: device[] } (admins: every venue)
 *   PATCH /api/v1/device/{id}/      deviceRenameInput → device
 *   POST /api/v1/device/{id}/revoke/  → device: from now on its floor writes, its heartbeat and
 *        its token exchange answer 403 `device_revoked` and change nothing
 *   POST /api/v1/device/{id}/restore/ → device
 * Revoking, restoring and renaming are audited (`device.revoke`, `device.restore`, `device.rename`).
 */

/** The id a device made for itself (a UUID, or what an older app sent). */
export const deviceKeyField = z
  .string({ error: requiredOrInvalid })
  .trim()
  .min(1, { error: 'required' })
  .max(100, { error: 'too_long' });

export const appVersionField = z.string({ error: 'invalid' }).trim().max(50, { error: 'too_long' }).nullish();

export const deviceRegisterInput = z.object({
  device_id: deviceKeyField,
  /** Left out or blank: a default name ("Tablet 3"). */
  name: z.string({ error: 'invalid' }).trim().max(DEVICE_NAME_MAX, { error: 'too_long' }).optional(),
  /** The venue it works at: the user's assigned venue (admins name one). */
  venue: z.number({ error: 'invalid' }).int({ error: 'invalid' }).positive({ error: 'invalid' }).optional(),
  app_version: appVersionField,
});
export type DeviceRegisterInput = z.infer<typeof deviceRegisterInput>;

/** Writes waiting in the device's outbox (all users); `coerce` for a query string's text. */
export const pendingWritesField = (coerce = false) =>
  (coerce ? z.coerce.number({ error: 'invalid' }) : z.number({ error: 'invalid' }))
    .int({ error: 'invalid' })
    .min(0, { error: 'too_small' })
    .max(1_000_000, { error: 'too_big' });

export const deviceHeartbeatInput = z.object({
  device_id: deviceKeyField,
  app_version: appVersionField,
  pending_writes: pendingWritesField().default(0),
});
export type DeviceHeartbeatInput = z.infer<typeof deviceHeartbeatInput>;

export const deviceRenameInput = z.object({ name: requiredString(DEVICE_NAME_MAX) });
export type DeviceRenameInput = z.infer<typeof deviceRenameInput>;

export const DEVICE_STATES = ['active', 'revoked'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

export const device = z.object({
  id: z.number().int(),
  device_id: z.string(),
  venue: z.number().int(),
  venue_name: z.string(),
  name: z.string(),
  registered_by: z.string().nullable(),
  last_user: z.string().nullable(),
  app_version: z.string().nullable(),
  pending_writes: z.number().int(),
  last_seen_at: z.string().nullable(),
  state: z.enum(DEVICE_STATES),
  revoked_at: z.string().nullable(),
  revoked_by: z.string().nullable(),
  created_at: z.string(),
});
export type Device = z.infer<typeof device>;

export const deviceList = z.object({ count: z.number().int(), results: z.array(device) });
export type DeviceList = z.infer<typeof deviceList>;

export const deviceListQuery = listQuery.extend({
  venue: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).positive({ error: 'invalid' }).optional(),
});

/**
 * The heartbeat's answer. `registered`: the device is known at the venue of the user (or, for
 * an admin, anywhere); otherwise the floor screen asks for a name and registers it.
 * `venue_devices`: how many devices the user's venue has (the next default name's number).
 */
export const deviceHeartbeat = z.object({
  registered: z.boolean(),
  device: device.nullable(),
  venue_devices: z.number().int(),
});
export type DeviceHeartbeat = z.infer<typeof deviceHeartbeat>;

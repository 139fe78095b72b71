import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { createRememberedSet, type RememberedSet } from '../../security/remembered-set';
import type { App } from '../../types';
import { createDevicesRepo } from './devices.repo';

/**
 * Revoked devices, enforced in one place: every write whose body names a
 * `device_id` (the floor's writes: stable charges and their undo, attendees, check-ins,
 * sign-ins, vet inspections; the device token exchange; the device's own heartbeat and
 * registration) is refused with 403 `device_revoked` before its handler runs, so it changes
 * nothing. New floor write paths are covered by sending `device_id`, as the floor's all do.
 *
 * The revoked keys are few: they are kept in memory and read again after REVOKED_TTL_MS (one
 * query for all of them), and at once after a revoke or restore through this process. Another
 * server process sees a revocation within the TTL. The floor's write path stays one set lookup.
 */

export const REVOKED_TTL_MS = 5_000;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type RevokedKeys = RememberedSet;

export function createRevokedKeys(db: Db, now: () => number = Date.now): RevokedKeys {
  const repo = createDevicesRepo(db);
  return createRememberedSet(() => repo.revokedKeys(), REVOKED_TTL_MS, now);
}

/** The `device_id` a request's body names, if any. */
export function deviceIdOf(request: FastifyRequest): string | null {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const value = (body as { device_id?: unknown }).device_id;
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** Throws 403 `device_revoked` when the key is revoked. */
export async function assertDeviceActive(revoked: RevokedKeys, key: string | null): Promise<void> {
  if (key !== null && (await revoked.has(key))) throw new AppError('device_revoked');
}

/**
 * The hook on every route (hooks of the root instance apply to routes registered before and
 * after): after authorization and validation, before the handler.
 */
export function registerDeviceGuard(app: App, revoked: RevokedKeys): void {
  app.addHook('preHandler', async (request) => {
    if (!WRITE_METHODS.has(request.method)) return;
    await assertDeviceActive(revoked, deviceIdOf(request));
  });
}

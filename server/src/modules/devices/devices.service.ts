import type { FastifyRequest } from 'fastify';
import type {
  Device,
  DeviceHeartbeat,
  DeviceHeartbeatInput,
  DeviceList,
  DeviceRegisterInput,
  DeviceRenameInput,
} from '@shared/schemas/devices';
import type { ListQuery } from '@shared/schemas/pagination';
import { can } from '@shared/permissions';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { pageOf } from '../../http/pagination';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { assertKnownVenueAccess, assertVenueAccess } from '../venue/venue-access';
import { createDeviceBeats } from './device-beats';
import type { RevokedKeys } from './device-guard';
import { createDevicesRepo, type DeviceRow, type DeviceView } from './devices.repo';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toDevice(view: DeviceView): Device {
  const { row } = view;
  return {
    id: row.id,
    device_id: row.deviceKey,
    venue: row.venueId,
    venue_name: view.venueName,
    name: row.name,
    registered_by: view.registeredBy,
    last_user: view.lastUser,
    app_version: row.appVersion,
    pending_writes: row.pendingWrites,
    last_seen_at: iso(row.lastSeenAt),
    state: row.revokedAt ? 'revoked' : 'active',
    revoked_at: iso(row.revokedAt),
    revoked_by: view.revokedBy,
    created_at: row.createdAt.toISOString(),
  };
}

const isAdmin = (user: RequestUser) => user.roles.includes('admin');

/**
 * Floor devices: registration at the first sign-in, the heartbeat of the sync
 * engine, and the office's list, rename, revoke and restore. Revocation is enforced by the
 * guard (device-guard.ts); this service tells it when the revoked set changed.
 */
export function createDevicesService(ctx: AppContext, revoked: RevokedKeys) {
  const repo = createDevicesRepo(ctx.db);
  const beats = createDeviceBeats(ctx.db);

  async function viewOf(id: number): Promise<Device> {
    const view = await repo.view(id);
    if (!view) throw new AppError('not_found');
    return toDevice(view);
  }

  /** A device the user's venue office may change: unknown 404, another venue 403. */
  async function officeDevice(user: RequestUser, id: number): Promise<DeviceRow> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('not_found');
    assertVenueAccess(user, row.venueId, { office: true });
    return row;
  }

  async function setRevoked(request: FastifyRequest, id: number, revoke: boolean): Promise<Device> {
    const user = sessionOf(request);
    const device = await officeDevice(user, id);
    await ctx.db.transaction(async (tx) => {
      const row = await repo.lockById(id, tx);
      if (!row) throw new AppError('not_found');
      // Asking again changes nothing (and records nothing).
      if ((row.revokedAt !== null) === revoke) return;
      await repo.update(
        id,
        revoke ? { revokedAt: new Date(), revokedBy: user.id } : { revokedAt: null, revokedBy: null },
        tx,
      );
      await ctx.audit.record(
        request,
        {
          action: revoke ? 'device.revoke' : 'device.restore',
          details: { id, venue: row.venueId, device: row.deviceKey, name: row.name },
        },
        tx,
      );
    });
    revoked.invalidate();
    beats.forget(device.deviceKey);
    return viewOf(id);
  }

  return {
    /**
     * Registers the device at the user's venue (an admin names it), or takes the known one over:
     * it moves to that venue, and gets the name when one is given. 201 new, 200 known.
     */
    async register(request: FastifyRequest, input: DeviceRegisterInput): Promise<{ status: 200 | 201; body: Device }> {
      const user = sessionOf(request);
      const venue = isAdmin(user) ? input.venue : (user.assignedVenueId ?? undefined);
      if (venue === undefined) {
        if (isAdmin(user)) throw fieldError('venue', 'required');
        throw new AppError('forbidden');
      }
      if (input.venue !== undefined && input.venue !== venue) throw new AppError('forbidden');
      if (!(await repo.venueExists(venue))) throw fieldError('venue', 'does_not_exist');
      assertVenueAccess(user, venue);
      const given = input.name?.trim() ?? '';
      const { row, created } = await ctx.db.transaction(async (tx) => {
        const name = given || `Tablet ${(await repo.countOfVenue(venue, tx)) + 1}`;
        const known = await repo.findByKey(input.device_id, tx);
        const result = await repo.upsert(
          { deviceKey: input.device_id, venueId: venue, name, userId: user.id, appVersion: input.app_version ?? null },
          // A known device keeps its name unless one is given (or it moves to another venue).
          given !== '' || (known !== undefined && known.venueId !== venue),
          tx,
        );
        if (result.created || known?.venueId !== venue || (given !== '' && known?.name !== given)) {
          await ctx.audit.record(
            request,
            {
              action: 'device.register',
              details: {
                id: result.row.id,
                venue,
                device: input.device_id,
                name: result.row.name,
                ...(known && known.venueId !== venue && { from_venue: known.venueId }),
              },
            },
            tx,
          );
        }
        return result;
      });
      beats.forget(input.device_id);
      return { status: created ? 201 : 200, body: await viewOf(row.id) };
    },

    /**
     * Last seen, last user, app version and writes pending, in one statement; a revoked device
     * is refused (here, and before by the guard for its own endpoint).
     */
    async heartbeat(user: RequestUser, input: DeviceHeartbeatInput): Promise<DeviceHeartbeat> {
      if (await revoked.has(input.device_id)) throw new AppError('device_revoked');
      const beat = await beats.beat(input.device_id, {
        userId: user.id,
        appVersion: input.app_version ?? null,
        pendingWrites: input.pending_writes,
        anyVenue: isAdmin(user),
        venueId: user.assignedVenueId,
      });
      if (beat.revoked) throw new AppError('device_revoked');
      const venueDevices = user.assignedVenueId === null ? 0 : beat.venueDevices;
      return { registered: beat.device !== null, device: beat.device, venue_devices: venueDevices };
    },

    /**
     * The heartbeat a batch or a pull carries: undefined for a role without a floor device
     * (nothing recorded), null for a revoked device (its request still answers).
     */
    async carried(user: RequestUser, input: DeviceHeartbeatInput): Promise<DeviceHeartbeat | null | undefined> {
      if (!can(user.roles, 'device.report')) return undefined;
      try {
        return await this.heartbeat(user, input);
      } catch (err) {
        if (err instanceof AppError && err.code === 'device_revoked') return null;
        throw err;
      }
    },

    async listOfVenue(user: RequestUser, venueId: number, query: ListQuery): Promise<DeviceList> {
      await assertKnownVenueAccess(ctx.db, user, venueId, { office: true });
      await beats.flush();
      const { count, rows } = await repo.listOfVenue(venueId, pageOf(query));
      return { count, results: rows.map(toDevice) };
    },

    async listAll(query: ListQuery & { venue?: number }): Promise<DeviceList> {
      await beats.flush();
      const { count, rows } = await repo.listAll(query.venue, pageOf(query));
      return { count, results: rows.map(toDevice) };
    },

    async rename(request: FastifyRequest, id: number, input: DeviceRenameInput): Promise<Device> {
      const user = sessionOf(request);
      const before = await officeDevice(user, id);
      if (before.name !== input.name) {
        await ctx.db.transaction(async (tx) => {
          await repo.update(id, { name: input.name }, tx);
          await ctx.audit.record(
            request,
            {
              action: 'device.rename',
              details: { id, venue: before.venueId, device: before.deviceKey, from: before.name, to: input.name },
            },
            tx,
          );
        });
        beats.forget(before.deviceKey);
      }
      return viewOf(id);
    },

    /** The heartbeats gathered and not yet written (when the process stops). */
    flushBeats: () => beats.flush(),

    revoke: (request: FastifyRequest, id: number) => setRevoked(request, id, true),
    restore: (request: FastifyRequest, id: number) => setRevoked(request, id, false),
  };
}

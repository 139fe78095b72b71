import { asc, count, eq, getTableColumns, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Device } from '@shared/schemas/devices';
import type { Db } from '../../db/client';
import { devices, venues } from '../../db/schema';
import { param, runFixed, textOf } from '../ledger/fixed-statement';
import { userName } from '../ledger/names';

/** The queries of floor devices; each takes the connection or transaction to use. */

export type DeviceRow = typeof devices.$inferSelect;

/** A device with the names the office sees. */
export interface DeviceView {
  row: DeviceRow;
  venueName: string;
  registeredBy: string | null;
  lastUser: string | null;
  revokedBy: string | null;
}

const viewColumns = {
  row: devices,
  venueName: venues.name,
  registeredBy: userName(devices.registeredBy),
  lastUser: userName(devices.lastUserId),
  revokedBy: userName(devices.revokedBy),
};

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The heartbeat in one statement (planned once per connection): last seen, last user, writes
 * pending and app version of a device that is not revoked and is registered where the user
 * works ($5: an admin, anywhere; else at venue $6); answers the device as the office sees it
 * (wire form), whether it is revoked, and how many devices the user's venue has.
 */
const BEAT = textOf(sql`WITH b AS (
  UPDATE devices SET last_seen_at = now(), last_user_id = ${param(2)}::int, pending_writes = ${param(3)}::int,
    app_version = COALESCE(${param(4)}::text, app_version), updated_at = now()
  WHERE device_key = ${param(1)}::text AND revoked_at IS NULL AND (${param(5)}::boolean OR venue_id = ${param(6)}::int)
  RETURNING *)
SELECT
  (SELECT json_build_object('id', b.id, 'device_id', b.device_key, 'venue', b.venue_id, 'venue_name', v.name,
     'name', b.name, 'registered_by', ${userName(sql`b.registered_by`)}, 'last_user', ${userName(sql`b.last_user_id`)},
     'app_version', b.app_version, 'pending_writes', b.pending_writes, 'last_seen_at', ${iso(sql`b.last_seen_at`)},
     'state', 'active', 'revoked_at', NULL, 'revoked_by', NULL, 'created_at', ${iso(sql`b.created_at`)})
   FROM b JOIN venues v ON v.id = b.venue_id) AS device,
  EXISTS (SELECT 1 FROM devices WHERE device_key = ${param(1)}::text AND revoked_at IS NOT NULL) AS revoked,
  (SELECT count(*)::int FROM devices WHERE venue_id = ${param(6)}::int) AS venue_devices`);

/** BEAT for many devices at once, each with the time it beat (in the order of their keys). */
const BEAT_MANY = `UPDATE devices d SET last_seen_at = b.at, last_user_id = b."userId", pending_writes = b."pendingWrites",
    app_version = COALESCE(b."appVersion", d.app_version), updated_at = now()
  FROM json_to_recordset($1::json) AS b(key text, "userId" int, "pendingWrites" int, "appVersion" text,
    "anyVenue" boolean, "venueId" int, at timestamptz)
  WHERE d.device_key = b.key AND d.revoked_at IS NULL AND (b."anyVenue" OR d.venue_id = b."venueId")
    AND (d.last_seen_at IS NULL OR d.last_seen_at <= b.at)`;

export interface Beat {
  /** The device as the office sees it, when it is registered where the user works. */
  device: Device | null;
  revoked: boolean;
  venueDevices: number;
}

export function createDevicesRepo(db: Db) {
  async function list(where: SQL | undefined, page: { limit: number; offset: number }, tx: Db = db) {
    const [total] = await tx.select({ n: count() }).from(devices).where(where);
    const rows = await tx
      .select(viewColumns)
      .from(devices)
      .innerJoin(venues, eq(venues.id, devices.venueId))
      .where(where)
      .orderBy(asc(venues.name), asc(devices.name), asc(devices.id))
      .limit(page.limit)
      .offset(page.offset);
    return { count: total?.n ?? 0, rows: rows as DeviceView[] };
  }

  return {
    /** By the id the device made for itself. */
    async findByKey(key: string, tx: Db = db): Promise<DeviceRow | undefined> {
      const [row] = await tx.select().from(devices).where(eq(devices.deviceKey, key));
      return row;
    },

    async findById(id: number, tx: Db = db): Promise<DeviceRow | undefined> {
      const [row] = await tx.select().from(devices).where(eq(devices.id, id));
      return row;
    },

    /** Locked for a change (rename, revoke, restore, a repeated registration). */
    async lockById(id: number, tx: Db): Promise<DeviceRow | undefined> {
      const [row] = await tx.select().from(devices).where(eq(devices.id, id)).for('update');
      return row;
    },

    async view(id: number, tx: Db = db): Promise<DeviceView | undefined> {
      const [row] = await tx
        .select(viewColumns)
        .from(devices)
        .innerJoin(venues, eq(venues.id, devices.venueId))
        .where(eq(devices.id, id));
      return row as DeviceView | undefined;
    },

    listOfVenue: (venueId: number, page: { limit: number; offset: number }, tx: Db = db) =>
      list(eq(devices.venueId, venueId), page, tx),

    listAll: (venueId: number | undefined, page: { limit: number; offset: number }, tx: Db = db) =>
      list(venueId === undefined ? undefined : eq(devices.venueId, venueId), page, tx),

    async countOfVenue(venueId: number, tx: Db = db): Promise<number> {
      const [total] = await tx.select({ n: count() }).from(devices).where(eq(devices.venueId, venueId));
      return total?.n ?? 0;
    },

    async venueExists(venueId: number, tx: Db = db): Promise<boolean> {
      const [row] = await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId));
      return row !== undefined;
    },

    /**
     * A new device, or the known one under the same key taken over (the venue moves, the name
     * changes only when one is given); the key is unique, so concurrent registrations meet here.
     */
    async upsert(
      values: { deviceKey: string; venueId: number; name: string; userId: number; appVersion: string | null },
      rename: boolean,
      tx: Db,
    ): Promise<{ row: DeviceRow; created: boolean }> {
      const now = new Date();
      const [row] = await tx
        .insert(devices)
        .values({
          deviceKey: values.deviceKey,
          venueId: values.venueId,
          name: values.name,
          registeredBy: values.userId,
          lastUserId: values.userId,
          appVersion: values.appVersion,
          lastSeenAt: now,
        })
        .onConflictDoUpdate({
          target: devices.deviceKey,
          set: {
            venueId: values.venueId,
            ...(rename && { name: values.name }),
            lastUserId: values.userId,
            ...(values.appVersion !== null && { appVersion: values.appVersion }),
            lastSeenAt: now,
            updatedAt: now,
          },
        })
        // xmax = 0: the row was inserted by this statement, not updated.
        .returning({ ...getTableColumns(devices), created: sql<boolean>`(xmax = 0)` });
      if (!row) throw new Error('device upsert returned nothing');
      const { created, ...device } = row;
      return { row: device, created };
    },

    async update(id: number, set: Partial<typeof devices.$inferInsert>, tx: Db = db): Promise<DeviceRow | undefined> {
      const [row] = await tx
        .update(devices)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(devices.id, id))
        .returning();
      return row;
    },

    /** The heartbeat (BEAT). */
    async beat(
      key: string,
      values: {
        userId: number;
        appVersion: string | null;
        pendingWrites: number;
        anyVenue: boolean;
        venueId: number | null;
      },
      tx: Db = db,
    ): Promise<Beat> {
      const [row] = await runFixed<{ device: Device | null; revoked: boolean; venue_devices: number }>(
        tx,
        'devices.beat',
        BEAT,
        [key, values.userId, values.pendingWrites, values.appVersion, values.anyVenue, values.venueId],
      );
      if (!row) throw new Error('heartbeat answered nothing');
      return { device: row.device, revoked: row.revoked, venueDevices: Number(row.venue_devices) };
    },

    /** Heartbeats gathered (device-beats.ts): each device's last values, one statement for all. */
    async beatMany(
      beats: readonly {
        key: string;
        userId: number;
        appVersion: string | null;
        pendingWrites: number;
        anyVenue: boolean;
        venueId: number | null;
        at: string;
      }[],
      tx: Db = db,
    ): Promise<void> {
      await runFixed(tx, 'devices.beat.many', BEAT_MANY, [JSON.stringify(beats)]);
    },

    /** The keys of every revoked device (few: the guard keeps them in memory). */
    async revokedKeys(tx: Db = db): Promise<string[]> {
      const rows = await tx.select({ key: devices.deviceKey }).from(devices).where(isNotNull(devices.revokedAt));
      return rows.map((r) => r.key);
    },
  };
}

export type DevicesRepo = ReturnType<typeof createDevicesRepo>;

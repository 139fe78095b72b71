import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@shared/constants';
import { DEVICE_ANSWER_HEADER } from '@shared/floor-constants';
import type { Device, DeviceHeartbeat, DeviceList } from '@shared/schemas/devices';
import {
  attendeeCheckins,
  attendees,
  auditLog,
  devices,
  riderSignins,
  transactions,
  users,
  venues,
  vetInspections,
} from '../../server/src/db/schema';
import { seedFloorFixtures, write, type FloorFixtures } from './floor-fixtures';
import { ledgerCounts } from './ledger-fixtures';
import { useSeededServer } from './helpers/use-server';

/** Floor devices: registration, heartbeat, the office's list, rename, revoke, restore. */

interface Fixtures extends FloorFixtures {
  /** An organizer of venue 2 (not of the demo venue). */
  organizer2: string;
}

async function seed(db: Parameters<typeof seedFloorFixtures>[0]): Promise<Fixtures> {
  const floor = await seedFloorFixtures(db);
  const [hash] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, 'organizer'));
  await db.insert(users).values({
    username: 'organizer2',
    email: 'organizer2@paddock.demo',
    emailConfirmed: true,
    roles: ['organizer'],
    firstName: 'Olga',
    lastName: 'Zwei',
    assignedVenueId: floor.venue2,
    passwordHash: hash!.hash,
  });
  return { ...floor, organizer2: 'organizer2' };
}

const { server, f, db, call } = useSeededServer(seed);
const app = () => server().app;

const register = (username: string, body: Record<string, unknown>) =>
  call(username, 'POST', '/api/v1/device/register/', body);
const heartbeat = (username: string, body: Record<string, unknown>) =>
  call(username, 'POST', '/api/v1/device/heartbeat/', body);

async function registered(username = 'stable', key = randomUUID(), name = 'Stable tablet 1'): Promise<Device> {
  const res = await register(username, { device_id: key, name, app_version: '1.4.0' });
  expect(res.statusCode).toBe(201);
  return res.json<Device>();
}

async function auditOf(action: string) {
  return (await db().select().from(auditLog).where(eq(auditLog.action, action))).map((row) => row.details);
}

async function rows(table: typeof attendees | typeof attendeeCheckins | typeof riderSignins | typeof vetInspections) {
  const [row] = await db().select({ n: count() }).from(table);
  return row!.n;
}

describe('POST /api/v1/device/register/', () => {
  it("registers the device at the user's venue once per device_id, named or by default", async () => {
    const key = randomUUID();
    const first = await register('stable', { device_id: key, name: '  Stable tablet 2 ', app_version: '1.4.0' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      device_id: key,
      venue: 1,
      name: 'Stable tablet 2',
      registered_by: expect.any(String),
      last_user: expect.any(String),
      app_version: '1.4.0',
      pending_writes: 0,
      state: 'active',
      revoked_at: null,
    });
    // Again (a second sign-in): the same device, its name kept when none is given.
    const again = await register('welcomedesk', { device_id: key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, name: 'Stable tablet 2' });
    const [{ n }] = (await db().select({ n: count() }).from(devices)) as [{ n: number }];
    expect(n).toBe(1);
    // Skipped: a default name.
    const skipped = await register('signin', { device_id: randomUUID() });
    expect(skipped.statusCode).toBe(201);
    expect(skipped.json().name).toBe('Tablet 2');
    expect(await auditOf('device.register')).toEqual([
      expect.objectContaining({ id: first.json().id, venue: 1, device: key, name: 'Stable tablet 2' }),
      expect.objectContaining({ id: skipped.json().id, venue: 1, name: 'Tablet 2' }),
    ]);
  });

  it('moves a known device to the venue of whoever registers it; admins name the venue', async () => {
    const device = await registered('stable');
    const moved = await register('stable2', { device_id: device.device_id, name: 'Zurich 1' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: device.id, venue: f.venue2, name: 'Zurich 1' });
    expect(await auditOf('device.register')).toContainEqual(
      expect.objectContaining({ id: device.id, venue: f.venue2, from_venue: 1 }),
    );
    // Staff cannot register at another venue; an admin must name one that exists.
    expect((await register('stable', { device_id: randomUUID(), venue: f.venue2 })).statusCode).toBe(403);
    const noVenue = await register('admin', { device_id: randomUUID() });
    expect(noVenue.statusCode).toBe(400);
    expect(noVenue.json().fields).toEqual({ venue: ['required'] });
    expect((await register('admin', { device_id: randomUUID(), venue: 999999 })).json().fields).toEqual({
      venue: ['does_not_exist'],
    });
    expect((await register('admin', { device_id: randomUUID(), venue: f.venue2 })).statusCode).toBe(201);
  });

  it('refuses bad input and the roles without a floor screen, changing nothing', async () => {
    const bad = await register('stable', { device_id: '', name: 'x'.repeat(101), app_version: 7 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ device_id: ['required'], name: ['too_long'], app_version: ['invalid'] });
    expect((await register('rider', { device_id: randomUUID() })).statusCode).toBe(403);
    expect((await register('merchant', { device_id: randomUUID() })).statusCode).toBe(403);
    const anonymous = await app().inject({
      method: 'POST',
      url: '/api/v1/device/register/',
      payload: { device_id: randomUUID() },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await db().select().from(devices)).toEqual([]);
  });
});

describe('POST /api/v1/device/heartbeat/', () => {
  it('updates last seen, last user, app version and writes pending', async () => {
    const device = await registered('stable');
    await db()
      .update(devices)
      .set({ lastSeenAt: new Date('2026-01-01T00:00:00Z') });
    const res = await heartbeat('organizer', { device_id: device.device_id, app_version: '1.5.0', pending_writes: 12 });
    expect(res.statusCode).toBe(200);
    const answer = res.json<DeviceHeartbeat>();
    expect(answer).toMatchObject({ registered: true, venue_devices: 1 });
    expect(answer.device).toMatchObject({ id: device.id, app_version: '1.5.0', pending_writes: 12 });
    const [row] = await db().select().from(devices).where(eq(devices.id, device.id));
    const [organizer] = await db().select().from(users).where(eq(users.username, 'organizer'));
    expect(row!.lastUserId).toBe(organizer!.id);
    expect(answer.device!.last_user).toBe(`${organizer!.firstName} ${organizer!.lastName}`.trim());
    expect(row!.pendingWrites).toBe(12);
    expect(row!.lastSeenAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('says "not registered" for an unknown device or one of another venue, and changes nothing', async () => {
    const unknown = await heartbeat('stable', { device_id: randomUUID(), pending_writes: 0 });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ registered: false, device: null, venue_devices: 0 });
    const device = await registered('stable');
    const elsewhere = await heartbeat('stable2', { device_id: device.device_id, pending_writes: 3 });
    expect(elsewhere.json()).toEqual({ registered: false, device: null, venue_devices: 0 });
    const [row] = await db().select().from(devices).where(eq(devices.id, device.id));
    expect(row!.pendingWrites).toBe(0);
    expect((await heartbeat('stable', { device_id: device.device_id, pending_writes: -1 })).json().fields).toEqual({
      pending_writes: ['too_small'],
    });
    expect((await heartbeat('rider', { device_id: device.device_id })).statusCode).toBe(403);
  });
});

describe('heartbeats in a burst', () => {
  it('are answered at once and written together: the office lists the last; a renamed or revoked device is told', async () => {
    const device = await registered('stable');
    const first = await heartbeat('stable', { device_id: device.device_id, app_version: '1.5.0', pending_writes: 3 });
    expect(first.json<DeviceHeartbeat>().device).toMatchObject({ pending_writes: 3 });
    // Within the answer's life the beat is answered from the first one, with its own values…
    const second = await heartbeat('stable', { device_id: device.device_id, app_version: '1.5.1', pending_writes: 9 });
    expect(second.statusCode).toBe(200);
    expect(second.json<DeviceHeartbeat>()).toMatchObject({
      registered: true,
      device: { id: device.id, pending_writes: 9, app_version: '1.5.1' },
    });
    // …and written with the next ones: the office's list reads them first.
    const listed = await call('organizer', 'GET', '/api/v1/venue/1/devices/');
    expect(listed.json<DeviceList>().results).toEqual([
      expect.objectContaining({ id: device.id, pending_writes: 9, app_version: '1.5.1' }),
    ]);
    const [row] = await db().select().from(devices).where(eq(devices.id, device.id));
    expect(row).toMatchObject({ pendingWrites: 9, appVersion: '1.5.1' });

    expect((await call('organizer', 'PATCH', `/api/v1/device/${device.id}/`, { name: 'Stable west' })).statusCode).toBe(
      200,
    );
    const renamed = await heartbeat('stable', { device_id: device.device_id, pending_writes: 0 });
    expect(renamed.json<DeviceHeartbeat>().device).toMatchObject({ name: 'Stable west', pending_writes: 0 });
    expect((await call('organizer', 'POST', `/api/v1/device/${device.id}/revoke/`)).statusCode).toBe(200);
    const revoked = await heartbeat('stable', { device_id: device.device_id, pending_writes: 0 });
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().error).toBe('device_revoked');
  });
});

describe('a heartbeat carried by a pull', () => {
  const pull = (username: string, query: string) =>
    call(username, 'GET', `/api/v1/venue/1/floor/changes/?cursor=0${query}`);
  const answerOf = (res: Awaited<ReturnType<typeof pull>>): unknown => {
    const header = res.headers[DEVICE_ANSWER_HEADER];
    return typeof header === 'string' ? JSON.parse(decodeURIComponent(header)) : undefined;
  };

  it('is recorded and answered in a header as the heartbeat answers; a revoked device is told null', async () => {
    const device = await registered('stable');
    const res = await pull('stable', `&device_id=${device.device_id}&app_version=1.6.0&pending_writes=7`);
    expect(res.statusCode).toBe(200);
    expect(res.json().venue.id).toBe(1);
    expect(answerOf(res)).toMatchObject({
      registered: true,
      device: { id: device.id, name: 'Stable tablet 1', pending_writes: 7, app_version: '1.6.0' },
    });
    // The office sees what the pull told.
    const listed = await call('organizer', 'GET', '/api/v1/venue/1/devices/');
    expect(listed.json<DeviceList>().results).toEqual([
      expect.objectContaining({
        id: device.id,
        pending_writes: 7,
        app_version: '1.6.0',
        last_user: expect.any(String),
      }),
    ]);
    // A device name outside Latin-1 survives the header.
    await call('organizer', 'PATCH', `/api/v1/device/${device.id}/`, { name: 'Stajnia Łódź ✓' });
    const renamed = await pull('stable', `&device_id=${device.device_id}&pending_writes=0`);
    expect(answerOf(renamed)).toMatchObject({ device: { name: 'Stajnia Łódź ✓', pending_writes: 0 } });
    // An unknown device: "not registered", as the heartbeat says it.
    expect(answerOf(await pull('stable', `&device_id=${randomUUID()}&pending_writes=0`))).toMatchObject({
      registered: false,
      device: null,
    });
    expect((await call('organizer', 'POST', `/api/v1/device/${device.id}/revoke/`)).statusCode).toBe(200);
    const revoked = await pull('stable', `&device_id=${device.device_id}&pending_writes=2`);
    expect(revoked.statusCode).toBe(200);
    expect(answerOf(revoked)).toBeNull();
  });

  it('is no heartbeat without a device, nor from a role without the floor; bad values are refused', async () => {
    const device = await registered('stable');
    expect((await pull('stable', '')).headers[DEVICE_ANSWER_HEADER]).toBeUndefined();
    const rider = await pull('rider', `&device_id=${device.device_id}&pending_writes=5`);
    expect(rider.statusCode).toBe(403);
    expect(rider.headers[DEVICE_ANSWER_HEADER]).toBeUndefined();
    const bad = await pull('stable', `&device_id=${device.device_id}&pending_writes=-1`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ pending_writes: ['too_small'] });
    const [row] = await db().select().from(devices).where(eq(devices.id, device.id));
    expect(row).toMatchObject({ pendingWrites: 0, appVersion: '1.4.0' });
  });
});

describe("the office's devices", () => {
  it('lists the venue for its office and every venue for admins (filter by venue)', async () => {
    const a = await registered('stable', randomUUID(), 'B tablet');
    const b = await registered('welcomedesk', randomUUID(), 'A tablet');
    const c = await registered('stable2', randomUUID(), 'Zurich tablet');
    for (const username of ['organizer', 'admin']) {
      const res = await call(username, 'GET', '/api/v1/venue/1/devices/');
      expect(res.statusCode).toBe(200);
      expect(res.json<DeviceList>().results.map((d) => d.id)).toEqual([b.id, a.id]);
    }
    expect((await call('organizer', 'GET', `/api/v1/venue/${f.venue2}/devices/`)).statusCode).toBe(403);
    expect((await call('organizer', 'GET', '/api/v1/venue/999999/devices/')).statusCode).toBe(404);
    expect((await call('stable', 'GET', '/api/v1/venue/1/devices/')).statusCode).toBe(403);

    const all = await call('admin', 'GET', '/api/v1/device/');
    expect(all.json<DeviceList>()).toMatchObject({ count: 3 });
    const [venue2] = await db().select().from(venues).where(eq(venues.id, f.venue2));
    const filtered = await call('admin', 'GET', `/api/v1/device/?venue=${f.venue2}`);
    expect(filtered.json<DeviceList>().results).toEqual([
      expect.objectContaining({ id: c.id, venue: f.venue2, venue_name: venue2!.name }),
    ]);
    expect((await call('organizer', 'GET', '/api/v1/device/')).statusCode).toBe(403);
    expect((await call('admin', 'GET', '/api/v1/device/?venue=x')).statusCode).toBe(400);
  });

  it("renames a device of the office's venue, audited; refuses other venues and blank names", async () => {
    const device = await registered('stable');
    const res = await call('organizer', 'PATCH', `/api/v1/device/${device.id}/`, { name: 'Stable east' });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Stable east');
    expect(await auditOf('device.rename')).toEqual([
      expect.objectContaining({ id: device.id, from: 'Stable tablet 1', to: 'Stable east' }),
    ]);
    const blank = await call('organizer', 'PATCH', `/api/v1/device/${device.id}/`, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ name: ['required'] });
    expect((await call(f.organizer2, 'PATCH', `/api/v1/device/${device.id}/`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await call('organizer', 'PATCH', '/api/v1/device/999999/', { name: 'X' })).statusCode).toBe(404);
    expect((await call('stable', 'PATCH', `/api/v1/device/${device.id}/`, { name: 'X' })).statusCode).toBe(403);
    const [row] = await db().select().from(devices).where(eq(devices.id, device.id));
    expect(row!.name).toBe('Stable east');
  });

  it('revokes and restores, audited once each; the revoked heartbeat and registration answer device_revoked', async () => {
    const device = await registered('stable');
    expect((await call(f.organizer2, 'POST', `/api/v1/device/${device.id}/revoke/`)).statusCode).toBe(403);
    expect((await call('stable', 'POST', `/api/v1/device/${device.id}/revoke/`)).statusCode).toBe(403);
    expect((await call('organizer', 'POST', '/api/v1/device/999999/revoke/')).statusCode).toBe(404);

    const revoked = await call('organizer', 'POST', `/api/v1/device/${device.id}/revoke/`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({
      state: 'revoked',
      revoked_at: expect.any(String),
      revoked_by: expect.any(String),
    });
    // Again: no change, nothing audited twice.
    expect((await call('organizer', 'POST', `/api/v1/device/${device.id}/revoke/`)).json().state).toBe('revoked');
    expect(await auditOf('device.revoke')).toEqual([
      expect.objectContaining({ id: device.id, venue: 1, device: device.device_id }),
    ]);

    const beat = await heartbeat('stable', { device_id: device.device_id, pending_writes: 4 });
    expect(beat.statusCode).toBe(403);
    expect(beat.json().error).toBe('device_revoked');
    const again = await register('stable', { device_id: device.device_id, name: 'Sneaky' });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toBe('device_revoked');
    const [row] = await db().select().from(devices).where(eq(devices.id, device.id));
    expect(row).toMatchObject({ name: 'Stable tablet 1', pendingWrites: 0 });

    const restored = await call('admin', 'POST', `/api/v1/device/${device.id}/restore/`);
    expect(restored.json()).toMatchObject({ state: 'active', revoked_at: null, revoked_by: null });
    expect(await auditOf('device.restore')).toHaveLength(1);
    expect((await heartbeat('stable', { device_id: device.device_id, pending_writes: 4 })).statusCode).toBe(200);
  });
});

describe("a revoked device's floor writes", () => {
  /** Every floor write path, with its role and a body from `device`. */
  function writes(device: string, attendee: number) {
    return [
      {
        user: 'stable',
        path: 'transaction/',
        body: {
          venue: 1,
          kind: 'charge',
          party_type: 'rider',
          party_id: f.rider,
          consumable: f.box,
          source: 'stable',
          device_id: device,
        },
      },
      {
        user: 'welcomedesk',
        path: 'attendee/',
        body: { venue: 1, first_name: 'Gus', last_name: 'Guest', device_id: device },
      },
      { user: 'welcomedesk', path: 'attendeeCheckin/', body: { attendee, action: 'in', device_id: device } },
      {
        user: 'signin',
        path: 'riderSignin/',
        body: { participation: f.participation, action: 'in', device_id: device },
      },
      {
        user: 'vetcheck',
        path: 'vetInspection/',
        body: {
          horse: f.horse,
          status: 'passed',
          notes: '',
          inspector: 'Dr. Vet',
          device_id: device,
          occurred_at: new Date().toISOString(),
        },
      },
    ];
  }

  async function snapshot() {
    return {
      ledger: await ledgerCounts(db()),
      attendees: await rows(attendees),
      checkins: await rows(attendeeCheckins),
      signins: await rows(riderSignins),
      inspections: await rows(vetInspections),
    };
  }

  it('are refused with 403 device_revoked on every path and change nothing; another device still writes', async () => {
    const revokedDevice = await registered('stable');
    const other = await registered('welcomedesk', randomUUID(), 'Desk');
    const guest = await write(app(), await server().auth('welcomedesk'), 'attendee/', {
      venue: 1,
      first_name: 'Ann',
      last_name: 'Early',
      device_id: other.device_id,
    });
    expect(guest.statusCode).toBe(201);
    // A charge of the device before it was revoked: its undo is a write of the device too.
    const chargeKey = randomUUID();
    const charged = await write(
      app(),
      await server().auth('stable'),
      'transaction/',
      {
        ...writes(revokedDevice.device_id, 0)[0]!.body,
      },
      chargeKey,
    );
    expect(charged.statusCode).toBe(201);
    const signIn = await app().inject({
      method: 'POST',
      url: '/api/token/auth/',
      payload: { username: 'stable', password: DEMO_PASSWORD, device_id: revokedDevice.device_id },
    });
    const deviceToken = signIn.json<{ device_token: string }>().device_token;

    expect((await call('organizer', 'POST', `/api/v1/device/${revokedDevice.id}/revoke/`)).statusCode).toBe(200);
    const before = await snapshot();
    for (const { user, path, body } of writes(revokedDevice.device_id, guest.json().id)) {
      const res = await write(app(), await server().auth(user), path, body);
      expect(res.statusCode, path).toBe(403);
      expect(res.json(), path).toMatchObject({ error: 'device_revoked', message: expect.any(String) });
    }
    const undo = await write(app(), await server().auth('stable'), 'transaction/undo/', {
      venue: 1,
      key: chargeKey,
      device_id: revokedDevice.device_id,
    });
    expect(undo.statusCode).toBe(403);
    expect(undo.json().error).toBe('device_revoked');
    // An office correction sent from that device too.
    const edit = await write(
      app(),
      await server().auth('organizer'),
      `transaction/${charged.json().id}/`,
      { quantity: 2, device_id: revokedDevice.device_id },
      randomUUID(),
      'PATCH',
    );
    expect(edit.statusCode).toBe(403);
    // The device credential is not exchanged for a session from it any more.
    const exchange = await app().inject({
      method: 'POST',
      url: '/api/token/device/',
      payload: { device_token: deviceToken, device_id: revokedDevice.device_id },
    });
    expect(exchange.statusCode).toBe(403);
    expect(exchange.json().error).toBe('device_revoked');
    expect(await snapshot()).toEqual(before);

    // The same writes from a device in good standing go through.
    for (const { user, path, body } of writes(other.device_id, guest.json().id)) {
      const res = await write(app(), await server().auth(user), path, body);
      expect(res.statusCode, path).toBe(201);
    }
    // The revoked device's credential names its device (signed): another id in the body is no way round.
    const disguised = await app().inject({
      method: 'POST',
      url: '/api/token/device/',
      payload: { device_token: deviceToken, device_id: other.device_id },
    });
    expect(disguised.statusCode).toBe(403);
    expect(disguised.json().error).toBe('device_revoked');
    // The credential of a device in good standing is exchanged.
    const otherSignIn = await app().inject({
      method: 'POST',
      url: '/api/token/auth/',
      payload: { username: 'stable', password: DEMO_PASSWORD, device_id: other.device_id },
    });
    const fine = await app().inject({
      method: 'POST',
      url: '/api/token/device/',
      payload: { device_token: otherSignIn.json<{ device_token: string }>().device_token, device_id: other.device_id },
    });
    expect(fine.statusCode).toBe(200);

    // Restored: its writes are taken again.
    await call('organizer', 'POST', `/api/v1/device/${revokedDevice.id}/restore/`);
    const res = await write(app(), await server().auth('signin'), 'riderSignin/', {
      participation: f.participation,
      action: 'out',
      device_id: revokedDevice.device_id,
    });
    expect(res.statusCode).toBe(201);
  });

  it('keep the device id on each write and in its audit entry', async () => {
    const device = 'tablet-' + randomUUID();
    const key = randomUUID();
    const charge = await write(
      app(),
      await server().auth('stable'),
      'transaction/',
      {
        venue: 1,
        kind: 'charge',
        party_type: 'rider',
        party_id: f.rider,
        consumable: f.box,
        source: 'stable',
        device_id: device,
      },
      key,
    );
    expect(charge.statusCode).toBe(201);
    expect(charge.json().device_id).toBe(device);
    const undone = await write(app(), await server().auth('stable'), 'transaction/undo/', {
      venue: 1,
      key,
      device_id: device,
    });
    expect(undone.statusCode).toBe(204);
    const ledger = await db().select().from(transactions).where(eq(transactions.venueId, 1));
    expect(ledger.map((t) => [t.kind, t.deviceId])).toEqual([
      ['charge', device],
      ['reversal', device],
    ]);
    expect(await auditOf('transaction.create')).toEqual([expect.objectContaining({ device })]);
    expect(await auditOf('transaction.delete')).toEqual([expect.objectContaining({ device })]);

    const guest = await write(app(), await server().auth('welcomedesk'), 'attendee/', {
      venue: 1,
      first_name: 'Gus',
      last_name: 'Guest',
      device_id: device,
    });
    await write(app(), await server().auth('welcomedesk'), 'attendeeCheckin/', {
      attendee: guest.json().id,
      action: 'in',
      device_id: device,
    });
    await write(app(), await server().auth('signin'), 'riderSignin/', {
      participation: f.participation,
      action: 'in',
      device_id: device,
    });
    await write(app(), await server().auth('vetcheck'), 'vetInspection/', {
      horse: f.horse,
      status: 'passed',
      notes: '',
      inspector: 'Dr. Vet',
      occurred_at: new Date().toISOString(),
      device_id: device,
    });
    for (const action of ['attendee.create', 'attendee.checkin', 'rider.signin', 'horse.inspection']) {
      expect(await auditOf(action), action).toEqual([expect.objectContaining({ device })]);
    }
    const [checkin] = await db().select().from(attendeeCheckins);
    const [signin] = await db().select().from(riderSignins);
    const [inspection] = await db()
      .select()
      .from(vetInspections)
      .where(and(eq(vetInspections.venueId, 1)));
    expect([checkin!.deviceId, signin!.deviceId, inspection!.deviceId]).toEqual([device, device, device]);
  });
});

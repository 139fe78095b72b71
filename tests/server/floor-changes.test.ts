import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { floorChanges, SYNC_PROTOCOL } from '@shared/schemas/floor';
import { consumables, grooms, participationHorses, riders, venueParticipations } from '../../server/src/db/schema';
import { qrCodeOf } from '../../server/src/security/qr';
import { pull, seedFloorFixtures, write } from './floor-fixtures';
import { postEntry } from './ledger-fixtures';
import { useSeededServer } from './helpers/use-server';

const { server, f, db } = useSeededServer(seedFloorFixtures);

const app = () => server().app;
const as = (username: string) => server().auth(username);
const qr = (type: 'r' | 'g', id: number) => qrCodeOf(server().config.qrSecret, type, id);
const charge = () => ({ venue: 1, kind: 'charge', party_type: 'rider', party_id: f.rider, consumable: f.box });

/** The cursor after a first pull. */
async function cursorNow(username = 'stable'): Promise<number> {
  return (await pull(app(), await as(username), 1)).changes().cursor;
}

/** Sizes of every list of a pull. */
const sizes = (c: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(c).flatMap(([k, v]) => (Array.isArray(v) ? [[k, v.length]] : [])));

describe('GET /api/v1/venue/{id}/floor/changes/ snapshot', () => {
  it("holds the venue's riders, grooms, horses, consumables and entries with their wire fields", async () => {
    const posted = await postEntry(app(), await as('stable'), { ...charge(), source: 'stable', device_id: 'tab-1' });
    expect(posted.statusCode).toBe(201);
    const res = await pull(app(), await as('stable'), 1);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const c = res.changes();
    expect(c).toMatchObject({
      protocol: SYNC_PROTOCOL,
      reset: true,
      venue: { id: 1, name: 'Paddock Classic', currency: 'EUR', currency_display: '€', time_zone: 'Europe/Ljubljana' },
      deleted: [],
    });
    expect(c.cursor).toBeGreaterThan(0);
    expect(c.riders).toEqual([
      {
        id: f.participation,
        rider: f.rider,
        name: 'Rosa Rider',
        payer: { type: 'rider', id: f.rider, name: 'Rosa Rider' },
        qr: qr('r', f.rider),
      },
    ]);
    expect(c.grooms).toEqual([
      { id: f.groom, rider: f.rider, participation: f.participation, name: 'Gina Groom', qr: qr('g', f.groom) },
    ]);
    expect(c.horses).toEqual([
      expect.objectContaining({ id: f.horse, participation: f.participation, rider: f.rider, head_number: 101 }),
    ]);
    expect(c.horses[0]).toMatchObject({ name: 'Quidam Blue', fei_id: '105IG70' });
    expect(c.consumables.map((x) => x.id).sort()).toEqual([f.box, f.shavings, f.inactive].sort());
    expect(c.consumables.find((x) => x.id === f.box)).toEqual({
      id: f.box,
      name: 'Box',
      category: 'box',
      unit: 'piece',
      unit_price: 15000,
      active: true,
    });
    const ledgerWire = posted.json();
    expect(c.transactions).toEqual([
      {
        id: ledgerWire.id,
        key: expect.any(String),
        kind: 'charge',
        party: { type: 'rider', id: f.rider, name: 'Rosa Rider' },
        rider: f.rider,
        consumable: f.box,
        description: ledgerWire.description,
        quantity: 1,
        unit_price: 15000,
        gross: -15000,
        currency: 'EUR',
        source: 'stable',
        created_by: 'Stefan Stall',
        device_id: 'tab-1',
        occurred_at: ledgerWire.occurred_at,
        recorded_at: ledgerWire.recorded_at,
        reversal_of: null,
      },
    ]);
  });

  it("signs entries as the ledger's wire does, reversals included, and names an employer's rider", async () => {
    const admin = await as('admin');
    const first = (await postEntry(app(), admin, charge())).json();
    await postEntry(app(), admin, {
      venue: 1,
      kind: 'payment',
      party_type: 'rider',
      party_id: f.rider,
      unit_price: 5000,
      description: 'Cash',
    });
    // Eva takes part in venue 1 too (her employer pays), so she may be charged there.
    await db()
      .insert(venueParticipations)
      .values({ venueId: 1, riderId: f.employedRider, payerType: 'employer', payerId: f.employer });
    expect((await postEntry(app(), admin, { ...charge(), party_id: f.employedRider })).statusCode).toBe(201);
    const removed = await app().inject({ method: 'DELETE', url: `/api/v1/transaction/${first.id}/`, headers: admin });
    expect(removed.statusCode).toBe(204);
    const ledger = (await app().inject({ method: 'GET', url: '/api/v1/transaction/?venue=1', headers: admin })).json();
    const c = (await pull(app(), admin, 1)).changes();
    expect(c.transactions).toHaveLength(4);
    for (const t of c.transactions) {
      const wire = ledger.results.find((w: { id: number }) => w.id === t.id);
      expect({ gross: t.gross, kind: t.kind, reversal_of: t.reversal_of }).toEqual({
        gross: wire.gross,
        kind: wire.kind,
        reversal_of: wire.reversal_of,
      });
    }
    expect(c.transactions.find((t) => t.kind === 'reversal')!.gross).toBe(15000);
    const employers = c.transactions.filter((t) => t.party.type === 'employer');
    expect(employers).toEqual([
      expect.objectContaining({ rider: f.employedRider, party: expect.objectContaining({ id: f.employer }) }),
    ]);
  });

  it('leaves out the rows of other venues', async () => {
    const c = (await pull(app(), await as('admin'), f.venue2)).changes();
    expect(c.riders.map((r) => r.id)).toEqual([f.participation2]);
    expect(c.riders[0]!.payer).toEqual({ type: 'employer', id: f.employer, name: 'Gestüt Arbeitgeber GmbH' });
    expect(c.horses.map((h) => h.id)).toEqual([f.horse2]);
    expect(c.grooms).toEqual([]);
    expect(c.consumables.map((x) => x.id)).toEqual([f.otherVenueConsumable]);
  });
});

describe('the wire form', () => {
  it('is exactly the documented schema, every list and field filled', async () => {
    const c0 = await cursorNow();
    const admin = await as('admin');
    const attendee = (await write(app(), admin, 'attendee/', { venue: 1, first_name: 'Al', badge: 'A-1' })).json();
    await write(app(), admin, 'attendeeCheckin/', { attendee: attendee.id, action: 'in', device_id: 'desk' });
    await write(app(), admin, 'riderSignin/', { participation: f.participation, action: 'in' });
    await write(app(), admin, 'vetInspection/', { horse: f.horse, status: 'passed', notes: 'Sound' });
    await postEntry(app(), admin, charge());
    await db().update(riders).set({ firstName: 'Rosalind' }).where(eq(riders.id, f.rider));
    await db().delete(consumables).where(eq(consumables.id, f.inactive));
    const snapshot = (await pull(app(), admin, 1)).json();
    const since = (await pull(app(), admin, 1, c0)).json();
    // parse() drops members the schema does not name: equal means nothing extra, nothing missing.
    expect(floorChanges.parse(snapshot)).toEqual(snapshot);
    expect(floorChanges.parse(since)).toEqual(since);
    const { deleted, ...lists } = sizes(snapshot);
    expect(deleted).toBe(0);
    expect(Object.values(lists).every((n) => n > 0)).toBe(true);
    expect(since.deleted).toEqual([{ entity: 'consumables', id: f.inactive }]);
  });
});

describe('incremental pulls', () => {
  it('bring only what changed since the cursor, and nothing when nothing did', async () => {
    const stable = await as('stable');
    const c0 = await cursorNow();
    const same = (await pull(app(), stable, 1, c0)).changes();
    expect(same).toMatchObject({ reset: false, cursor: c0 });
    expect(Object.values(sizes(same)).every((n) => n === 0)).toBe(true);

    const key = 'a0f9c3f2-7d5e-4f7b-9a55-5c36b1a0c001';
    await postEntry(app(), stable, { ...charge(), source: 'stable' }, key);
    const c1 = (await pull(app(), stable, 1, c0)).changes();
    expect(c1.cursor).toBeGreaterThan(c0);
    expect(sizes(c1)).toMatchObject({ transactions: 1, riders: 0, horses: 0, attendees: 0, consumables: 0 });
    expect(c1.transactions[0]).toMatchObject({ key, gross: -15000, rider: f.rider });

    const added = await write(app(), await as('welcomedesk'), 'attendee/', {
      venue: 1,
      first_name: 'Gus',
      kind: 'guest',
    });
    expect(added.statusCode).toBe(201);
    const c2 = (await pull(app(), stable, 1, c1.cursor)).changes();
    expect(sizes(c2)).toMatchObject({ attendees: 1, transactions: 0 });
    expect(c2.attendees[0]).toMatchObject({ id: added.json().id, first_name: 'Gus' });
  });

  it('carry a head-number change, a groom rename and a rider rename', async () => {
    const stable = await as('stable');
    const c0 = await cursorNow();
    await db().update(participationHorses).set({ headNumber: 202 }).where(eq(participationHorses.id, f.horse));
    const c1 = (await pull(app(), stable, 1, c0)).changes();
    expect(sizes(c1)).toMatchObject({ horses: 1, riders: 0, grooms: 0 });
    expect(c1.horses[0]).toMatchObject({ id: f.horse, head_number: 202 });

    await db().update(grooms).set({ firstName: 'Georgina' }).where(eq(grooms.id, f.groom));
    const c2 = (await pull(app(), stable, 1, c1.cursor)).changes();
    expect(c2.grooms).toEqual([expect.objectContaining({ id: f.groom, name: 'Georgina Groom', qr: qr('g', f.groom) })]);

    await db().update(riders).set({ lastName: 'Reiterin' }).where(eq(riders.id, f.rider));
    const c3 = (await pull(app(), stable, 1, c2.cursor)).changes();
    expect(c3.riders).toEqual([expect.objectContaining({ id: f.participation, name: 'Rosa Reiterin' })]);
    expect(sizes(c3)).toMatchObject({ horses: 0, transactions: 0 });
  });

  it('send tombstones for a deleted consumable and a deleted participation', async () => {
    const stable = await as('stable');
    const c0 = await cursorNow();
    await db().delete(consumables).where(eq(consumables.id, f.inactive));
    const c1 = (await pull(app(), stable, 1, c0)).changes();
    expect(c1.deleted).toEqual([{ entity: 'consumables', id: f.inactive }]);
    expect(c1.consumables).toEqual([]);

    await db().delete(venueParticipations).where(eq(venueParticipations.id, f.participation));
    const c2 = (await pull(app(), stable, 1, c1.cursor)).changes();
    expect(c2.deleted).toEqual(
      expect.arrayContaining([
        { entity: 'riders', id: f.participation },
        { entity: 'horses', id: f.horse },
      ]),
    );
    expect(c2.riders).toEqual([]);
  });

  it('carry a groom moved to another rider of the venue as a row, not as a tombstone', async () => {
    const [other] = await db()
      .insert(venueParticipations)
      .values({ venueId: 1, riderId: f.employedRider, payerType: 'employer', payerId: f.employer })
      .returning({ id: venueParticipations.id });
    const c0 = await cursorNow();
    await db().update(grooms).set({ riderId: f.employedRider }).where(eq(grooms.id, f.groom));
    const c = (await pull(app(), await as('stable'), 1, c0)).changes();
    expect(c.grooms).toEqual([
      expect.objectContaining({ id: f.groom, rider: f.employedRider, participation: other!.id }),
    ]);
    expect(c.deleted).toEqual([]);
  });

  it('answer a full snapshot to a cursor ahead of the server (a reset database)', async () => {
    const c0 = await cursorNow();
    const c = (await pull(app(), await as('stable'), 1, c0 + 1000)).changes();
    expect(c).toMatchObject({ reset: true, cursor: c0, deleted: [] });
    expect(sizes(c)).toMatchObject({ riders: 1, grooms: 1, horses: 1, consumables: 3 });
  });
});

describe('the sync protocol header', () => {
  it('answers 426 sync_outdated below the minimum and accepts the current version or none', async () => {
    const stable = await as('stable');
    const old = await pull(app(), stable, 1, 0, { 'x-paddock-sync': String(SYNC_PROTOCOL - 1) });
    expect(old.statusCode).toBe(426);
    expect(old.json().error).toBe('sync_outdated');
    expect((await pull(app(), stable, 1, 0, { 'x-paddock-sync': 'garbage' })).statusCode).toBe(426);
    const current = await pull(app(), stable, 1, 0, { 'x-paddock-sync': String(SYNC_PROTOCOL) });
    expect(current.statusCode).toBe(200);
    expect(current.headers['x-paddock-sync']).toBe(String(SYNC_PROTOCOL));
    expect((await pull(app(), stable, 1)).statusCode).toBe(200);
  });
});

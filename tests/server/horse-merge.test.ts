import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  horses,
  participationHorses,
  riderHorses,
  vecParticipations,
  vetInspections,
} from '../../server/src/db/schema';
import { pull } from './floor-fixtures';
import { auditActions, caller, countOf, seedPeopleFixtures, type PeopleFixtures } from './people-fixtures';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
let f: PeopleFixtures;
/** "quidam-blue": a second record of Quidam Blue, linked everywhere the kept one is and more. */
let dup: number;
let dupAtVenue1: number;
let dupAtVenue2: number;

beforeEach(async () => {
  f = await seedPeopleFixtures(server().database.db);
  const d = db();
  const [row] = await d
    .insert(horses)
    .values({ name: 'quidam-blue', nationalId: '528003', colour: 'grey' })
    .returning({ id: horses.id });
  dup = row!.id;
  await d.insert(riderHorses).values([
    { riderId: f.rider, horseId: dup, ownerName: 'Someone else', meta: { stable: 'B2', box: '7' } },
    { riderId: f.employedRider, horseId: f.quidam },
    { riderId: f.employedRider, horseId: dup, ownerName: 'Dup Owner', ownerVatId: 'DE999' },
    { riderId: f.otherRider, horseId: dup },
  ]);
  const [ph1, ph2] = await d
    .insert(participationHorses)
    .values([
      { venueParticipationId: f.participation, venueId: 1, horseId: dup, headNumber: 103 },
      { venueParticipationId: f.participation2, venueId: f.venue2, horseId: dup, headNumber: 8 },
    ])
    .returning({ id: participationHorses.id });
  dupAtVenue1 = ph1!.id;
  dupAtVenue2 = ph2!.id;
  await d.insert(vetInspections).values({ venueId: 1, participationHorseId: dupAtVenue1, status: 'passed' });
  await d.insert(vecParticipations).values({ vecId: f.vec, venueParticipationId: f.participation, horseId: dup });
});

const db = () => server().database.db;
const call = caller(
  () => server().app,
  (u) => server().auth(u),
);
const merge = (username: string, id: number, into: number) =>
  call(username, 'POST', `/api/v1/horse/${id}/merge/`, { into });

describe('GET /api/v1/horse/duplicates/', () => {
  it('groups horses by normalised name with their riders and participations', async () => {
    const res = await call('admin', 'GET', '/api/v1/horse/duplicates/');
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      {
        key: 'quidamblue',
        horses: [
          expect.objectContaining({ id: f.quidam, name: 'Quidam Blue', riders: 2, participations: 1 }),
          expect.objectContaining({ id: dup, name: 'quidam-blue', riders: 3, participations: 2 }),
        ],
      },
    ]);
    expect((await call('organizer', 'GET', '/api/v1/horse/duplicates/')).statusCode).toBe(403);
  });
});

describe('POST /api/v1/horse/{id}/merge/', () => {
  it('moves every link to the kept horse, fills its empty fields and deletes the duplicate', async () => {
    const cursor2 = (await pull(server().app, await server().auth('admin'), f.venue2)).changes().cursor;
    const cursor1 = (await pull(server().app, await server().auth('admin'), 1)).changes().cursor;
    const res = await merge('admin', dup, f.quidam);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: f.quidam,
      name: 'Quidam Blue',
      fei_id: '105IG70',
      national_id: '528003',
      colour: 'grey',
    });
    expect(await db().select().from(horses).where(eq(horses.id, dup))).toEqual([]);

    const links = await db().select().from(riderHorses).where(eq(riderHorses.horseId, f.quidam));
    const byRider = new Map(links.map((l) => [l.riderId, l]));
    expect(links).toHaveLength(3);
    // The demo rider's link had owner data: kept, meta merged (the kept link's value wins).
    expect(byRider.get(f.rider)).toMatchObject({
      id: f.quidamLink,
      ownerName: 'Gestüt Lipica',
      meta: { stable: 'A1', box: '7' },
    });
    // Eva's kept link had none: it takes the duplicate's.
    expect(byRider.get(f.employedRider)).toMatchObject({ ownerName: 'Dup Owner', ownerVatId: 'DE999' });
    expect(byRider.has(f.otherRider)).toBe(true);

    // Venue 1 had both: one row stays (head number 101) with the inspection; venue 2's row moved.
    const rows = await db().select().from(participationHorses).where(eq(participationHorses.horseId, f.quidam));
    expect(rows.map((r) => [r.id, r.headNumber]).sort()).toEqual(
      [
        [f.horse, 101],
        [dupAtVenue2, 8],
      ].sort(),
    );
    const [inspection] = await db().select().from(vetInspections);
    expect(inspection!.participationHorseId).toBe(f.horse);
    const entries = await db().select().from(vecParticipations).where(eq(vecParticipations.horseId, f.quidam));
    expect(entries.map((e) => e.venueParticipationId)).toEqual([f.participation]);
    expect(await countOf(db(), 'vec_participations')).toBe(2);
    expect(await auditActions(db())).toEqual(['horse.merge']);

    // The floor hears of it: venue 2's horse row now shows the kept horse, venue 1's duplicate row is gone.
    const changes2 = (await pull(server().app, await server().auth('admin'), f.venue2, cursor2)).changes();
    expect(changes2.horses).toContainEqual(
      expect.objectContaining({ id: dupAtVenue2, horse: f.quidam, name: 'Quidam Blue', head_number: 8 }),
    );
    const changes1 = (await pull(server().app, await server().auth('admin'), 1, cursor1)).changes();
    expect(changes1.deleted).toContainEqual({ entity: 'horses', id: dupAtVenue1 });
  });

  it('refuses the same record, an unknown target, an unknown horse and non-admins, changing nothing', async () => {
    expect((await merge('admin', dup, dup)).json()).toMatchObject({ fields: { into: ['same_record'] } });
    expect((await merge('admin', dup, 99999)).json()).toMatchObject({ fields: { into: ['does_not_exist'] } });
    expect((await merge('admin', 99999, f.quidam)).statusCode).toBe(404);
    expect((await merge('organizer', dup, f.quidam)).statusCode).toBe(403);
    expect((await merge('rider', dup, f.quidam)).statusCode).toBe(403);
    expect(await countOf(db(), 'horses')).toBe(3);
    expect(await countOf(db(), 'rider_horses')).toBe(6);
    expect(await countOf(db(), 'participation_horses')).toBe(4);
  });
});

describe('GET/PATCH /api/v1/horse/{id}/', () => {
  it('reads and corrects a horse; refuses an invalid or taken FEI id', async () => {
    expect((await call('admin', 'GET', `/api/v1/horse/${dup}/`)).json()).toMatchObject({ name: 'quidam-blue' });
    const fixed = await call('admin', 'PATCH', `/api/v1/horse/${dup}/`, { name: 'Quidam Blue II', fei_id: '107cd34' });
    expect(fixed.json()).toMatchObject({ id: dup, name: 'Quidam Blue II', fei_id: '107CD34', national_id: null });
    const bad = await call('admin', 'PATCH', `/api/v1/horse/${dup}/`, { name: 'X', fei_id: 'ABC' });
    expect(bad.json()).toMatchObject({ fields: { fei_id: ['invalid_fei_id'] } });
    const taken = await call('admin', 'PATCH', `/api/v1/horse/${dup}/`, { name: 'X', fei_id: '105IG70' });
    expect(taken.json()).toMatchObject({ fields: { fei_id: ['duplicate'] } });
    expect((await call('admin', 'GET', `/api/v1/horse/${dup}/`)).json().name).toBe('Quidam Blue II');
    expect((await call('admin', 'GET', '/api/v1/horse/99999/')).statusCode).toBe(404);
    expect((await call('stable', 'PATCH', `/api/v1/horse/${dup}/`, { name: 'Y' })).statusCode).toBe(403);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { attendees } from '../../server/src/db/schema';
import { pull, seedFloorFixtures, write } from './floor-fixtures';
import { useSeededServer } from './helpers/use-server';

const { server, f } = useSeededServer(seedFloorFixtures);

const app = () => server().app;
const as = (username: string) => server().auth(username);
const get = async (username: string, url: string) =>
  app().inject({ method: 'GET', url: `/api/v1/${url}`, headers: await as(username) });

/** An attendee of venue 2 made with a known client key. */
async function otherVenueAttendee(): Promise<{ id: number; key: string }> {
  const key = randomUUID();
  const [row] = await server()
    .database.db.insert(attendees)
    .values({ venueId: f.venue2, firstName: 'Zora', clientKey: key })
    .returning({ id: attendees.id });
  return { id: row!.id, key };
}

describe('who may pull a venue’s floor', () => {
  it('lets the venue’s own staff and admins pull it, and nobody else', async () => {
    expect((await pull(app(), await as('stable'), 1)).statusCode).toBe(200);
    expect((await pull(app(), await as('stable2'), f.venue2)).statusCode).toBe(200);
    expect((await pull(app(), await as('admin'), f.venue2)).statusCode).toBe(200);
    const foreign = await pull(app(), await as('stable'), f.venue2);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBe('forbidden');
    expect((await pull(app(), await as('stable2'), 1)).statusCode).toBe(403);
    expect((await pull(app(), await as('rider'), 1)).statusCode).toBe(403);
    expect((await pull(app(), await as('merchant'), 1)).statusCode).toBe(403);
    expect((await pull(app(), await as('admin'), 999999)).statusCode).toBe(404);
    const anonymous = await app().inject({ method: 'GET', url: '/api/v1/venue/1/floor/changes/' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps other venues’ attendees and events out of a staff user’s lists', async () => {
    const zora = await otherVenueAttendee();
    expect((await get('welcomedesk', `attendee/?venue=${f.venue2}`)).statusCode).toBe(403);
    expect((await get('welcomedesk', `attendeeCheckin/?attendee=${zora.id}`)).statusCode).toBe(403);
    expect((await get('vetcheck', `vetInspection/?horse=${f.horse2}`)).statusCode).toBe(403);
    expect((await get('signin', `riderSignin/?participation=${f.participation2}`)).statusCode).toBe(403);
    expect((await get('signin', `riderSignin/?venue=${f.venue2}`)).statusCode).toBe(403);
    expect((await get('admin', `attendee/?venue=${f.venue2}`)).json().count).toBe(1);
  });
});

describe('who may write on the floor', () => {
  it('refuses an inspection from the welcome desk and a check-in from the vet', async () => {
    const desk = await write(app(), await as('welcomedesk'), 'vetInspection/', { horse: f.horse, status: 'passed' });
    expect(desk.statusCode).toBe(403);
    const attendee = (await write(app(), await as('welcomedesk'), 'attendee/', { venue: 1, first_name: 'Al' })).json();
    const vet = await write(app(), await as('vetcheck'), 'attendeeCheckin/', { attendee: attendee.id, action: 'in' });
    expect(vet.statusCode).toBe(403);
    expect((await write(app(), await as('stable'), 'attendee/', { venue: 1, first_name: 'Al' })).statusCode).toBe(403);
    expect(
      (await write(app(), await as('vetcheck'), 'riderSignin/', { participation: f.participation, action: 'in' }))
        .statusCode,
    ).toBe(403);
  });

  it('lets the sign-in desk sign riders in only at its own venue', async () => {
    const signin = await as('signin');
    expect(
      (await write(app(), signin, 'riderSignin/', { participation: f.participation, action: 'in' })).statusCode,
    ).toBe(201);
    const foreign = await write(app(), signin, 'riderSignin/', { participation: f.participation2, action: 'in' });
    expect(foreign.statusCode).toBe(403);
    const vet = await write(app(), await as('vetcheck'), 'vetInspection/', { horse: f.horse2, status: 'passed' });
    expect(vet.statusCode).toBe(403);
    expect(
      (await write(app(), await as('admin'), 'vetInspection/', { horse: f.horse2, status: 'passed' })).statusCode,
    ).toBe(201);
  });

  it('keeps the welcome desk to its venue’s attendees, by id and by client key', async () => {
    const zora = await otherVenueAttendee();
    const desk = await as('welcomedesk');
    expect((await write(app(), desk, 'attendee/', { venue: f.venue2, first_name: 'Al' })).statusCode).toBe(403);
    expect((await write(app(), desk, 'attendeeCheckin/', { attendee: zora.id, action: 'in' })).statusCode).toBe(403);
    const byKey = await write(app(), desk, 'attendeeCheckin/', { attendee_key: zora.key, action: 'in' });
    expect(byKey.statusCode).toBe(400);
    expect(byKey.json().fields).toEqual({ attendee: ['does_not_exist'] });
    const patch = await app().inject({
      method: 'PATCH',
      url: `/api/v1/attendee/${zora.id}/`,
      headers: desk,
      payload: { badge: 'Z' },
    });
    expect(patch.statusCode).toBe(403);
    const admin = await write(app(), await as('admin'), 'attendeeCheckin/', { attendee_key: zora.key, action: 'in' });
    expect(admin.statusCode).toBe(201);
  });
});

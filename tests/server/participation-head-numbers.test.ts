import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { riders, users, venues } from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

type Method = 'GET' | 'POST' | 'PATCH';
async function call(username: string, method: Method, url: string, payload?: object) {
  return server().app.inject({ method, url, payload, headers: await server().auth(username) });
}
const organizer = (method: Method, url: string, payload?: object) => call('organizer', method, url, payload);

interface Participation {
  id: number;
  horses: { id: number; horse: { name: string }; head_number: number | null }[];
}

async function setRange(from: number | null, to: number | null) {
  await server().database.db.update(venues).set({ headNumberFrom: from, headNumberTo: to }).where(eq(venues.id, 1));
}

/** Rosa with two horses and Morgan with one, at venue 1. */
async function enrol(): Promise<[Participation, Participation]> {
  const db = server().database.db;
  const ids = await db
    .select({ id: riders.id, username: users.username })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId));
  const rider = (username: string) => ids.find((r) => r.username === username)!.id;
  const horse = async (name: string) => (await organizer('POST', '/api/v1/horse/', { name })).json().id;
  const rosa = await organizer('POST', '/api/v1/venueParticipation/', {
    venue: 1,
    rider: rider('rider'),
    horses: [await horse('Alpha'), await horse('Bravo')],
  });
  const morgan = await organizer('POST', '/api/v1/venueParticipation/', {
    venue: 1,
    rider: rider('multi'),
    horses: [await horse('Charlie')],
  });
  return [rosa.json(), morgan.json()];
}

const numbers = (body: { results: Participation[] }) =>
  Object.fromEntries(body.results.flatMap((p) => p.horses.map((h) => [h.horse.name, h.head_number])));

describe('head numbers', () => {
  it('gives every horse without a number the next free numbers from the start of the range', async () => {
    await setRange(10, 14);
    const [rosa] = await enrol();
    const explicit = await organizer('POST', '/api/v1/venue/1/assignHeadNumbers/', {
      assignments: [{ participation_horse: rosa.horses[1]!.id, head_number: 11 }],
    });
    expect(numbers(explicit.json())).toEqual({ Alpha: null, Bravo: 11, Charlie: null });

    const res = await organizer('POST', '/api/v1/venue/1/assignHeadNumbers/', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(2);
    expect(numbers(res.json())).toEqual({ Alpha: 10, Bravo: 11, Charlie: 12 });
    const again = await organizer('POST', '/api/v1/venue/1/assignHeadNumbers/', {});
    expect(numbers(again.json())).toEqual({ Alpha: 10, Bravo: 11, Charlie: 12 });
  });

  it('numbers only the participations named', async () => {
    await setRange(1, 999);
    const [rosa, morgan] = await enrol();
    const res = await organizer('POST', '/api/v1/venue/1/assignHeadNumbers/', { participations: [morgan.id] });
    expect(res.json().results.map((p: Participation) => p.id)).toEqual([morgan.id]);
    expect(numbers(res.json())).toEqual({ Charlie: 1 });
    const all = await organizer('GET', `/api/v1/venueParticipation/${rosa.id}/`);
    expect(all.json().horses.map((h: { head_number: number | null }) => h.head_number)).toEqual([null, null]);
  });

  it('refuses numbers out of range, taken, or given twice in one request, and changes nothing', async () => {
    await setRange(10, 14);
    const [rosa, morgan] = await enrol();
    const [alpha, bravo] = rosa.horses.map((h) => h.id) as [number, number];
    const charlie = morgan.horses[0]!.id;
    await organizer('POST', '/api/v1/venue/1/assignHeadNumbers/', {
      assignments: [{ participation_horse: charlie, head_number: 12 }],
    });

    const res = await organizer('POST', '/api/v1/venue/1/assignHeadNumbers/', {
      assignments: [
        { participation_horse: alpha, head_number: 15 },
        { participation_horse: bravo, head_number: 12 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      assignments: { 0: { head_number: ['head_number_out_of_range'] }, 1: { head_number: ['head_number_taken'] } },
    });
    const twice = await organizer('POST', '/api/v1/venue/1/assignHeadNumbers/', {
      assignments: [
        { participation_horse: alpha, head_number: 13 },
        { participation_horse: bravo, head_number: 13 },
      ],
    });
    expect(twice.json().fields).toEqual({
      assignments: { 0: { head_number: ['head_number_taken'] }, 1: { head_number: ['head_number_taken'] } },
    });
    const unknown = await organizer('POST', '/api/v1/venue/1/assignHeadNumbers/', {
      assignments: [{ participation_horse: 9999, head_number: 13 }],
    });
    expect(unknown.json().fields).toEqual({ assignments: { 0: { participation_horse: ['not_at_venue'] } } });
    const state = await organizer('GET', '/api/v1/venueParticipation/');
    expect(numbers(state.json())).toEqual({ Alpha: null, Bravo: null, Charlie: 12 });

    const swap = await organizer('POST', '/api/v1/venue/1/assignHeadNumbers/', {
      assignments: [
        { participation_horse: alpha, head_number: 12 },
        { participation_horse: charlie, head_number: 10 },
      ],
    });
    expect(numbers(swap.json())).toEqual({ Alpha: 12, Bravo: null, Charlie: 10 });
  });

  it('answers no_head_number_range when the range is missing or exhausted', async () => {
    await setRange(10, 11);
    await enrol();
    const exhausted = await organizer('POST', '/api/v1/venue/1/assignHeadNumbers/', {});
    expect(exhausted.statusCode).toBe(400);
    expect(exhausted.json().fields).toEqual({ __all__: ['no_head_number_range'] });
    expect(numbers((await organizer('GET', '/api/v1/venueParticipation/')).json())).toEqual({
      Alpha: null,
      Bravo: null,
      Charlie: null,
    });
    await setRange(null, null);
    const missing = await organizer('POST', '/api/v1/venue/1/assignHeadNumbers/', {});
    expect(missing.json().fields).toEqual({ __all__: ['no_head_number_range'] });
  });

  it('never gives a number twice when offices number different riders at once', async () => {
    await setRange(1, 999);
    const db = server().database.db;
    const created = await db
      .insert(riders)
      .values(Array.from({ length: 8 }, (_, i) => ({ firstName: 'Rider', lastName: `${i}` })))
      .returning({ id: riders.id });
    const enrolled: Participation[] = [];
    for (const { id } of created) {
      const horse = (await organizer('POST', '/api/v1/horse/', { name: `Horse ${id}` })).json().id;
      enrolled.push(
        (await organizer('POST', '/api/v1/venueParticipation/', { venue: 1, rider: id, horses: [horse] })).json(),
      );
    }
    const headers = await server().auth('organizer');
    const answers = await Promise.all(
      enrolled.map((p) =>
        server().app.inject({
          method: 'POST',
          url: '/api/v1/venue/1/assignHeadNumbers/',
          headers,
          payload: { participations: [p.id] },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(enrolled.map(() => 200));
    const given = Object.values(numbers((await organizer('GET', '/api/v1/venueParticipation/')).json()));
    expect([...given].sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('deletes the numbers of some participations or of all', async () => {
    await setRange(1, 999);
    const [rosa] = await enrol();
    await organizer('POST', '/api/v1/venue/1/assignHeadNumbers/', {});
    const some = await organizer('POST', '/api/v1/venue/1/deleteHeadNumbers/', { participations: [rosa.id] });
    expect(numbers(some.json())).toEqual({ Alpha: null, Bravo: null });
    expect(numbers((await organizer('GET', '/api/v1/venueParticipation/')).json())).toEqual({
      Alpha: null,
      Bravo: null,
      Charlie: 3,
    });
    const all = await organizer('POST', '/api/v1/venue/1/deleteHeadNumbers/', {});
    expect(numbers(all.json())).toEqual({ Alpha: null, Bravo: null, Charlie: null });
  });

  it('belongs to the venue office', async () => {
    await setRange(1, 999);
    await enrol();
    expect((await call('stable', 'POST', '/api/v1/venue/1/assignHeadNumbers/', {})).statusCode).toBe(403);
    expect((await call('admin', 'POST', '/api/v1/venue/99/assignHeadNumbers/', {})).statusCode).toBe(404);
    await server().database.db.insert(venues).values({ name: 'Elsewhere', headNumberFrom: 1, headNumberTo: 9 });
    expect((await organizer('POST', '/api/v1/venue/2/deleteHeadNumbers/', {})).statusCode).toBe(403);
  });
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accounts,
  horses,
  merchantParticipations,
  officialParticipations,
  officials,
  participationHorses,
  riders,
  users,
  venueParticipations,
  venues,
} from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';

/**
 * Least privilege: floor roles see only the participants of their assigned venue,
 * without contact details, and only the roles with a money screen read a venue's entries.
 */
const server = useTestServer();
const db = () => server().database.db;

async function get(username: string, url: string) {
  return server().app.inject({ url, headers: await server().auth(username) });
}

interface Found {
  id: number;
  name: string;
  email?: string | null;
}

/** Venue 1 with a participant of every kind, and the same kinds at another show only. */
async function twoShows() {
  const [other] = await db()
    .insert(venues)
    .values({ name: 'Another Show', timeZone: 'UTC' })
    .returning({ id: venues.id });
  const otherId = other!.id;
  const [here, away] = await db()
    .insert(riders)
    .values([
      { firstName: 'Hanna', lastName: 'Hier', email: 'hanna@example.com' },
      { firstName: 'Anton', lastName: 'Anderswo', email: 'anton@example.com' },
    ])
    .returning({ id: riders.id });
  const [vpHere] = await db()
    .insert(venueParticipations)
    .values({ venueId: 1, riderId: here!.id, payerType: 'rider', payerId: here!.id })
    .returning({ id: venueParticipations.id });
  const [vpAway] = await db()
    .insert(venueParticipations)
    .values({ venueId: otherId, riderId: away!.id, payerType: 'rider', payerId: away!.id })
    .returning({ id: venueParticipations.id });
  const [hereHorse, awayHorse] = await db()
    .insert(horses)
    .values([{ name: 'Hiergeblieben' }, { name: 'Fernweh' }])
    .returning({ id: horses.id });
  await db()
    .insert(participationHorses)
    .values([
      { venueParticipationId: vpHere!.id, venueId: 1, horseId: hereHorse!.id },
      { venueParticipationId: vpAway!.id, venueId: otherId, horseId: awayHorse!.id },
    ]);
  const [judge, awayJudge] = await db()
    .insert(officials)
    .values([
      { firstName: 'Jana', lastName: 'Richterin', email: 'jana@example.com' },
      { firstName: 'Fritz', lastName: 'Fremd', email: 'fritz@example.com' },
    ])
    .returning({ id: officials.id });
  await db()
    .insert(officialParticipations)
    .values([
      { venueId: 1, officialId: judge!.id, function: 'judge' },
      { venueId: otherId, officialId: awayJudge!.id, function: 'judge' },
    ]);
  return { otherId, here: here!.id, away: away!.id, judge: judge!.id, awayJudge: awayJudge!.id };
}

/**
 * Ids of every profile of `kind` that takes part at venue 1 (the stable's venue), spelled out
 * here apart from the server's query: an account there, a rider enrolled, an employer paying for
 * one, an official working there, a merchant registered at the show.
 */
async function participantsOfVenue1(kind: string): Promise<Set<number>> {
  const ids = new Set<number>();
  const withAccount = await db()
    .select({ id: accounts.partyId })
    .from(accounts)
    .where(and(eq(accounts.venueId, 1), eq(accounts.kind, 'party'), eq(accounts.partyType, kind)));
  for (const row of withAccount) ids.add(row.id);
  if (kind === 'rider') {
    const rows = await db()
      .select({ id: venueParticipations.riderId })
      .from(venueParticipations)
      .where(eq(venueParticipations.venueId, 1));
    for (const row of rows) ids.add(row.id);
  }
  if (kind === 'official') {
    const rows = await db()
      .select({ id: officialParticipations.officialId })
      .from(officialParticipations)
      .where(eq(officialParticipations.venueId, 1));
    for (const row of rows) ids.add(row.id);
  }
  if (kind === 'employer') {
    const rows = await db()
      .select({ id: venueParticipations.payerId })
      .from(venueParticipations)
      .where(and(eq(venueParticipations.venueId, 1), eq(venueParticipations.payerType, 'employer')));
    for (const row of rows) ids.add(row.id);
  }
  if (kind === 'merchant') {
    const rows = await db()
      .select({ id: merchantParticipations.merchantId })
      .from(merchantParticipations)
      .where(eq(merchantParticipations.venueId, 1));
    for (const row of rows) ids.add(row.id);
  }
  return ids;
}

describe('people lists for the stable', () => {
  it('lists only the participants of its venue, of every kind, without e-mails', async () => {
    const show = await twoShows();
    for (const kind of ['rider', 'official', 'employer', 'merchant', 'simpleuser']) {
      const res = await get('stable', `/api/v1/${kind}/?page_size=1000`);
      expect(res.statusCode, kind).toBe(200);
      const found = res.json().results as Found[];
      const allowed = await participantsOfVenue1(kind);
      expect(
        found.filter((p) => !allowed.has(p.id)),
        kind,
      ).toEqual([]);
      expect(res.json().count, kind).toBe(allowed.size);
      for (const person of found) expect(Object.keys(person), kind).not.toContain('email');
    }
    const riderIds = ((await get('stable', '/api/v1/rider/?page_size=1000')).json().results as Found[]).map(
      (p) => p.id,
    );
    expect(riderIds).toContain(show.here);
    expect(riderIds).not.toContain(show.away);
    const officialIds = ((await get('stable', '/api/v1/official/')).json().results as Found[]).map((p) => p.id);
    expect(officialIds).toContain(show.judge);
    expect(officialIds).not.toContain(show.awayJudge);
    // An e-mail address is not a way to find someone either.
    expect((await get('stable', '/api/v1/rider/?search=hanna@example')).json().count).toBe(0);
    expect((await get('stable', '/api/v1/rider/?search=hier')).json().results).toEqual([
      { id: show.here, user: null, name: 'Hanna Hier', fei_id: null },
    ]);
  });

  it('lists only the horses entered at its venue', async () => {
    await twoShows();
    const names = ((await get('stable', '/api/v1/horse/?page_size=1000')).json().results as Found[]).map((h) => h.name);
    expect(names).toContain('Hiergeblieben');
    expect(names).not.toContain('Fernweh');
    const entered = await db()
      .selectDistinct({ id: participationHorses.horseId })
      .from(participationHorses)
      .where(eq(participationHorses.venueId, 1));
    expect(names).toHaveLength(entered.length);
  });

  it('leaves admins their search of everyone, with e-mails', async () => {
    const show = await twoShows();
    const found = (await get('admin', '/api/v1/rider/?search=anton')).json().results as Found[];
    expect(found).toEqual([expect.objectContaining({ id: show.away, email: 'anton@example.com' })]);
    expect((await get('admin', '/api/v1/rider/?search=anton@example')).json().count).toBe(1);
    const horsesFound = (await get('admin', '/api/v1/horse/?search=fernweh')).json().results as Found[];
    expect(horsesFound.map((h) => h.name)).toEqual(['Fernweh']);
  });

  it("gives the show office the people of its own venue, with e-mails, and never another venue's", async () => {
    const show = await twoShows();
    const riderSearch = async (search: string) =>
      (await get('organizer', `/api/v1/rider/?search=${search}`)).json().results as Found[];
    expect(await riderSearch('hier')).toEqual([
      { id: show.here, user: null, name: 'Hanna Hier', email: 'hanna@example.com', fei_id: null },
    ]);
    expect(await riderSearch('hanna@example')).toHaveLength(1);
    // Venue 1's office: the rider and the judge of the other show are not found by name or e-mail.
    expect(await riderSearch('anton')).toEqual([]);
    expect(await riderSearch('anton@example')).toEqual([]);
    const officials = ((await get('organizer', '/api/v1/official/?page_size=1000')).json().results as Found[]).map(
      (p) => p.id,
    );
    expect(officials).toContain(show.judge);
    expect(officials).not.toContain(show.awayJudge);
    for (const kind of ['rider', 'official', 'employer', 'merchant', 'simpleuser']) {
      const listed = (await get('organizer', `/api/v1/${kind}/?page_size=1000`)).json();
      const allowed = await participantsOfVenue1(kind);
      expect(
        (listed.results as Found[]).filter((p) => !allowed.has(p.id)),
        kind,
      ).toEqual([]);
    }
    // The office of the other show finds its own rider, not venue 1's.
    await db().update(users).set({ assignedVenueId: show.otherId }).where(eq(users.username, 'organizer'));
    expect(await riderSearch('hier')).toEqual([]);
    expect((await riderSearch('anton')).map((p) => p.id)).toEqual([show.away]);
    // Horses are not people: the office enrolling a rider still picks from every horse on record.
    expect((await get('organizer', '/api/v1/horse/?search=hiergeblieben')).json().count).toBe(1);
    // Riders adding a horse still find every horse on record (names and ids only).
    expect((await get('rider', '/api/v1/horse/?search=fernweh')).json().count).toBe(1);
  });

  it('gives the other floor roles no person or horse lists, and the participants list to the office only', async () => {
    for (const username of ['welcomedesk', 'signin', 'vetcheck']) {
      for (const url of ['/api/v1/rider/', '/api/v1/employer/', '/api/v1/official/', '/api/v1/horse/']) {
        expect((await get(username, url)).statusCode, `${username} ${url}`).toBe(403);
      }
      expect((await get(username, '/api/v1/rider/listAtVenue/')).statusCode, username).toBe(403);
    }
    for (const username of ['stable', 'welcomedesk', 'signin', 'vetcheck']) {
      expect((await get(username, '/api/v1/venueParticipation/?venue=1')).statusCode, username).toBe(403);
      expect((await get(username, '/api/v1/officialParticipation/?venue=1')).statusCode, username).toBe(403);
    }
    expect((await get('organizer', '/api/v1/venueParticipation/?venue=1')).statusCode).toBe(200);
  });

  it('keeps the floor screens working: the changes feed answers every floor role', async () => {
    for (const username of ['stable', 'welcomedesk', 'signin', 'vetcheck']) {
      const res = await get(username, '/api/v1/venue/1/floor/changes/?cursor=0');
      expect(res.statusCode, username).toBe(200);
    }
  });
});

describe("the venue's entries", () => {
  it('are refused to the welcome desk, sign-in and vet-check', async () => {
    for (const username of ['welcomedesk', 'signin', 'vetcheck']) {
      for (const url of ['/api/v1/transaction/?venue=1', '/api/v1/transaction/']) {
        const res = await get(username, url);
        expect(res.statusCode, `${username} ${url}`).toBe(403);
        expect(res.json().error).toBe('forbidden');
      }
    }
  });

  it('are read by the roles with a money screen', async () => {
    for (const username of ['stable', 'organizer', 'admin']) {
      expect((await get(username, '/api/v1/transaction/?venue=1')).statusCode, username).toBe(200);
    }
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { horses, riderHorses, riders, users, venueParticipations } from '../../server/src/db/schema';
import { useSeededServer } from './helpers/use-server';
import { seedOwnerFixtures } from './owner-fixtures';

/**
 * People data is need-to-know: a venue's office reads the reports of the people taking part at
 * its venue only, a party its own of the venues it is at, and an employer — a role anyone signed
 * in can give themselves — sees its own employees' horses and nobody else's people.
 */
const { f, db, call } = useSeededServer(async (database) => {
  const fixtures = await seedOwnerFixtures(database);
  // The demo rider rides at venue 1 only here (the ledger's fixtures enrol it at both shows).
  await database
    .delete(venueParticipations)
    .where(and(eq(venueParticipations.venueId, fixtures.venue2), eq(venueParticipations.riderId, fixtures.rider)));
  // Vera rides at the other show only.
  const [vera] = await database
    .insert(riders)
    .values({ firstName: 'Vera', lastName: 'Fremd', email: 'vera@example.com' })
    .returning({ id: riders.id });
  await database
    .insert(venueParticipations)
    .values({ venueId: fixtures.venue2, riderId: vera!.id, payerType: 'rider', payerId: vera!.id });
  return { ...fixtures, vera: vera!.id };
});

const status = async (username: string, url: string) => (await call(username, 'GET', url)).statusCode;

describe("a party's reports, only of venues it is at", () => {
  it("refuses venue 1's office the summary and details of a rider who rides elsewhere only", async () => {
    const summary = `/api/v1/rider/${f.vera}/generateSummaryPDF/`;
    const details = `/api/v1/rider/${f.vera}/venueTransactionDetailsPDF/`;
    expect(await status('organizer', summary)).toBe(404);
    expect(await status('organizer', `${summary}?venue=1`)).toBe(404);
    expect(await status('organizer', `${details}?venue=1`)).toBe(404);
    expect(await status('organizer', `${details}?venue=${f.venue2}`)).toBe(403);
    // A rider of its own venue it reads.
    expect(await status('organizer', `/api/v1/rider/${f.rider}/generateSummaryPDF/?venue=1`)).toBe(200);
    // The office of Vera's show reads hers.
    await db().update(users).set({ assignedVenueId: f.venue2 }).where(eq(users.username, 'organizer'));
    expect(await status('organizer', `${summary}?venue=${f.venue2}`)).toBe(200);
    expect(await status('organizer', `${details}?venue=${f.venue2}`)).toBe(200);
  });

  it('gives a party its own reports of the venues it is at, 404 for another venue', async () => {
    const own = `/api/v1/rider/${f.rider}`;
    expect(await status('rider', `${own}/generateSummaryPDF/?venue=1`)).toBe(200);
    expect(await status('rider', `${own}/venueTransactionDetailsPDF/?venue=1`)).toBe(200);
    expect(await status('rider', `${own}/reports/1/csv/`)).toBe(200);
    expect(await status('rider', `${own}/generateSummaryPDF/?venue=${f.venue2}`)).toBe(404);
    expect(await status('rider', `${own}/venueTransactionDetailsPDF/?venue=${f.venue2}`)).toBe(404);
    expect(await status('rider', `${own}/reports/${f.venue2}/csv/`)).toBe(404);
    expect(await status('rider', `${own}/reports/${f.venue2}/pdf/`)).toBe(404);
    // Over every venue: only the ones it is at, so nothing to refuse.
    expect(await status('rider', `${own}/generateSummaryPDF/`)).toBe(200);
  });
});

describe('an employer', () => {
  it("lists only its current employees' horses", async () => {
    const [employees, others] = await db()
      .insert(horses)
      .values([{ name: 'Angestellt' }, { name: 'Fremdpferd' }])
      .returning({ id: horses.id });
    await db()
      .insert(riderHorses)
      .values([
        { riderId: f.employedRider, horseId: employees!.id },
        { riderId: f.rider, horseId: others!.id },
      ]);
    const listed = (await call('employer', 'GET', '/api/v1/horse/?page_size=1000')).json();
    expect(listed.results.map((h: { id: number }) => h.id)).toEqual([employees!.id]);
    expect(listed.count).toBe(1);
    expect((await call('employer', 'GET', '/api/v1/horse/?search=fremd')).json().count).toBe(0);
  });

  it('gains no look-ups and no horse list by registering itself', async () => {
    const registered = await call('simpleuser', 'POST', '/api/v1/employer/register/', {
      first_name: 'Self',
      last_name: 'Made',
      company_name: 'Self Made Stables',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    for (const [url, payload] of [
      ['/api/v1/rider/getByEmail/', { email: 'vera@example.com' }],
      ['/api/v1/rider/getByFEIId/', { feiId: '10012345' }],
      ['/api/v1/rider/getByNationalID/', { nationalID: 'X-1' }],
      ['/api/v1/people/lookup/', { kind: 'rider', by: 'email', value: 'vera@example.com' }],
    ] as const) {
      expect((await call('simpleuser', 'POST', url, payload)).statusCode, url).toBe(403);
    }
    for (const kind of ['rider', 'official', 'employer', 'merchant', 'simpleuser']) {
      expect(await status('simpleuser', `/api/v1/${kind}/?search=a`), kind).toBe(403);
    }
    expect((await call('simpleuser', 'GET', '/api/v1/horse/?page_size=1000')).json()).toEqual({
      count: 0,
      results: [],
    });
  });
});

describe("an employer's employees", () => {
  it("shows the rider's e-mail only once the rider has confirmed the employment", async () => {
    await db().update(riders).set({ email: 'eva@example.com' }).where(eq(riders.id, f.employedRider));
    const added = await call('employer', 'POST', '/api/v1/employer/addEmployee/', {
      employer: f.employer,
      rider: f.vera,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().rider).toEqual({ id: f.vera, user: null, name: 'Vera Fremd', email: null, fei_id: null });
    const listed = (await call('employer', 'GET', `/api/v1/employer/${f.employer}/employees/`)).json();
    const pending = listed.results.find((e: { rider: { id: number } }) => e.rider.id === f.vera);
    expect(pending).toMatchObject({ status: 'pending', rider: { email: null } });
    // The employee the employer has (confirmed) keeps showing its address.
    const confirmed = listed.results.find((e: { rider: { id: number } }) => e.rider.id === f.employedRider);
    expect(confirmed).toMatchObject({ status: 'confirmed', rider: { email: 'eva@example.com' } });
  });
});

describe('the people of a venue', () => {
  it("are not found by another venue's office, by name or e-mail; an exact look-up names them without contact details", async () => {
    expect((await call('organizer', 'GET', '/api/v1/rider/?search=vera')).json().count).toBe(0);
    expect((await call('organizer', 'GET', '/api/v1/rider/?search=vera@example.com')).json().count).toBe(0);
    const found = await call('organizer', 'POST', '/api/v1/people/lookup/', {
      kind: 'rider',
      by: 'email',
      value: 'VERA@example.com',
    });
    expect(found.json()).toEqual({ id: f.vera, type: 'rider', name: 'Vera Fremd' });
  });

  it('a merchant to register at the show is found by its exact e-mail only, by its company name', async () => {
    await db().execute(sql`DELETE FROM merchant_participations`);
    expect((await call('organizer', 'GET', '/api/v1/merchant/?search=merchant')).json().count).toBe(0);
    const lookup = (by: string, value: string) =>
      call('organizer', 'POST', '/api/v1/people/lookup/', { kind: 'merchant', by, value });
    const found = await lookup('email', 'MERCHANT@paddock.demo');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ type: 'merchant', name: expect.stringMatching(/\S/) });
    expect(Object.keys(found.json()).sort()).toEqual(['id', 'name', 'type']);
    expect((await lookup('email', 'merchant@paddock')).statusCode).toBe(400);
    expect((await lookup('national_id', 'merchant@paddock.demo')).statusCode).toBe(404);
  });
});

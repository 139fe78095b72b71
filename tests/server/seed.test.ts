import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { employers, merchants, officials, riders, simpleUsers, users, venues } from '../../server/src/db/schema';
import { DEMO_VENUE } from '../../server/src/demo/demo-data';
import { DEMO_CONSUMABLES, DEMO_HORSES, seedDemoShow } from '../../server/src/demo/demo-show';
import { rowsOf } from '../../server/src/db/rows';
import { seedShowDay } from '../../server/src/demo/seed-show-day';
import { seedDemoData } from '../../server/src/demo/seed';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

describe('demo data', () => {
  it('holds the contract’s venue, twelve users and a profile per profile role', async () => {
    const { db } = server().database;
    const [venue] = await db.select().from(venues);
    expect(venue).toMatchObject({
      id: 1,
      name: 'Paddock Classic',
      feiId: '2026_CI_0139',
      city: 'Lipica',
      country: 'SI',
      currency: 'EUR',
      startDate: DEMO_VENUE.startDate,
      endDate: DEMO_VENUE.endDate,
      whitelabelDomain: 'whitelabel.localhost',
      whitelabelLogoUrl: '/media/whitelabel-demo.svg',
    });
    const people = await db.select().from(users);
    expect(people.map((u) => u.username).sort()).toEqual([
      'admin',
      'employer',
      'merchant',
      'multi',
      'official',
      'organizer',
      'rider',
      'signin',
      'simpleuser',
      'stable',
      'vetcheck',
      'welcomedesk',
    ]);
    expect(people.every((u) => u.emailConfirmed && u.isActive && u.passwordHash?.startsWith('scrypt$'))).toBe(true);
    const counts = await Promise.all(
      [riders, employers, officials, simpleUsers, merchants].map(
        async (t) => (await db.select({ n: count() }).from(t))[0]!.n,
      ),
    );
    expect(counts).toEqual([2, 1, 2, 1, 1]);
  });

  it('runs only on an empty database', async () => {
    const { db } = server().database;
    expect(await seedDemoData(db, 1024)).toBe(false);
    expect((await db.select({ n: count() }).from(users))[0]!.n).toBe(12);
  });

  it('keeps venue ids going after the seeded one', async () => {
    const [venue] = await server().database.db.insert(venues).values({ name: 'Second show' }).returning();
    expect(venue!.id).toBe(2);
  });
});

describe('the demo show', () => {
  it('is a working show office: an event with taxes, a price list and a rider whose charges carry VAT', async () => {
    const { db } = server().database;
    await seedDemoShow(db, 'rider');
    const auth = await server().auth('organizer');
    const setup = await server().app.inject({ url: '/api/v1/consumable/?venue=1', headers: auth });
    expect(setup.json().results.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(DEMO_CONSUMABLES.map((c) => c.name)),
    );
    const shavings = setup.json().results.find((c: { category: string }) => c.category === 'shavings');

    const people = await server().app.inject({ url: '/api/v1/venueParticipation/?venue=1', headers: auth });
    const [rosa] = people.json().results;
    expect(rosa.rider.name).toBe('Rosa Rider');
    expect(rosa.horses.map((h: { head_number: number }) => h.head_number)).toEqual([101, 102]);

    const charge = await server().app.inject({
      method: 'POST',
      url: '/api/v1/transaction/',
      headers: { ...auth, 'idempotency-key': 'demo-show-shavings' },
      payload: {
        venue: 1,
        kind: 'charge',
        party_type: 'rider',
        party_id: rosa.rider.id,
        consumable: shavings.id,
        quantity: 2,
      },
    });
    expect(charge.statusCode).toBe(201);
    // 2 × 12.50 gross at 22 % (Slovenian standard VAT): tax 2500 × 22/122 = 450.8 → 4.51.
    expect(charge.json()).toMatchObject({ gross: -2500, tax: -451, net: -2049, tax_rate_bp: 2200 });
  });
});

describe('the demo show day', () => {
  const get = async (username: string, url: string) => {
    const res = await server().app.inject({ url, headers: await server().auth(username) });
    expect(res.statusCode, `${username} GET ${url}`).toBe(200);
    return res.json();
  };

  it('runs today and fills every list of every demo user, with balances that add up', async () => {
    const { db } = server().database;
    await seedDemoShow(db, 'rider');
    // How long the day takes to write is a figure of the bench (start.fresh_s), not of a test:
    // a test's time depends on the machine and what runs beside it.
    const summary = await seedShowDay(db);
    expect(summary).toMatchObject({ riders: 34, officials: 8, reversals: 3 });
    expect(summary.horses + DEMO_HORSES.length).toBeGreaterThanOrEqual(48);
    expect(summary.grooms).toBeGreaterThanOrEqual(25);
    expect(summary.attendees + 3).toBeGreaterThanOrEqual(30);
    expect(summary.entries).toBeGreaterThan(200);

    const [venue] = await db.select().from(venues);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: venue!.timeZone }).format(new Date());
    expect(venue!.startDate! <= today && today <= venue!.endDate!).toBe(true);

    expect(await get('admin', '/api/v1/balance/check/')).toMatchObject({
      ok: true,
      unbalanced_transactions: [],
      mismatched_accounts: [],
    });

    // The show office: participants, balances, the day's entries (with corrections).
    const participants = await get('organizer', '/api/v1/venueParticipation/?venue=1&page_size=100');
    expect(participants.count).toBe(36);
    const balances = await get('admin', '/api/v1/balance/?venue=1&page_size=100');
    // 36 riders, of whom five ride for (and are paid by) the demo employer; the simple user; ten officials.
    expect(balances.count).toBe(36 - 5 + 1 + 1 + 10);
    const entries = await get('organizer', '/api/v1/transaction/?venue=1&page_size=1000');
    const kinds = new Set(entries.results.map((e: { kind: string }) => e.kind));
    expect([...kinds].sort()).toEqual(['charge', 'credit', 'payment', 'reversal', 'sale']);
    expect(entries.results.some((e: { source: string }) => e.source === 'stable')).toBe(true);
    // Entries are dated within the last day and a half, none in the future.
    const times = entries.results.map((e: { occurred_at: string }) => Date.parse(e.occurred_at));
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    expect(Math.min(...times)).toBeGreaterThan(Date.now() - 36 * 3_600_000);

    // The floor: attendees checked in, riders signed in, horses inspected with mixed results.
    const people = await get('welcomedesk', '/api/v1/attendee/?venue=1&page_size=100');
    expect(people.count).toBeGreaterThanOrEqual(30);
    expect(people.results.filter((a: { checked_in: boolean }) => a.checked_in).length).toBeGreaterThan(15);
    const signins = await get('signin', '/api/v1/riderSignin/?venue=1&page_size=100');
    expect(signins.count).toBeGreaterThan(25);
    const inspections = await get('vetcheck', '/api/v1/vetInspection/?venue=1&page_size=100');
    expect(new Set(inspections.results.map((i: { status: string }) => i.status))).toEqual(
      new Set(['passed', 'held', 'failed']),
    );

    // Each self-service audience finds its own data.
    const me = async (username: string) => get(username, '/api/auth/user/');
    const rosa = (await me('rider')).rider_id;
    expect((await get('rider', `/api/v1/rider/${rosa}/horses/`)).results).toHaveLength(2);
    expect((await get('rider', `/api/v1/rider/${rosa}/grooms/`)).results.length).toBeGreaterThan(0);
    expect((await get('rider', `/api/v1/rider/${rosa}/shows/`)).results.length).toBeGreaterThan(0);
    expect((await get('rider', '/api/v1/transaction/')).count).toBeGreaterThan(3);
    const emil = (await me('employer')).employer_id;
    expect((await get('employer', `/api/v1/employer/${emil}/employees/`)).results.length).toBeGreaterThanOrEqual(5);
    expect((await get('employer', '/api/v1/transaction/')).count).toBeGreaterThan(5);
    const odile = (await me('official')).official_id;
    expect((await get('official', `/api/v1/official/${odile}/shows/`)).results.length).toBeGreaterThan(0);
    const morgan = await me('multi');
    expect((await get('multi', `/api/v1/official/${morgan.official_id}/shows/`)).results.length).toBeGreaterThan(0);
    expect((await get('multi', `/api/v1/rider/${morgan.rider_id}/shows/`)).results.length).toBeGreaterThan(0);
    expect((await get('multi', '/api/v1/transaction/')).count).toBeGreaterThan(0);
    expect((await get('merchant', '/api/v1/transaction/')).count).toBeGreaterThan(20);
    expect((await get('simpleuser', '/api/v1/transaction/')).count).toBeGreaterThan(0);
    const szymon = (await me('simpleuser')).simple_user_id;
    expect((await get('simpleuser', `/api/v1/simpleuser/${szymon}/shows/`)).results.length).toBeGreaterThan(0);
    expect((await get('simpleuser', `/api/v1/simpleuser/${szymon}/teamMembers/`)).results).toHaveLength(1);
    expect((await get('rider', `/api/v1/rider/${rosa}/teamMembers/`)).results).toHaveLength(2);
    // Every profile of a demo user has a bank account, with a valid IBAN.
    for (const [username, path] of [
      ['rider', `rider/${rosa}`],
      ['employer', `employer/${emil}`],
      ['official', `official/${odile}`],
      ['simpleuser', `simpleuser/${szymon}`],
      ['merchant', `merchant/${(await me('merchant')).merchant_id}`],
    ] as const)
      expect((await get(username, `/api/v1/${path}/bankAccounts/`)).results).toHaveLength(1);
    // Their documents: a PDF each (Rosa two), which downloads.
    for (const [username, path, n] of [
      ['rider', `rider/${rosa}`, 2],
      ['employer', `employer/${emil}`, 1],
      ['official', `official/${odile}`, 1],
      ['simpleuser', `simpleuser/${szymon}`, 1],
    ] as const)
      expect((await get(username, `/api/v1/${path}/documents/`)).results, username).toHaveLength(n);
    const [licence] = (await get('rider', `/api/v1/rider/${rosa}/documents/`)).results;
    const file = await server().app.inject({
      url: `/api/v1/document/${licence.id}/download/`,
      headers: await server().auth('rider'),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.rawPayload.subarray(-6).toString('latin1')).toBe('%%EOF\n');
  });

  it('is the same every time it is seeded', async () => {
    const { db } = server().database;
    const now = new Date('2026-11-24T14:00:00Z');
    const digest = async () =>
      rowsOf<{ n: number; g: string; d: string }>(
        await db.execute(
          sql`SELECT count(*)::int AS n, sum(gross_minor)::text AS g, string_agg(description, '|' ORDER BY id) AS d FROM transactions`,
        ),
      )[0];
    await seedDemoShow(db, 'rider');
    await seedShowDay(db, now);
    const first = await digest();
    expect(first!.n).toBeGreaterThan(200);
    await server().reset();
    await seedDemoShow(db, 'rider');
    await seedShowDay(db, now);
    expect(await digest()).toEqual(first);
  });
});

import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { employers, merchants, officials, riders, simpleUsers, users, venues } from '../../server/src/db/schema';
import { DEMO_VENUE } from '../../server/src/db/demo-data';
import { DEMO_CONSUMABLES, seedDemoShow } from '../../server/src/db/demo-show';
import { seedDemoData } from '../../server/src/db/seed';
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
    const shavings = setup.json().results.find((c: { name: string }) => c.name === 'Shavings');

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

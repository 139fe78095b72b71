import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { employers, merchants, officials, riders, simpleUsers, users, venues } from '../../server/src/db/schema';
import { DEMO_VENUE } from '../../server/src/db/demo-data';
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

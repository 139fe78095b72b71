import { count, sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '@shared/constants';
import { createProfileRepo, PROFILE_TABLES, type ProfileRole } from '../modules/user/profile.repo';
import { hashPassword } from '../security/passwords';
import type { Db } from '../db/client';
import { DEMO_ADDRESS, DEMO_EMAIL_DOMAIN, DEMO_TERMS, DEMO_USERS, DEMO_VENUE, type DemoUser } from './demo-data';
import { seedDemoCompetitions, seedDemoShow } from './demo-show';
import { seedShowDay } from './seed-show-day';
import { termsAndConditions, users, venues } from '../db/schema';

export interface SeedOptions {
  /**
   * Also the reference data, the demo show's setup (demo-show.ts) and its day in progress
   * (seed-show-day.ts). API tests leave it out
   * and build exactly the fixtures each test needs.
   */
  show?: boolean;
}

const emailOf = (demo: DemoUser) => `${demo.username}@${DEMO_EMAIL_DOMAIN}`;

/**
 * Writes the demo data (contract.md) into an empty database, in one transaction. A database that
 * already holds users or venues is left alone, so running it twice changes nothing.
 * Returns whether it seeded.
 */
export async function seedDemoData(db: Db, scryptN: number, options: SeedOptions = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    // One seeder at a time when several servers start on one PostgreSQL.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(72616)`);
    const [people] = await tx.select({ n: count() }).from(users);
    const [shows] = await tx.select({ n: count() }).from(venues);
    if (people?.n || shows?.n) return false;

    // One hash for all demo users: they share the demo password anyway.
    const passwordHash = await hashPassword(DEMO_PASSWORD, scryptN);

    await tx.insert(venues).values(DEMO_VENUE);
    await tx.execute(sql`SELECT setval(pg_get_serial_sequence('venues', 'id'), (SELECT max(id) FROM venues))`);
    await tx.insert(termsAndConditions).values(DEMO_TERMS);

    const inserted = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((demo) => ({
          username: demo.username,
          email: emailOf(demo),
          passwordHash,
          firstName: demo.firstName,
          lastName: demo.lastName,
          roles: demo.roles,
          language: demo.language,
          emailConfirmed: true,
          assignedVenueId: demo.venue ? DEMO_VENUE.id : null,
          termsAcceptedVersion: demo.termsAccepted ? DEMO_TERMS.version : null,
          termsAcceptedAt: demo.termsAccepted ? DEMO_TERMS.publishedAt : null,
        })),
      )
      .returning({ id: users.id, username: users.username });
    const idOf = new Map(inserted.map((u) => [u.username, u.id]));

    const profiles = createProfileRepo(tx);
    for (const role of Object.keys(PROFILE_TABLES) as ProfileRole[]) {
      const holders = DEMO_USERS.filter((demo) => demo.roles.includes(role));
      await profiles.insert(
        role,
        holders.map((demo) => ({
          userId: idOf.get(demo.username)!,
          firstName: demo.firstName,
          lastName: demo.lastName,
          email: emailOf(demo),
          companyName: demo.company,
        })),
      );
      // A postal address: an invoice names its buyer's (EN 16931 BG-8).
      await tx.update(PROFILE_TABLES[role]).set(DEMO_ADDRESS);
    }
    if (options.show !== false) {
      await seedDemoShow(tx, 'rider');
      await seedShowDay(tx);
      await seedDemoCompetitions(tx);
    }
    return true;
  });
}

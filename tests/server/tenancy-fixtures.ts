import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client';
import { seedDemoCompetitions, seedDemoShow } from '../../server/src/demo/demo-show';
import { seedShowDay } from '../../server/src/demo/seed-show-day';
import { rowsOf } from '../../server/src/db/rows';
import {
  competitions,
  consumables,
  merchantParticipations,
  merchants,
  users,
  venueEventCategories,
  venues,
} from '../../server/src/db/schema';

/*
 * Two shows on one service, for the tenancy walk: venue 1 is the demo show with all its people,
 * rows and files; venue 2 a show of its own whose staff (organizer, show office, the four floor
 * roles and a merchant registered there) must not reach anything of venue 1.
 */

export const SECOND_VENUE_STAFF = [
  'organizer',
  'showoffice',
  'stable',
  'welcomedesk',
  'signin',
  'vetcheck',
  'merchant',
] as const;
export type StaffRole = (typeof SECOND_VENUE_STAFF)[number];

export interface TenancyFixtures {
  venue1: number;
  venue2: number;
  /** Username of venue 2's user of each role. */
  staff: Record<StaffRole, string>;
  /** The id of a venue-1 row, by the resource name used in paths and bodies. */
  ids: Record<string, number | string>;
  /** Venue 2's own rows of the kinds a show sets up (its event, price list, competition). */
  ownRows: Record<string, number>;
  /** Personal data of venue 1's people: no answer to venue 2's staff may contain any of them. */
  markers: string[];
  /** Highest id of each table before venue 2 was set up (see venueOneDigest). */
  before: Record<string, number>;
}

const one = async (db: Db, query: ReturnType<typeof sql>): Promise<number | undefined> => {
  const [row] = rowsOf<{ id: number | string | null }>(await db.execute(query));
  return row?.id === null || row?.id === undefined ? undefined : Number(row.id);
};

/** The first row of each kind that belongs to venue 1 (its people, their profiles and files). */
export async function venueOneIds(db: Db): Promise<Record<string, number | string>> {
  const q = {
    venue: sql`SELECT 1 AS id`,
    rider: sql`SELECT r.id FROM riders r JOIN users u ON u.id = r.user_id WHERE u.username = 'rider'`,
    employer: sql`SELECT e.id FROM employers e JOIN users u ON u.id = e.user_id WHERE u.username = 'employer'`,
    official: sql`SELECT o.id FROM officials o JOIN users u ON u.id = o.user_id WHERE u.username = 'official'`,
    simpleuser: sql`SELECT s.id FROM simple_users s JOIN users u ON u.id = s.user_id WHERE u.username = 'simpleuser'`,
    merchant: sql`SELECT m.id FROM merchants m JOIN users u ON u.id = m.user_id WHERE u.username = 'merchant'`,
    user: sql`SELECT id FROM users WHERE username = 'rider'`,
    horse: sql`SELECT ph.horse_id AS id FROM participation_horses ph JOIN venue_participations vp ON vp.id = ph.venue_participation_id WHERE vp.venue_id = 1 ORDER BY ph.id LIMIT 1`,
    participation_horse: sql`SELECT ph.id FROM participation_horses ph JOIN venue_participations vp ON vp.id = ph.venue_participation_id WHERE vp.venue_id = 1 ORDER BY ph.id LIMIT 1`,
    venueParticipation: sql`SELECT vp.id FROM venue_participations vp JOIN riders r ON r.id = vp.rider_id JOIN users u ON u.id = r.user_id WHERE vp.venue_id = 1 AND u.username = 'rider'`,
    vecParticipation: sql`SELECT vp.id FROM vec_participations vp JOIN venue_event_categories v ON v.id = vp.vec_id WHERE v.venue_id = 1 ORDER BY vp.id LIMIT 1`,
    officialParticipation: sql`SELECT id FROM official_participations WHERE venue_id = 1 ORDER BY id LIMIT 1`,
    venueEventCategory: sql`SELECT id FROM venue_event_categories WHERE venue_id = 1 ORDER BY id LIMIT 1`,
    competition: sql`SELECT c.id FROM competitions c JOIN venue_event_categories v ON v.id = c.vec_id WHERE v.venue_id = 1 ORDER BY c.id LIMIT 1`,
    competitionEntry: sql`SELECT ce.id FROM competition_entries ce JOIN competitions c ON c.id = ce.competition_id JOIN venue_event_categories v ON v.id = c.vec_id WHERE v.venue_id = 1 ORDER BY ce.id LIMIT 1`,
    consumable: sql`SELECT id FROM consumables WHERE venue_id = 1 ORDER BY id LIMIT 1`,
    emailTemplate: sql`SELECT id FROM email_templates WHERE venue_id = 1 ORDER BY id LIMIT 1`,
    venueBankAccount: sql`SELECT id FROM venue_bank_accounts WHERE venue_id = 1 ORDER BY id LIMIT 1`,
    bankAccount: sql`SELECT id FROM bank_accounts WHERE owner_type = 'rider' ORDER BY id LIMIT 1`,
    document: sql`SELECT id FROM documents WHERE owner_type = 'rider' ORDER BY id LIMIT 1`,
    teamMember: sql`SELECT id FROM team_members ORDER BY id LIMIT 1`,
    groom: sql`SELECT id FROM grooms ORDER BY id LIMIT 1`,
    attendee: sql`SELECT id FROM attendees WHERE venue_id = 1 ORDER BY id LIMIT 1`,
    transaction: sql`SELECT id FROM transactions WHERE venue_id = 1 ORDER BY id LIMIT 1`,
    compensationBill: sql`SELECT id FROM compensation_bills WHERE venue_id = 1 ORDER BY id LIMIT 1`,
    invoice: sql`SELECT id FROM invoices WHERE venue_id = 1 ORDER BY id LIMIT 1`,
    jobs: sql`SELECT id FROM job_runs WHERE venue_id = 1 ORDER BY id LIMIT 1`,
    payoutBatch: sql`SELECT id FROM payout_batches WHERE venue_id = 1 ORDER BY id LIMIT 1`,
    bankStatementLine: sql`SELECT l.id FROM bank_statement_lines l JOIN bank_statements s ON s.id = l.statement_id WHERE s.venue_id = 1 ORDER BY l.id LIMIT 1`,
    device: sql`SELECT id FROM devices WHERE venue_id = 1 ORDER BY id LIMIT 1`,
    attendeeCheckin: sql`SELECT c.id FROM attendee_checkins c JOIN attendees a ON a.id = c.attendee_id WHERE a.venue_id = 1 ORDER BY c.id LIMIT 1`,
  };
  const ids: Record<string, number | string> = {};
  for (const [name, query] of Object.entries(q)) {
    try {
      const id = await one(db, query);
      if (id !== undefined) ids[name] = id;
    } catch (e) {
      if (process.env.TENANCY_DEBUG) console.error(name, e);
      // a resource whose table has another shape is simply not covered by a venue-1 id
    }
  }
  return ids;
}

/** Every e-mail, IBAN and family name of venue 1's people (names of four letters or more). */
async function venueOneMarkers(db: Db): Promise<string[]> {
  const rows = rowsOf<{ v: string | null }>(
    await db.execute(sql`
      SELECT email AS v FROM users WHERE assigned_venue_id IS DISTINCT FROM 2
      UNION SELECT iban FROM bank_accounts
      UNION SELECT email FROM riders UNION SELECT last_name FROM riders
      UNION SELECT email FROM officials UNION SELECT last_name FROM officials
      UNION SELECT email FROM employers UNION SELECT email FROM simple_users
      UNION SELECT last_name FROM simple_users UNION SELECT email FROM merchants`),
  );
  const appText = translationsText();
  return [...new Set(rows.map((r) => r.v?.trim() ?? '').filter((v) => v.length >= 4 && !appText.includes(v)))];
}

/** The app's own text in every language: names that appear there (placeholders, examples) mark nothing. */
function translationsText(): string {
  const root = 'src/locales';
  return readdirSync(root)
    .flatMap((lng) => readdirSync(`${root}/${lng}`).map((file) => readFileSync(`${root}/${lng}/${file}`, 'utf8')))
    .join('\n');
}

export async function seedTenancyFixtures(db: Db): Promise<TenancyFixtures> {
  // the whole demo show as venue 1: its people, participations, money, files and competitions
  await db.transaction(async (tx) => {
    await seedDemoShow(tx, 'rider');
    await seedShowDay(tx);
    await seedDemoCompetitions(tx);
  });
  const ids = await venueOneIds(db);
  const markers = await venueOneMarkers(db);
  const before = await snapshotBefore(db);
  const today = new Date().toISOString().slice(0, 10);
  const [venue2] = await db
    .insert(venues)
    .values({
      name: 'Second Show',
      currency: 'EUR',
      timeZone: 'Europe/Ljubljana',
      startDate: today,
      endDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    })
    .returning({ id: venues.id });
  const [vec1] = await db.select().from(venueEventCategories).where(eq(venueEventCategories.venueId, 1));
  const [vec2] = await db
    .insert(venueEventCategories)
    .values({ venueId: venue2!.id, eventCategoryId: vec1!.eventCategoryId, name: 'CSN Second' })
    .returning({ id: venueEventCategories.id });
  const [consumable2] = await db
    .insert(consumables)
    .values({ venueId: venue2!.id, name: 'Box', category: 'box', unitPriceMinor: 12_000 })
    .returning({ id: consumables.id });
  const [competition2] = await db
    .insert(competitions)
    .values({ vecId: vec2!.id, number: '1', name: 'Opening', rankingRule: 'table_a' })
    .returning({ id: competitions.id });
  const ownRows = {
    venue: venue2!.id,
    venueEventCategory: vec2!.id,
    consumable: consumable2!.id,
    competition: competition2!.id,
  };
  const [hash] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, 'organizer'));
  const staff = {} as Record<StaffRole, string>;
  for (const role of SECOND_VENUE_STAFF) {
    const username = `${role}-v2`;
    const [user] = await db
      .insert(users)
      .values({
        username,
        email: `${username}@second.test`,
        passwordHash: hash!.hash,
        firstName: 'Second',
        lastName: role,
        roles: [role],
        language: 'en',
        emailConfirmed: true,
        assignedVenueId: venue2!.id,
        termsAcceptedVersion: 'any',
      })
      .returning({ id: users.id });
    if (role === 'merchant') {
      const [merchant] = await db
        .insert(merchants)
        .values({ userId: user!.id, companyName: 'Second Saddlery', firstName: 'Second', lastName: 'Merchant' })
        .returning({ id: merchants.id });
      await db.insert(merchantParticipations).values({ venueId: venue2!.id, merchantId: merchant!.id });
    }
    staff[role] = username;
  }
  return { venue1: 1, venue2: venue2!.id, staff, ids, ownRows, markers, before };
}

/** Tables whose rows change on any request, or that a request of venue 2 may legitimately add to. */
const NOT_FINGERPRINTED = new Set([
  'audit_log',
  'idempotency_keys',
  'rate_limits',
  'error_reports',
  'auth_links',
  'card_webhook_events',
  '__drizzle_migrations',
]);

/**
 * A digest of everything of venue 1: rows of venue 1 (tables with a venue_id), rows that existed
 * before venue 2 was set up in tables without one (people, profiles, horses, files…), and rows of
 * any venue that name a party of venue 1. Any change by venue 2's staff changes it.
 */
export async function venueOneDigest(db: Db, before: Record<string, number>): Promise<string> {
  const cols = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      SELECT c.table_name, c.column_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`),
  );
  const byTable = new Map<string, Set<string>>();
  for (const { table_name, column_name } of cols) {
    if (NOT_FINGERPRINTED.has(table_name)) continue;
    (byTable.get(table_name) ?? byTable.set(table_name, new Set()).get(table_name)!).add(column_name);
  }
  const parts: string[] = [];
  for (const [table, columns] of [...byTable].sort(([a], [b]) => a.localeCompare(b))) {
    const where: string[] = [];
    if (columns.has('venue_id')) where.push('venue_id = 1');
    else if (columns.has('id') && before[table] !== undefined) where.push(`id <= ${before[table]}`);
    if (columns.has('party_type') && columns.has('party_id') && table !== 'accounts')
      where.push(`(party_type, party_id) IN (SELECT party_type, party_id FROM tenancy_v1_parties)`);
    if (!where.length) continue;
    parts.push(`SELECT '${table}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h
      FROM "${table}" x WHERE ${where.join(' OR ')}`);
  }
  const rows = rowsOf<{ t: string; h: string }>(await db.execute(sql.raw(parts.join(' UNION ALL '))));
  return rows
    .sort((a, b) => a.t.localeCompare(b.t))
    .map((r) => `${r.t}:${r.h}`)
    .join('\n');
}

/** Highest id of every table with an integer id, and venue 1's parties, before venue 2 acts. */
export async function snapshotBefore(db: Db): Promise<Record<string, number>> {
  await db.execute(sql`DROP TABLE IF EXISTS tenancy_v1_parties`);
  await db.execute(sql`
    CREATE TABLE tenancy_v1_parties AS
    SELECT 'rider'::text AS party_type, rider_id AS party_id FROM venue_participations WHERE venue_id = 1
    UNION SELECT 'official', official_id FROM official_participations WHERE venue_id = 1
    UNION SELECT party_type, party_id FROM transactions WHERE venue_id = 1`);
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(sql`
      SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'id' AND data_type IN ('integer', 'bigint')`),
  );
  const before: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = rowsOf<{ m: number | string | null }>(
      await db.execute(sql.raw(`SELECT max(id) AS m FROM "${table_name}"`)),
    );
    before[table_name] = Number(row?.m ?? 0);
  }
  return before;
}

export const idempotencyKey = () => randomUUID();

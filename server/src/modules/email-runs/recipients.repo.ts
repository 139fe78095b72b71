import { sql, type SQL } from 'drizzle-orm';
import { isLanguage, type Language } from '@shared/constants';
import type { EmailAudience, EmailRunFilters } from '@shared/schemas/email-runs';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** One person an e-mail run writes to (stored with the run, so a retry reaches the same people). */
export interface Recipient {
  /** The step's key: the address in lower case (one message per address and run). */
  key: string;
  email: string;
  first_name: string;
  last_name: string;
  /** Their login's language; null without a login. */
  language: Language | null;
  /** Their login, if any (sign-in link, balance over every profile). */
  user: number | null;
  /** The ledger party they were found as (balance without a login); null for attendees. */
  party: { type: string; id: number } | null;
}

interface Row {
  party_type: string;
  party_id: number;
  user_id: number | null;
  language: string | null;
  email: string;
  first_name: string;
  last_name: string;
}

/** People of a venue as (party_type, party_id, user_id, first_name, last_name, email) rows. */
const profilesOf = (type: string, table: string, ids: SQL) =>
  sql`SELECT ${type}::text AS party_type, p.id AS party_id, p.user_id, p.first_name, p.last_name, p.email
    FROM ${sql.raw(table)} p WHERE p.id IN (${ids})`;

const enrolledRiders = (venueId: number) => sql`SELECT rider_id FROM venue_participations WHERE venue_id = ${venueId}`;

/** Employers who pay for a rider at the venue, or employ one enrolled there. */
const employersAt = (venueId: number) =>
  sql`SELECT payer_id FROM venue_participations WHERE venue_id = ${venueId} AND payer_type = 'employer'
    UNION SELECT em.employer_id FROM employments em
      JOIN venue_participations vp ON vp.rider_id = em.rider_id AND vp.venue_id = ${venueId}
      WHERE em.status = 'confirmed'`;

const officialsAt = (venueId: number) =>
  sql`SELECT official_id FROM official_participations WHERE venue_id = ${venueId}`;

const simpleUsersAt = (venueId: number) =>
  sql`SELECT party_id FROM accounts WHERE venue_id = ${venueId} AND kind = 'party' AND party_type = 'simpleuser'`;

/** Riders enrolled at the venue, narrowed by event, payer type and an open balance of whoever pays. */
function participantsOf(venueId: number, f: EmailRunFilters): SQL {
  const where: SQL[] = [sql`vp.venue_id = ${venueId}`];
  if (f.vec !== undefined)
    where.push(
      sql`EXISTS (SELECT 1 FROM vec_participations x WHERE x.venue_participation_id = vp.id AND x.vec_id = ${f.vec})`,
    );
  if (f.payer_type) where.push(sql`vp.payer_type = ${f.payer_type}`);
  if (f.open_balance)
    where.push(sql`(SELECT a.balance_minor FROM accounts a WHERE a.venue_id = vp.venue_id AND a.kind = 'party'
      AND a.party_type = vp.payer_type AND a.party_id = vp.payer_id) < 0`);
  return profilesOf(
    'rider',
    'riders',
    sql`SELECT vp.rider_id FROM venue_participations vp WHERE ${sql.join(where, sql` AND `)}`,
  );
}

/** The welcome desk's attendees, narrowed by kind and whether they are checked in now. */
function attendeesOf(venueId: number, f: EmailRunFilters): SQL {
  const where: SQL[] = [sql`a.venue_id = ${venueId}`];
  if (f.kind) where.push(sql`a.kind = ${f.kind}`);
  if (f.checked_in !== undefined) {
    const latest = sql`(SELECT c.action FROM attendee_checkins c WHERE c.attendee_id = a.id
      ORDER BY c.occurred_at DESC, c.id DESC LIMIT 1)`;
    where.push(f.checked_in ? sql`${latest} = 'in'` : sql`${latest} IS DISTINCT FROM 'in'`);
  }
  return sql`SELECT 'attendee'::text AS party_type, a.id AS party_id, a.user_id, a.first_name, a.last_name, a.email
    FROM attendees a WHERE ${sql.join(where, sql` AND `)}`;
}

function peopleOf(venueId: number, audience: EmailAudience, f: EmailRunFilters): SQL {
  switch (audience) {
    case 'onboarding':
      return sql.join(
        [
          profilesOf('rider', 'riders', enrolledRiders(venueId)),
          profilesOf('employer', 'employers', employersAt(venueId)),
          profilesOf('official', 'officials', officialsAt(venueId)),
          profilesOf('simpleuser', 'simple_users', simpleUsersAt(venueId)),
        ],
        sql` UNION ALL `,
      );
    case 'participants':
      return participantsOf(venueId, f);
    case 'officials':
      return profilesOf('official', 'officials', officialsAt(venueId));
    case 'attendees':
      return attendeesOf(venueId, f);
  }
}

/**
 * The recipients of an audience at a venue, by name, each e-mail address once (ignoring case).
 * A profile's address is its login's (where the account lives), else its own; an attendee's is
 * the one the desk took. Inactive logins get nothing. Onboarding goes by default only to those
 * with a login and no password yet (`without_password: false`: to everyone with an address).
 */
export async function recipientsOf(
  db: Db,
  venueId: number,
  audience: EmailAudience,
  filters: EmailRunFilters,
): Promise<Recipient[]> {
  const attendees = audience === 'attendees';
  const email = attendees
    ? sql`coalesce(nullif(btrim(p.email), ''), nullif(btrim(u.email), ''))`
    : sql`coalesce(nullif(btrim(u.email), ''), nullif(btrim(p.email), ''))`;
  const withoutPassword = audience === 'onboarding' && filters.without_password !== false;
  const rows = rowsOf<Row>(
    await db.execute(sql`SELECT * FROM (
        SELECT p.party_type, p.party_id, u.id AS user_id, u.language, ${email} AS email,
          coalesce(nullif(btrim(p.first_name), ''), u.first_name, '') AS first_name,
          coalesce(nullif(btrim(p.last_name), ''), u.last_name, '') AS last_name
        FROM (${peopleOf(venueId, audience, filters)}) p
        LEFT JOIN users u ON u.id = p.user_id
        WHERE (u.id IS NULL OR u.is_active)
          ${withoutPassword ? sql`AND u.id IS NOT NULL AND u.password_hash IS NULL` : sql.empty()}
      ) q
      WHERE q.email IS NOT NULL
      ORDER BY lower(q.last_name), lower(q.first_name), lower(q.email), q.user_id IS NULL, q.party_type, q.party_id`),
  );
  const byKey = new Map<string, Recipient>();
  for (const row of rows) {
    const key = row.email.toLowerCase();
    const seen = byKey.get(key);
    if (seen) {
      // The same address found twice (a rider who is also an official…): one message, and the
      // login, when one of them has it, gives the language and the sign-in link.
      if (seen.user === null && row.user_id !== null) {
        seen.user = Number(row.user_id);
        seen.language = isLanguage(row.language) ? row.language : null;
      }
      continue;
    }
    byKey.set(key, {
      key,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      language: isLanguage(row.language) ? row.language : null,
      user: row.user_id === null ? null : Number(row.user_id),
      party: row.party_type === 'attendee' ? null : { type: row.party_type, id: Number(row.party_id) },
    });
  }
  return [...byKey.values()];
}

import pg from 'pg';
import { openDatabase } from '../../server/src/db/client';
import { seedDemoData } from '../../server/src/demo/seed';

/**
 * The show of a load run: the demo show (its office, price list, tax configuration, the day in
 * progress, the competitions) and on top of it a championship weekend's field at venue 1 —
 * `riders` riders with one horse each and a head number — and the floor logins the tablets
 * share (several tablets sign in with one login, as at a real show). Plain SQL after the
 * demo's own seed, before the server starts.
 *
 * The riders the tablets charge have no postal address: the invoice run the office starts in
 * the middle skips them (an invoice locks its entries, and a tablet's undo of a charge just
 * invoiced would be refused). The demo's own riders are invoiced by it.
 */

export const VENUE = 1;
export const LOAD_TAG = 'load';

/** The floor kinds a tablet can be, with their demo login (copied for the load's logins). */
export const FLOOR_KINDS = ['stable', 'welcomedesk', 'signin', 'vetcheck'] as const;
export type FloorKind = (typeof FLOOR_KINDS)[number];

export interface SeededShow {
  riders: number[];
  participations: number[];
  horses: number[];
  attendees: number[];
  consumables: { id: number; unitPrice: number }[];
  /** The load's logins per floor kind (usernames; the password is the demo's). */
  logins: Record<FloorKind, string[]>;
  /** Entries of the published competition, whose results the office saves. */
  entries: number[];
  competition: number;
}

export const loginName = (kind: FloorKind, n: number) => `${LOAD_TAG}-${kind}-${n}`;

export async function seedShow(
  url: string,
  options: { riders: number; logins: Record<FloorKind, number>; scryptN: number },
): Promise<SeededShow> {
  const database = await openDatabase({ databaseUrl: url, dataDir: '.' });
  try {
    await database.migrate();
    await seedDemoData(database.db, options.scryptN);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const q = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[];
    const n = options.riders;
    await q(`INSERT INTO riders (first_name, last_name, email, nationality)
      SELECT 'Load', 'Rider ' || lpad(g::text, 5, '0'), '${LOAD_TAG}-rider-' || g || '@load.test', 'SLO'
      FROM generate_series(1, ${n}) g`);
    await q(`INSERT INTO venue_participations (venue_id, rider_id, payer_type, payer_id)
      SELECT ${VENUE}, id, 'rider', id FROM riders WHERE email LIKE '${LOAD_TAG}-rider-%' ORDER BY id`);
    await q(`INSERT INTO horses (name, fei_id)
      SELECT 'Load Horse ' || g, 'L' || lpad(g::text, 6, '0') FROM generate_series(1, ${n}) g`);
    await q(`INSERT INTO participation_horses (venue_participation_id, venue_id, horse_id, head_number)
      SELECT vp.id, ${VENUE}, h.id, 1000 + vp.rn
      FROM (SELECT p.id, row_number() OVER (ORDER BY p.id) AS rn FROM venue_participations p
            JOIN riders r ON r.id = p.rider_id WHERE p.venue_id = ${VENUE} AND r.email LIKE '${LOAD_TAG}-rider-%') vp
      JOIN (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM horses WHERE fei_id LIKE 'L%') h ON h.rn = vp.rn`);
    const logins = {} as Record<FloorKind, string[]>;
    for (const kind of FLOOR_KINDS) {
      const count = options.logins[kind];
      logins[kind] = Array.from({ length: count }, (_, i) => loginName(kind, i + 1));
      if (!count) continue;
      // The demo's login of that kind, copied: roles, venue, password, accepted terms.
      await q(
        `INSERT INTO users (username, email, password_hash, first_name, last_name, roles, language,
           email_confirmed, assigned_venue_id, terms_accepted_version, terms_accepted_at)
         SELECT $1 || '-' || g, $1 || '-' || g || '@load.test', password_hash, first_name, 'Tablet login ' || g,
           roles, language, email_confirmed, assigned_venue_id, terms_accepted_version, terms_accepted_at
         FROM users, generate_series(1, $2::int) g WHERE username = $3`,
        [`${LOAD_TAG}-${kind}`, count, kind],
      );
    }
    await q('ANALYZE');
    const ids = async (text: string) => (await q<{ id: number }>(text)).map((r) => Number(r.id));
    const riders = await ids(`SELECT id FROM riders WHERE email LIKE '${LOAD_TAG}-rider-%' ORDER BY id`);
    const participations = await ids(`SELECT p.id FROM venue_participations p JOIN riders r ON r.id = p.rider_id
      WHERE p.venue_id = ${VENUE} AND r.email LIKE '${LOAD_TAG}-rider-%' ORDER BY p.id`);
    const horses = await ids(`SELECT id FROM participation_horses WHERE venue_id = ${VENUE} AND head_number > 1000`);
    const attendees = await ids(`SELECT id FROM attendees WHERE venue_id = ${VENUE} ORDER BY id`);
    const consumables = (
      await q<{ id: number; price: string }>(
        `SELECT id, unit_price_minor AS price FROM consumables WHERE venue_id = ${VENUE} AND active ORDER BY id`,
      )
    ).map((c) => ({ id: Number(c.id), unitPrice: Number(c.price) }));
    // The show's first competition with starters: published, so spectators see its results.
    const [competition] = await q<{ id: number }>(`SELECT c.id FROM competitions c
      JOIN venue_event_categories v ON v.id = c.vec_id
      WHERE v.venue_id = ${VENUE} AND EXISTS (SELECT 1 FROM competition_entries e WHERE e.competition_id = c.id)
      ORDER BY c.id LIMIT 1`);
    if (!competition) throw new Error('the demo show has no competition with starters');
    await q(`UPDATE competitions SET published_at = now() WHERE id = $1`, [competition.id]);
    const entries = await ids(
      `SELECT id FROM competition_entries WHERE competition_id = ${competition.id} ORDER BY id`,
    );
    return { riders, participations, horses, attendees, consumables, logins, entries, competition: competition.id };
  } finally {
    await client.end();
  }
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client';
import { rowsOf } from '../../server/src/db/rows';

/*
 * Live scores' fixtures: at the demo venue (1) two competitions, each with a drawn start list of
 * starters (riders and horses of their own, head numbers 101…), the first published, the second
 * held back; and a second venue with a published competition. Results are written straight into
 * competition_entries (as the results service would) and announced on the live bus.
 */

export interface LiveFixtures {
  venue: number;
  otherVenue: number;
  /** Published, Table A, start 2026-06-01 09:00 UTC, 90 s interval. */
  published: number;
  /** Held back, Table A. */
  heldBack: number;
  otherVenueCompetition: number;
  /** Entry ids of each competition, by start order. */
  entries: Record<number, number[]>;
}

const STARTERS = [
  ['Anna', 'Adler', 'GER', 'Quidam'],
  ['Bruno', 'Bernasconi', 'ITA', 'Ratina'],
  ['Chloé', 'Cartier', 'FRA', 'Sapphire'],
  ['Daria', 'Duda', 'POL', 'Tornado'],
] as const;

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  return rowsOf<T>(await db.execute(query))[0]!;
}

async function competition(db: Db, venueId: number, number: string, published: boolean, startsAt: string) {
  const category = await one<{ id: number }>(
    db,
    sql`INSERT INTO event_categories (code, name) VALUES (${`LIVE-${venueId}-${number}`}, 'CSI2*') RETURNING id`,
  );
  const vec = await one<{ id: number }>(
    db,
    sql`INSERT INTO venue_event_categories (venue_id, event_category_id, name) VALUES (${venueId}, ${category.id}, 'CSI2*') RETURNING id`,
  );
  const row = await one<{ id: number }>(
    db,
    sql`INSERT INTO competitions (vec_id, number, name, starts_at, arena, ranking_rule, start_interval_seconds, published_at)
      VALUES (${vec.id}, ${number}, ${`Prize ${number}`}, ${startsAt}, 'Main arena', 'table_a', 90, ${published ? new Date().toISOString() : null})
      RETURNING id`,
  );
  return Number(row.id);
}

async function starters(db: Db, venueId: number, competitionId: number, headFrom: number, tag: string) {
  const ids: number[] = [];
  for (const [i, [first, last, nation, horse]] of STARTERS.entries()) {
    const rider = await one<{ id: number }>(
      db,
      sql`INSERT INTO riders (first_name, last_name, nationality) VALUES (${first}, ${`${last} ${tag}`}, ${nation}) RETURNING id`,
    );
    const h = await one<{ id: number }>(db, sql`INSERT INTO horses (name) VALUES (${`${horse} ${tag}`}) RETURNING id`);
    const participation = await one<{ id: number }>(
      db,
      sql`INSERT INTO venue_participations (venue_id, rider_id, payer_type, payer_id) VALUES (${venueId}, ${rider.id}, 'rider', ${rider.id}) RETURNING id`,
    );
    await db.execute(
      sql`INSERT INTO participation_horses (venue_participation_id, venue_id, horse_id, head_number) VALUES (${participation.id}, ${venueId}, ${h.id}, ${headFrom + i})`,
    );
    // Start order is the reverse of insertion: the list must come back by start order, not by id.
    const entry = await one<{ id: number }>(
      db,
      sql`INSERT INTO competition_entries (competition_id, venue_participation_id, rider_id, horse_id, start_order)
        VALUES (${competitionId}, ${participation.id}, ${rider.id}, ${h.id}, ${STARTERS.length - i}) RETURNING id`,
    );
    ids.unshift(Number(entry.id));
  }
  return ids;
}

export async function seedLiveFixtures(db: Db): Promise<LiveFixtures> {
  const other = await one<{ id: number }>(
    db,
    sql`INSERT INTO venues (name, city) VALUES ('Other Show', 'Aachen') RETURNING id`,
  );
  const published = await competition(db, 1, '1', true, '2026-06-01T09:00:00Z');
  const heldBack = await competition(db, 1, '2', false, '2026-06-01T13:00:00Z');
  const otherVenueCompetition = await competition(db, Number(other.id), '1', true, '2026-06-01T09:00:00Z');
  return {
    venue: 1,
    otherVenue: Number(other.id),
    published,
    heldBack,
    otherVenueCompetition,
    entries: {
      [published]: await starters(db, 1, published, 101, 'P'),
      [heldBack]: await starters(db, 1, heldBack, 201, 'H'),
      [otherVenueCompetition]: await starters(db, Number(other.id), otherVenueCompetition, 101, 'O'),
    },
  };
}

/** Writes a Table A result (status R unless given) as the results service would, stamped now (or `at`). */
export async function saveResult(
  db: Db,
  entryId: number,
  result: { faults: number; timeMs: number; status?: string; at?: Date },
): Promise<void> {
  const at = (result.at ?? new Date()).toISOString();
  await db.execute(sql`UPDATE competition_entries SET result_status = ${result.status ?? 'R'},
    round_faults = ${result.faults}, round_time_faults = 0, round_time_ms = ${result.timeMs}, result_at = ${at}
    WHERE id = ${entryId}`);
}

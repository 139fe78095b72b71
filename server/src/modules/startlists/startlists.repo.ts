import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  competitionEntries,
  competitions,
  horses,
  participationHorses,
  riders,
  vecParticipations,
  venueEventCategories,
  venueParticipations,
  venues,
} from '../../db/schema';

const e = competitionEntries;

/** A competition with what a start list shows of its event and venue. */
export async function competitionOf(conn: Db, id: number, { lock = false } = {}) {
  if (lock) await conn.execute(sql`SELECT id FROM competitions WHERE id = ${id} FOR UPDATE`);
  const [row] = await conn
    .select({
      competition: competitions,
      venueId: venueEventCategories.venueId,
      vecName: venueEventCategories.name,
      currency: venues.currency,
      timeZone: venues.timeZone,
      venueName: venues.name,
    })
    .from(competitions)
    .innerJoin(venueEventCategories, eq(venueEventCategories.id, competitions.vecId))
    .innerJoin(venues, eq(venues.id, venueEventCategories.venueId))
    .where(eq(competitions.id, id));
  return (
    row && {
      ...row.competition,
      venueId: row.venueId,
      vecName: row.vecName,
      currency: row.currency,
      timeZone: row.timeZone,
      venueName: row.venueName,
    }
  );
}
export type CompetitionInfo = NonNullable<Awaited<ReturnType<typeof competitionOf>>>;

/** The entries of a competition with rider, horse and head number: entered in order, then withdrawn. */
export async function entriesOf(conn: Db, competitionId: number) {
  return conn
    .select({
      entry: e,
      riderFirst: riders.firstName,
      riderLast: riders.lastName,
      nationality: riders.nationality,
      horseName: horses.name,
      horseFei: horses.feiId,
      headNumber: participationHorses.headNumber,
    })
    .from(e)
    .innerJoin(riders, eq(riders.id, e.riderId))
    .innerJoin(horses, eq(horses.id, e.horseId))
    .leftJoin(
      participationHorses,
      and(
        eq(participationHorses.venueParticipationId, e.venueParticipationId),
        eq(participationHorses.horseId, e.horseId),
      ),
    )
    .where(eq(e.competitionId, competitionId))
    .orderBy(sql`${e.status} = 'withdrawn'`, sql`${e.startOrder} NULLS LAST`, asc(e.withdrawnAt), asc(e.id));
}
export type EntryRow = Awaited<ReturnType<typeof entriesOf>>[number];

/** One entry (locked for a change inside a transaction). */
export async function entryOf(conn: Db, id: number, { lock = false } = {}) {
  const query = conn.select().from(e).where(eq(e.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function entryCompetition(conn: Db, id: number): Promise<number | undefined> {
  const [row] = await conn.select({ competitionId: e.competitionId }).from(e).where(eq(e.id, id));
  return row?.competitionId;
}

/** A VEC participation with its venue participation (rider) and venue. */
export async function vecParticipationOf(conn: Db, id: number) {
  const [row] = await conn
    .select({
      id: vecParticipations.id,
      vecId: vecParticipations.vecId,
      horseId: vecParticipations.horseId,
      venueParticipationId: vecParticipations.venueParticipationId,
      riderId: venueParticipations.riderId,
      venueId: venueParticipations.venueId,
    })
    .from(vecParticipations)
    .innerJoin(venueParticipations, eq(venueParticipations.id, vecParticipations.venueParticipationId))
    .where(eq(vecParticipations.id, id));
  return row;
}

export async function venueParticipationOf(conn: Db, id: number) {
  const [row] = await conn.select().from(venueParticipations).where(eq(venueParticipations.id, id));
  return row;
}

/** Is the horse the rider's at this venue (a horse of their venue participation)? */
export async function isHorseOf(conn: Db, venueParticipationId: number, horseId: number): Promise<boolean> {
  const [row] = await conn
    .select({ id: participationHorses.id })
    .from(participationHorses)
    .where(
      and(eq(participationHorses.venueParticipationId, venueParticipationId), eq(participationHorses.horseId, horseId)),
    );
  return !!row;
}

/** The VEC participation of rider + horse in an event, if there is one. */
export async function vecParticipationFor(conn: Db, vecId: number, venueParticipationId: number, horseId: number) {
  const [row] = await conn
    .select({ id: vecParticipations.id })
    .from(vecParticipations)
    .where(
      and(
        eq(vecParticipations.vecId, vecId),
        eq(vecParticipations.venueParticipationId, venueParticipationId),
        eq(vecParticipations.horseId, horseId),
      ),
    );
  return row?.id ?? null;
}

export async function findEntry(conn: Db, competitionId: number, riderId: number, horseId: number) {
  const [row] = await conn
    .select()
    .from(e)
    .where(and(eq(e.competitionId, competitionId), eq(e.riderId, riderId), eq(e.horseId, horseId)));
  return row;
}

/** Where a new entry starts: after the last one when the list has an order, else unordered. */
export async function nextOrder(conn: Db, competitionId: number): Promise<number | null> {
  const [row] = rowsOf<{ max: number | null }>(
    await conn.execute(sql`SELECT max(start_order)::int AS max FROM competition_entries
      WHERE competition_id = ${competitionId} AND status = 'entered'`),
  );
  return row?.max == null ? null : row.max + 1;
}

export async function insertEntry(conn: Db, values: typeof e.$inferInsert): Promise<number> {
  const [row] = await conn.insert(e).values(values).returning({ id: e.id });
  return row!.id;
}

export async function updateEntry(conn: Db, id: number, values: Partial<typeof e.$inferInsert>): Promise<void> {
  await conn
    .update(e)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(e.id, id));
}

/** Sets the start order of the given entries (ids in their new order, 1-based), in one statement. */
export async function setOrder(conn: Db, competitionId: number, ids: readonly number[], resetLate = false) {
  if (!ids.length) return;
  const orders = ids.map((_, i) => i + 1);
  await conn.execute(sql`UPDATE competition_entries AS e
    SET start_order = o.start_order, updated_at = now()${resetLate ? sql`, late = false` : sql``}
    FROM (SELECT unnest(${`{${ids.join(',')}}`}::int[]) AS id, unnest(${`{${orders.join(',')}}`}::int[]) AS start_order) AS o
    WHERE e.id = o.id AND e.competition_id = ${competitionId}`);
}

/** Closes the gap a withdrawn starter leaves. */
export async function closeGap(conn: Db, competitionId: number, after: number) {
  await conn.execute(sql`UPDATE competition_entries SET start_order = start_order - 1, updated_at = now()
    WHERE competition_id = ${competitionId} AND status = 'entered' AND start_order > ${after}`);
}

/** A rider + horse of the event to enter, with the entry's id drawn beforehand and its place. */
export interface EventEntry {
  id: number;
  vecParticipationId: number;
  venueParticipationId: number;
  riderId: number;
  horseId: number;
  startOrder: number | null;
}

/**
 * The VEC participations of the event (with a horse) not entered in the competition yet, each
 * rider + horse once (the first participation naming them), in participation order, in one
 * statement: with the entry's id drawn (so its fee's ledger reference can name it before the row
 * is written) and its place after the last starter when the list has an order (else unordered,
 * as a single entry is).
 */
export async function unenteredOfEvent(conn: Db, competitionId: number, vecId: number): Promise<EventEntry[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await conn.execute(sql`WITH last AS (
        SELECT max(start_order) AS m FROM competition_entries WHERE competition_id = ${competitionId} AND status = 'entered'),
      todo AS (
        SELECT DISTINCT ON (p.rider_id, vp.horse_id) vp.id, vp.venue_participation_id, vp.horse_id, p.rider_id
        FROM vec_participations vp JOIN venue_participations p ON p.id = vp.venue_participation_id
        WHERE vp.vec_id = ${vecId} AND vp.horse_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM competition_entries ce WHERE ce.competition_id = ${competitionId}
            AND ce.rider_id = p.rider_id AND ce.horse_id = vp.horse_id)
        ORDER BY p.rider_id, vp.horse_id, vp.id),
      ordered AS (
        SELECT t.*, (SELECT m FROM last) + row_number() OVER (ORDER BY t.id) AS start_order FROM todo t)
      SELECT nextval(pg_get_serial_sequence('competition_entries', 'id')) AS entry_id, o.*
      FROM ordered o ORDER BY o.id`),
  );
  return rows.map((r) => ({
    id: Number(r.entry_id),
    vecParticipationId: Number(r.id),
    venueParticipationId: Number(r.venue_participation_id),
    riderId: Number(r.rider_id),
    horseId: Number(r.horse_id),
    startOrder: r.start_order === null ? null : Number(r.start_order),
  }));
}

/**
 * Writes the entries of an event into the competition in one statement (INSERT … SELECT),
 * late when the list was drawn already, at the competition's entry fee, each with the ledger
 * entry that charged it (null without a fee).
 */
export async function insertEventEntries(
  conn: Db,
  c: { id: number; drawnAt: Date | null; entryFeeMinor: number },
  entries: readonly EventEntry[],
  feeTransactions: readonly (number | null)[],
): Promise<void> {
  if (!entries.length) return;
  const records = entries.map((e, i) => ({
    id: e.id,
    vp: e.vecParticipationId,
    p: e.venueParticipationId,
    r: e.riderId,
    h: e.horseId,
    o: e.startOrder,
    t: feeTransactions[i] ?? null,
  }));
  await conn.execute(sql`INSERT INTO competition_entries (id, competition_id, venue_participation_id,
      vec_participation_id, rider_id, horse_id, start_order, late, entry_fee_minor, fee_transaction_id)
    SELECT x.id, ${c.id}::int, x.p, x.vp, x.r, x.h, x.o, ${c.drawnAt !== null}, ${c.entryFeeMinor}, x.t
    FROM json_to_recordset(${JSON.stringify(records)}::json) AS x(id int, vp int, p int, r int, h int, o int, t int)`);
}

/** Riders and horses of the venue not entered (or withdrawn) in the competition. */
export async function candidatesOf(conn: Db, competitionId: number, venueId: number, vecId: number) {
  return rowsOf<{
    venue_participation: number;
    vec_participation: number | null;
    rider_id: number;
    rider_name: string;
    horse_id: number;
    horse_name: string;
    head_number: number | null;
  }>(
    await conn.execute(sql`SELECT p.id AS venue_participation,
        (SELECT min(vp.id) FROM vec_participations vp WHERE vp.vec_id = ${vecId}
          AND vp.venue_participation_id = p.id AND vp.horse_id = ph.horse_id) AS vec_participation,
        r.id AS rider_id, trim(r.first_name || ' ' || r.last_name) AS rider_name,
        h.id AS horse_id, h.name AS horse_name, ph.head_number
      FROM participation_horses ph
      JOIN venue_participations p ON p.id = ph.venue_participation_id
      JOIN riders r ON r.id = p.rider_id
      JOIN horses h ON h.id = ph.horse_id
      WHERE p.venue_id = ${venueId}
        AND NOT EXISTS (SELECT 1 FROM competition_entries ce WHERE ce.competition_id = ${competitionId}
          AND ce.rider_id = p.rider_id AND ce.horse_id = ph.horse_id)
      ORDER BY r.last_name, r.first_name, h.name`),
  );
}

/** The venue's competitions by event, with their entry counts. */
export async function overviewOf(conn: Db, venueId: number) {
  return rowsOf<{
    vec_id: number;
    vec_name: string;
    id: number | null;
    number: string | null;
    name: string | null;
    starts_at: Date | string | null;
    arena: string | null;
    drawn_at: Date | string | null;
    entries: number;
    withdrawn: number;
  }>(
    await conn.execute(sql`SELECT v.id AS vec_id, v.name AS vec_name, c.id, c.number, c.name, c.starts_at, c.arena, c.drawn_at,
        (SELECT count(*) FROM competition_entries ce WHERE ce.competition_id = c.id AND ce.status = 'entered')::int AS entries,
        (SELECT count(*) FROM competition_entries ce WHERE ce.competition_id = c.id AND ce.status = 'withdrawn')::int AS withdrawn
      FROM venue_event_categories v LEFT JOIN competitions c ON c.vec_id = v.id
      WHERE v.venue_id = ${venueId}
      ORDER BY v.name, v.id, c.starts_at NULLS LAST, c.number, c.id`),
  );
}

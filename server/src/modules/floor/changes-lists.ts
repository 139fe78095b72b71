import { sql, type SQL } from 'drizzle-orm';
import { partyName, userName } from '../ledger/names';
import { columns, epochMs } from './floor-sql';

/**
 * The lists of one pull, each as JSON columns (floor-sql.ts `columns`) named as the wire names
 * its fields; changes-wire.ts turns them into rows. `since` is the client's cursor, or -1 for
 * a full snapshot. Timestamps come as epoch milliseconds.
 */

export type ListName =
  | 'riders'
  | 'grooms'
  | 'horses'
  | 'consumables'
  | 'transactions'
  | 'attendees'
  | 'checkins'
  | 'signins'
  | 'inspections'
  | 'deleted';

const name = (t: string) => sql.raw(`btrim(${t}.first_name || ' ' || ${t}.last_name)`);

const eventColumns = {
  id: sql`e.id`,
  key: sql`e.client_key`,
  occurred_at: epochMs(sql`e.occurred_at`),
  recorded_at: epochMs(sql`e.recorded_at`),
  recorded_by: userName(sql`e.recorded_by_user_id`),
  device_id: sql`e.device_id`,
};

/** The wire fields of an entry (`t`), as changes-wire.ts `EntryTable` reads them. */
const entryColumns = {
  id: sql`t.id`,
  key: sql`t.idempotency_key`,
  kind: sql`t.kind`,
  // A reversal is signed by the kind of the entry it reverses (ledger wire.ts).
  original_kind: sql`CASE WHEN t.reversal_of_id IS NOT NULL
    THEN (SELECT o.kind FROM transactions o WHERE o.id = t.reversal_of_id) END`,
  party_type: sql`t.party_type`,
  party_id: sql`t.party_id`,
  beneficiary: sql`t.beneficiary_rider_id`,
  consumable: sql`t.consumable_id`,
  description: sql`t.description`,
  quantity: sql`t.quantity`,
  unit_price: sql`t.unit_price_minor`,
  gross: sql`t.gross_minor`,
  currency: sql`t.currency`,
  source: sql`t.source`,
  created_by: sql`t.created_by_user_id`,
  device_id: sql`t.device_id`,
  occurred_at: epochMs(sql`t.occurred_at`),
  recorded_at: epochMs(sql`t.recorded_at`),
  reversal_of: sql`t.reversal_of_id`,
};

/** Where a slice of entries ends: the last entry's occurred_at (epoch ms) and id. */
export interface EntryPosition {
  occurredAt: number;
  id: number;
}

/**
 * The next `limit` entries of a pull after `after`, newest first as the tablet keeps them
 * (occurred_at to the millisecond, then id), as JSON columns: a streamed pull reads its entries
 * slice by slice and sends each while the next is read.
 */
export function entrySlice(venue: number, since: number, after: EntryPosition | null, limit: number): SQL {
  const at = epochMs(sql`t.occurred_at`);
  const rest = after ? sql`AND (${at}, t.id) < (${after.occurredAt}::bigint, ${after.id}::integer)` : sql``;
  return columns(
    entryColumns,
    sql`FROM (SELECT t.* FROM transactions t WHERE t.venue_id = ${venue} AND t.floor_seq > ${since} ${rest}
      ORDER BY ${at} DESC, t.id DESC LIMIT ${limit}) t`,
  );
}

export function floorLists(venue: number, since: number, reset: boolean): Record<ListName, SQL> {
  return {
    riders: columns(
      {
        id: sql`vp.id`,
        rider: sql`vp.rider_id`,
        name: name('r'),
        payer_type: sql`vp.payer_type`,
        payer_id: sql`vp.payer_id`,
        payer_name: partyName(sql`vp.payer_type`, sql`vp.payer_id`),
      },
      sql`FROM venue_participations vp JOIN riders r ON r.id = vp.rider_id
        WHERE vp.venue_id = ${venue} AND vp.floor_seq > ${since}`,
    ),
    // A groom's change touches their rider's participations: the grooms of those are sent.
    grooms: columns(
      { id: sql`g.id`, rider: sql`g.rider_id`, participation: sql`vp.id`, name: name('g') },
      sql`FROM grooms g JOIN venue_participations vp ON vp.rider_id = g.rider_id
        WHERE vp.venue_id = ${venue} AND vp.floor_seq > ${since}`,
    ),
    horses: columns(
      {
        id: sql`ph.id`,
        participation: sql`ph.venue_participation_id`,
        rider: sql`vp.rider_id`,
        horse: sql`h.id`,
        name: sql`h.name`,
        fei_id: sql`h.fei_id`,
        head_number: sql`ph.head_number`,
      },
      sql`FROM participation_horses ph JOIN venue_participations vp ON vp.id = ph.venue_participation_id
        JOIN horses h ON h.id = ph.horse_id WHERE ph.venue_id = ${venue} AND ph.floor_seq > ${since}`,
    ),
    consumables: columns(
      {
        id: sql`c.id`,
        name: sql`c.name`,
        category: sql`c.category`,
        unit: sql`c.unit`,
        unit_price: sql`c.unit_price_minor`,
        active: sql`c.active`,
      },
      sql`FROM consumables c WHERE c.venue_id = ${venue} AND c.floor_seq > ${since}`,
    ),
    transactions: columns(
      entryColumns,
      sql`FROM transactions t WHERE t.venue_id = ${venue} AND t.floor_seq > ${since}`,
    ),
    attendees: columns(
      {
        id: sql`a.id`,
        venue: sql`a.venue_id`,
        key: sql`a.client_key`,
        first_name: sql`a.first_name`,
        last_name: sql`a.last_name`,
        email: sql`a.email`,
        phone: sql`a.phone`,
        kind: sql`a.kind`,
        role: sql`a.role`,
        organisation: sql`a.organisation`,
        badge: sql`a.badge`,
        user: sql`a.user_id`,
        created_at: epochMs(sql`a.created_at`),
      },
      sql`FROM attendees a WHERE a.venue_id = ${venue} AND a.floor_seq > ${since}`,
    ),
    checkins: columns(
      { ...eventColumns, attendee: sql`e.attendee_id`, action: sql`e.action` },
      sql`FROM attendee_checkins e WHERE e.venue_id = ${venue} AND e.floor_seq > ${since}`,
    ),
    signins: columns(
      { ...eventColumns, participation: sql`e.venue_participation_id`, action: sql`e.action` },
      sql`FROM rider_signins e WHERE e.venue_id = ${venue} AND e.floor_seq > ${since}`,
    ),
    inspections: columns(
      {
        ...eventColumns,
        horse: sql`e.participation_horse_id`,
        status: sql`e.status`,
        notes: sql`e.notes`,
        inspector: sql`e.inspector`,
      },
      sql`FROM vet_inspections e WHERE e.venue_id = ${venue} AND e.floor_seq > ${since}`,
    ),
    // A snapshot replaces everything the client kept: it needs no tombstones.
    deleted: reset
      ? sql`'{}'`
      : columns(
          { entity: sql`d.entity`, id: sql`d.entity_id` },
          sql`FROM floor_tombstones d WHERE d.venue_id = ${venue} AND d.seq > ${since}`,
        ),
  };
}

/**
 * The names of the parties and authors of entries (`{type, id}` and user ids as JSON), looked up
 * once each rather than once per entry.
 */
export function entryNames(parties: string, authors: string): SQL {
  return sql`SELECT
    ${columns(
      { type: sql`d.type`, id: sql`d.id`, name: partyName(sql`d.type`, sql`d.id`) },
      sql`FROM json_to_recordset(${parties}::json) AS d(type text, id integer)`,
    )} AS parties,
    ${columns(
      { id: sql`e.id::integer`, name: userName(sql`e.id::integer`) },
      sql`FROM json_array_elements_text(${authors}::json) AS e(id)`,
    )} AS authors`;
}

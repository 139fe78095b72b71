import { sql, type SQL } from 'drizzle-orm';
import { param, textOf } from '../ledger/fixed-statement';
import { alias } from 'drizzle-orm/pg-core';
import { riders, users } from '../../db/schema';
import { partyName, riderNameOf, userName, userNameOf } from '../ledger/names';
import { FLOOR_STREAM_CHUNK, type EntryColumns } from '@shared/floor-stream';
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

/**
 * Rows numbered after `since` and up to `until`: a range of two bounds, so that a statement
 * planned once for any cursor (its bounds parameters) estimates few rows and keeps to the
 * (venue, floor_seq) indexes, where `> $n` alone is estimated at a third of the table.
 */
const changed = (column: string, since: SQL, until: SQL) =>
  sql`${sql.raw(column)} > ${since} AND ${sql.raw(column)} <= ${until}`;

export function floorLists(
  venue: SQL,
  since: SQL,
  until: SQL,
  reset: SQL,
  /** The entries to list: a CTE of transactions with the columns below (see pullText). */
  entries: SQL,
  /** Each row also with its floor number, as `seq` (for the changes log, changes-log.ts). */
  numbered = false,
): Record<ListName, SQL> {
  const seq = (column: string): Record<string, SQL> => (numbered ? { seq: sql.raw(column) } : {});
  return {
    riders: columns(
      {
        id: sql`vp.id`,
        rider: sql`vp.rider_id`,
        name: name('r'),
        payer_type: sql`vp.payer_type`,
        payer_id: sql`vp.payer_id`,
        // Most riders pay for themselves: their name is at hand, no look-up per row.
        payer_name: sql`CASE WHEN vp.payer_type = 'rider' AND vp.payer_id = vp.rider_id THEN ${name('r')}
          ELSE ${partyName(sql`vp.payer_type`, sql`vp.payer_id`)} END`,
        ...seq('vp.floor_seq'),
      },
      sql`FROM venue_participations vp JOIN riders r ON r.id = vp.rider_id
        WHERE vp.venue_id = ${venue} AND ${changed('vp.floor_seq', since, until)}`,
    ),
    // A groom's change touches their rider's participations: the grooms of those are sent.
    grooms: columns(
      { id: sql`g.id`, rider: sql`g.rider_id`, participation: sql`vp.id`, name: name('g'), ...seq('vp.floor_seq') },
      sql`FROM grooms g JOIN venue_participations vp ON vp.rider_id = g.rider_id
        WHERE vp.venue_id = ${venue} AND ${changed('vp.floor_seq', since, until)}`,
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
        ...seq('ph.floor_seq'),
      },
      sql`FROM participation_horses ph JOIN venue_participations vp ON vp.id = ph.venue_participation_id
        JOIN horses h ON h.id = ph.horse_id WHERE ph.venue_id = ${venue} AND ${changed('ph.floor_seq', since, until)}`,
    ),
    consumables: columns(
      {
        id: sql`c.id`,
        name: sql`c.name`,
        category: sql`c.category`,
        unit: sql`c.unit`,
        unit_price: sql`c.unit_price_minor`,
        active: sql`c.active`,
        ...seq('c.floor_seq'),
      },
      sql`FROM consumables c WHERE c.venue_id = ${venue} AND ${changed('c.floor_seq', since, until)}`,
    ),
    transactions: columns(
      { ...Object.fromEntries(ENTRY_COLUMNS.map((name) => [name, sql.raw(`t.${name}`)])), ...seq('t.seq') },
      sql`FROM ${entries} t`,
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
        ...seq('a.floor_seq'),
      },
      sql`FROM attendees a WHERE a.venue_id = ${venue} AND ${changed('a.floor_seq', since, until)}`,
    ),
    checkins: columns(
      { ...eventColumns, attendee: sql`e.attendee_id`, action: sql`e.action`, ...seq('e.floor_seq') },
      sql`FROM attendee_checkins e WHERE e.venue_id = ${venue} AND ${changed('e.floor_seq', since, until)}`,
    ),
    signins: columns(
      { ...eventColumns, participation: sql`e.venue_participation_id`, action: sql`e.action`, ...seq('e.floor_seq') },
      sql`FROM rider_signins e WHERE e.venue_id = ${venue} AND ${changed('e.floor_seq', since, until)}`,
    ),
    inspections: columns(
      {
        ...eventColumns,
        horse: sql`e.participation_horse_id`,
        status: sql`e.status`,
        notes: sql`e.notes`,
        inspector: sql`e.inspector`,
        ...seq('e.floor_seq'),
      },
      sql`FROM vet_inspections e WHERE e.venue_id = ${venue} AND ${changed('e.floor_seq', since, until)}`,
    ),
    // A snapshot replaces everything the client kept: it needs no tombstones.
    deleted: sql`CASE WHEN ${reset} THEN '{}' ELSE ${columns(
      { entity: sql`d.entity`, id: sql`d.entity_id`, ...seq('d.seq') },
      sql`FROM floor_tombstones d WHERE d.venue_id = ${venue} AND ${changed('d.seq', since, until)}`,
    )} END`,
  };
}

/** The entry columns of a pull, as the wire names them (changes-wire.ts EntryColumns), of `t`. */
const entryMembers = (): Record<string, SQL> => ({
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
});

const selected = (members: Record<string, SQL>) =>
  sql.join(
    Object.entries(members).map(([name, value]) => sql`${value} AS ${sql.identifier(name)}`),
    sql`, `,
  );

/** The entries of a pull in those columns, with their floor numbers as `seq`. */
const entryColumns = (since: SQL, until: SQL, venue: SQL, money: SQL) =>
  sql`SELECT ${selected(entryMembers())}, t.floor_seq AS seq FROM transactions t
    WHERE ${money} AND t.venue_id = ${venue} AND ${changed('t.floor_seq', since, until)}`;

/** The entry columns' names, in the order entryMembers gives them. */
const ENTRY_COLUMNS = Object.keys(entryMembers());

/** The parameters of a pull's statement and its lists but the entries (pullText, pullPagesText). */
function pullParts(numbered: boolean, pages = false) {
  const venue = param(1);
  // The bounds as values of the statement's own (InitPlan parameters): a plan for particular
  // bounds sees no more than the one plan for any, so PostgreSQL keeps that one instead of
  // planning the statement again for every pull (a cursor just behind the counter made a plan
  // of its own look cheaper: 2 ms of planning for a pull of nothing).
  const since = sql.raw('(SELECT $2::bigint)');
  const until = sql.raw('(SELECT $3::bigint)');
  const reset = sql.raw('$4::boolean');
  const money = sql.raw('$5::boolean');
  const entries = sql.raw('pulled_entries');
  // With pages (pullPagesText) the entries come in those, the other lists in the first row only.
  const lists = Object.entries(floorLists(sql`${venue}::int`, since, until, reset, entries, numbered)).flatMap(
    ([name, query]) =>
      !pages
        ? [sql`${query} AS ${sql.identifier(name)}`]
        : name === 'transactions'
          ? []
          : [sql`CASE WHEN p.page IS NULL OR p.page = 0 THEN ${query} END AS ${sql.identifier(name)}`],
  );
  return { venue, since, until, money, lists };
}

const venueColumns = sql.raw(`v.id, v.name, v.currency, v.currency_display, v.time_zone,
  COALESCE(c.seq, 0) AS seq, COALESCE(c.purged_seq, 0) AS purged_seq`);

/**
 * One pull in one statement, planned once per connection: the venue and its floor counter,
 * every list, and the names of the entries' parties and authors (each looked up once, not once
 * per entry) — all in the statement's one snapshot, so the counter and the rows agree (a
 * writer holds the counter's row lock until it commits: a counter value N seen means every
 * row numbered ≤ N is seen too). $1 venue, $2 since (-1: everything), $3 until (the
 * largest number there can be), $4 a snapshot (no tombstones), $5 whether to list entries.
 * `numbered`: each row with its floor number as `seq` (the changes log's refresh).
 */
export function pullText(numbered = false): string {
  const { venue, since, until, money, lists } = pullParts(numbered);
  return textOf(sql`WITH pulled_entries AS MATERIALIZED (${entryColumns(since, until, sql`${venue}::int`, money)})
SELECT ${venueColumns}, ${sql.join(lists, sql`, `)},
  ${columns(
    { type: sql`d.type`, id: sql`d.id`, name: partyName(sql`d.type`, sql`d.id`) },
    sql`FROM (SELECT DISTINCT party_type AS type, party_id AS id FROM pulled_entries) d`,
  )} AS parties,
  ${columns(
    { id: sql`d.id`, name: userName(sql`d.id`) },
    sql`FROM (SELECT DISTINCT created_by AS id FROM pulled_entries WHERE created_by IS NOT NULL) d`,
  )} AS authors
FROM venues v LEFT JOIN floor_cursors c ON c.venue_id = v.id WHERE v.id = ${venue}::int`);
}

/** The entries of a page in columns (EntryColumns of src/shared/floor-stream.ts), from ordered_entries. */
const PAGE_COLUMNS: Record<keyof EntryColumns, SQL> = {
  id: sql`t.id`,
  key: sql`t.key`,
  kind: sql`t.kind`,
  party_type: sql`t.party_type`,
  party_id: sql`t.party_id`,
  party_name: sql`t.party_name`,
  rider: sql`CASE WHEN t.party_type = 'rider' THEN t.party_id ELSE t.beneficiary END`,
  consumable: sql`t.consumable`,
  description: sql`t.description`,
  quantity: sql`t.quantity`,
  unit_price: sql`t.unit_price`,
  // As the ledger's wire signs it (partySign): as it affects the party, a charge negative.
  gross: sql`CASE WHEN COALESCE(t.original_kind, t.kind) IN ('credit', 'payment') THEN t.gross ELSE -t.gross END`,
  currency: sql`t.currency`,
  source: sql`t.source`,
  created_by: sql`t.author`,
  device_id: sql`t.device_id`,
  occurred_at: sql`t.occurred_at`,
  recorded_at: sql`t.recorded_at`,
  reversal_of: sql`t.reversal_of`,
};

const partyRider = alias(riders, 'party_rider');
const author = alias(users, 'author');

/**
 * A snapshot for a tablet that takes its entries in columns (FLOOR_STREAM_COLUMNS), in one
 * statement as pullText: one row per page of entries (FLOOR_STREAM_CHUNK of them, newest first:
 * occurred_at to the millisecond, then id) with `page`, `size` and `columns` (the page's JSON
 * text, names and signs made here), the venue and its other lists in the first row only (null
 * in the others), one row without a page for a venue without entries. The process copies each
 * page's text into its line as it is: building and serialising 50,000 row objects took it
 * about as long as the database's read. The same parameters as pullText, though only a
 * snapshot is asked of it ($2 -1, $4 true). The entries are read once, named by joins (most
 * parties are riders; the authors are few) rather than from the entries' distinct parties and
 * authors, which made PostgreSQL keep and read all of them again.
 */
export function pullPagesText(): string {
  const { venue, money, lists } = pullParts(false, true);
  const page = sql.raw(String(FLOOR_STREAM_CHUNK));
  const members = Object.entries(PAGE_COLUMNS).map(
    ([name, value]) => sql`${sql.raw(`'${name}'`)}, json_agg(${value} ORDER BY t.n)`,
  );
  const entry = {
    ...entryMembers(),
    party_name: sql`CASE WHEN t.party_type = 'rider' THEN ${riderNameOf(partyRider)}
      ELSE ${partyName(sql`t.party_type`, sql`t.party_id`)} END`,
    author: userNameOf(author),
  };
  return textOf(sql`WITH ordered_entries AS (SELECT ${selected(entry)},
    row_number() OVER (ORDER BY ${epochMs(sql`t.occurred_at`)} DESC, t.id DESC) - 1 AS n
  FROM transactions t LEFT JOIN riders ${partyRider} ON t.party_type = 'rider' AND ${partyRider.id} = t.party_id
  LEFT JOIN users ${author} ON ${author.id} = t.created_by_user_id
  WHERE ${money} AND t.venue_id = ${venue}::int AND t.floor_seq > $2::bigint AND t.floor_seq <= $3::bigint),
entry_pages AS (SELECT t.n / ${page} AS page, count(*)::int AS size,
    json_build_object(${sql.join(members, sql`, `)})::text AS columns
  FROM ordered_entries t GROUP BY t.n / ${page})
SELECT ${venueColumns}, ${sql.join(lists, sql`, `)}, p.page, p.size, p.columns
FROM venues v LEFT JOIN floor_cursors c ON c.venue_id = v.id LEFT JOIN entry_pages p ON true
WHERE v.id = ${venue}::int ORDER BY p.page`);
}

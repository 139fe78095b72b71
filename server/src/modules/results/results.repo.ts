import { sql } from 'drizzle-orm';
import type { JumpOffStatus, KnockDownSeconds, RankingRule, StarterStatus } from '@shared/sport/ranking';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** A competition with what ranking and paying it need: its venue, event, currency and chart. */
export interface CompetitionRow {
  id: number;
  venueId: number;
  vecId: number;
  vecName: string;
  number: string;
  name: string;
  startsAt: Date | null;
  rankingRule: RankingRule;
  knockDownSeconds: KnockDownSeconds;
  currency: string;
  pricesIncludeTax: boolean;
  prizeMoneyMinor: number;
  prizeDistributionBp: number[];
  prizeChartMinor: number[];
  publishedAt: Date | null;
}

/** An entry of a competition with its starter, head number, result and what it was paid. */
export interface EntryRow {
  id: number;
  competitionId: number;
  venueParticipationId: number;
  startOrder: number | null;
  status: 'entered' | 'withdrawn';
  riderId: number;
  riderName: string;
  horseId: number;
  horseName: string;
  horseFeiId: string | null;
  headNumber: number | null;
  payerType: string;
  payerId: number;
  /** The venue of the start's participation (its competition's, unless the data is broken). */
  participationVenueId: number;
  resultStatus: StarterStatus | null;
  roundFaults: number | null;
  roundTimeFaults: number | null;
  roundTimeMs: number | null;
  roundKnockDowns: number | null;
  jumpOffFaults: number | null;
  jumpOffTimeFaults: number | null;
  jumpOffTimeMs: number | null;
  jumpOffKnockDowns: number | null;
  jumpOffStatus: JumpOffStatus | null;
  scoreThousandths: number | null;
  resultAt: Date | null;
  paidMinor: number;
}

const toDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));
const intOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
/** integer[] arrives as an array (node-postgres, PGlite) or as its text form `{1,2}`. */
const intArray = (value: unknown): number[] => {
  if (Array.isArray(value)) return value.map(Number);
  const text = String(value ?? '{}').replace(/[{}]/g, '');
  return text ? text.split(',').map(Number) : [];
};

const COMPETITION_SELECT = sql`SELECT c.id, vec.venue_id, c.vec_id, vec.name AS vec_name, c.number, c.name, c.starts_at,
    c.ranking_rule, c.knock_down_seconds, v.currency, v.prices_include_tax, c.prize_money_minor, c.prize_distribution_bp,
    c.prize_chart_minor, c.published_at
  FROM competitions c
  JOIN venue_event_categories vec ON vec.id = c.vec_id
  JOIN venues v ON v.id = vec.venue_id`;

function competitionOf(r: Record<string, unknown>): CompetitionRow {
  return {
    id: Number(r.id),
    venueId: Number(r.venue_id),
    vecId: Number(r.vec_id),
    vecName: String(r.vec_name),
    number: String(r.number),
    name: String(r.name),
    startsAt: toDate(r.starts_at),
    rankingRule: r.ranking_rule as RankingRule,
    knockDownSeconds: Number(r.knock_down_seconds) as KnockDownSeconds,
    currency: String(r.currency),
    pricesIncludeTax: Boolean(r.prices_include_tax),
    prizeMoneyMinor: Number(r.prize_money_minor),
    prizeDistributionBp: intArray(r.prize_distribution_bp),
    prizeChartMinor: intArray(r.prize_chart_minor),
    publishedAt: toDate(r.published_at),
  };
}

/** One competition; `lock` takes its row lock (FOR UPDATE of the competition only). */
export async function findCompetition(db: Db, id: number, lock = false): Promise<CompetitionRow | undefined> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`${COMPETITION_SELECT} WHERE c.id = ${id} ${lock ? sql`FOR UPDATE OF c` : sql``}`),
  );
  return rows[0] ? competitionOf(rows[0]) : undefined;
}

/** The venue's competitions in the order of the day, with entries, results and what was paid. */
export async function venueCompetitions(
  db: Db,
  venueId: number,
): Promise<(CompetitionRow & { entries: number; results: number; paid: number })[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT x.*,
        (SELECT count(*)::int FROM competition_entries e WHERE e.competition_id = x.id AND e.status = 'entered') AS entries,
        (SELECT count(*)::int FROM competition_entries e WHERE e.competition_id = x.id AND e.status = 'entered'
          AND e.result_status IS NOT NULL) AS results,
        (SELECT coalesce(sum(p.amount_minor), 0)::text FROM prize_postings p WHERE p.competition_id = x.id) AS paid
      FROM (${COMPETITION_SELECT} WHERE vec.venue_id = ${venueId}) x
      ORDER BY x.starts_at NULLS LAST, x.number, x.id`),
  );
  return rows.map((r) => ({
    ...competitionOf(r),
    entries: Number(r.entries),
    results: Number(r.results),
    paid: Number(r.paid),
  }));
}

const ENTRY_SELECT = sql`SELECT e.id, e.competition_id, e.venue_participation_id, e.start_order, e.status,
    e.rider_id, trim(r.first_name || ' ' || r.last_name) AS rider_name,
    e.horse_id, h.name AS horse_name, h.fei_id AS horse_fei_id, ph.head_number,
    vp.payer_type, vp.payer_id, vp.venue_id AS participation_venue_id,
    e.result_status, e.round_faults, e.round_time_faults, e.round_time_ms, e.round_knock_downs,
    e.jump_off_faults, e.jump_off_time_faults, e.jump_off_time_ms, e.jump_off_knock_downs, e.jump_off_status,
    e.score_thousandths, e.result_at,
    (SELECT coalesce(sum(p.amount_minor), 0)::text FROM prize_postings p WHERE p.entry_id = e.id) AS paid
  FROM competition_entries e
  JOIN riders r ON r.id = e.rider_id
  JOIN horses h ON h.id = e.horse_id
  JOIN venue_participations vp ON vp.id = e.venue_participation_id
  LEFT JOIN participation_horses ph ON ph.venue_participation_id = e.venue_participation_id AND ph.horse_id = e.horse_id`;

function entryOf(r: Record<string, unknown>): EntryRow {
  return {
    id: Number(r.id),
    competitionId: Number(r.competition_id),
    venueParticipationId: Number(r.venue_participation_id),
    startOrder: intOrNull(r.start_order),
    status: r.status as EntryRow['status'],
    riderId: Number(r.rider_id),
    riderName: String(r.rider_name ?? ''),
    horseId: Number(r.horse_id),
    horseName: String(r.horse_name ?? ''),
    horseFeiId: (r.horse_fei_id as string | null) ?? null,
    headNumber: intOrNull(r.head_number),
    payerType: String(r.payer_type),
    payerId: Number(r.payer_id),
    participationVenueId: Number(r.participation_venue_id),
    resultStatus: (r.result_status as StarterStatus | null) ?? null,
    roundFaults: intOrNull(r.round_faults),
    roundTimeFaults: intOrNull(r.round_time_faults),
    roundTimeMs: intOrNull(r.round_time_ms),
    roundKnockDowns: intOrNull(r.round_knock_downs),
    jumpOffFaults: intOrNull(r.jump_off_faults),
    jumpOffTimeFaults: intOrNull(r.jump_off_time_faults),
    jumpOffTimeMs: intOrNull(r.jump_off_time_ms),
    jumpOffKnockDowns: intOrNull(r.jump_off_knock_downs),
    jumpOffStatus: (r.jump_off_status as JumpOffStatus | null) ?? null,
    scoreThousandths: intOrNull(r.score_thousandths),
    resultAt: toDate(r.result_at),
    paidMinor: Number(r.paid),
  };
}

/** The competition's entries in start order (undrawn ones after, by id). */
export async function entriesOf(db: Db, competitionId: number): Promise<EntryRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`${ENTRY_SELECT} WHERE e.competition_id = ${competitionId}
      ORDER BY e.start_order NULLS LAST, e.id`),
  );
  return rows.map(entryOf);
}

export async function findEntry(db: Db, id: number): Promise<EntryRow | undefined> {
  const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`${ENTRY_SELECT} WHERE e.id = ${id}`));
  return rows[0] ? entryOf(rows[0]) : undefined;
}

/** The entry's competition, locking the entry's row (a concurrent save of the same result waits). */
export async function lockEntry(db: Db, id: number): Promise<{ competitionId: number; status: string } | undefined> {
  const rows = rowsOf<{ competition_id: number; status: string }>(
    await db.execute(sql`SELECT competition_id, status FROM competition_entries WHERE id = ${id} FOR UPDATE`),
  );
  return rows[0] ? { competitionId: Number(rows[0].competition_id), status: rows[0].status } : undefined;
}

/** What each party has been paid for each entry of the competition (entry → party key → sum). */
export async function paidByParty(db: Db, competitionId: number): Promise<Map<number, Map<string, number>>> {
  const rows = rowsOf<{ entry_id: number; party_type: string; party_id: number; amount: string; n: number }>(
    await db.execute(sql`SELECT entry_id, party_type, party_id, sum(amount_minor)::text AS amount
      FROM prize_postings WHERE competition_id = ${competitionId}
      GROUP BY entry_id, party_type, party_id`),
  );
  const out = new Map<number, Map<string, number>>();
  for (const r of rows) {
    const entry = Number(r.entry_id);
    const byParty = out.get(entry) ?? new Map<string, number>();
    byParty.set(`${r.party_type}:${Number(r.party_id)}`, Number(r.amount));
    out.set(entry, byParty);
  }
  return out;
}

/** How many prize postings the competition's entries have (the next reference's number). */
export async function postingCounts(db: Db, competitionId: number): Promise<Map<number, number>> {
  const rows = rowsOf<{ entry_id: number; n: number }>(
    await db.execute(sql`SELECT entry_id, count(*)::int AS n FROM prize_postings
      WHERE competition_id = ${competitionId} GROUP BY entry_id`),
  );
  return new Map(rows.map((r) => [Number(r.entry_id), Number(r.n)]));
}

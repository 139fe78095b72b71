import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client';
import { rowsOf } from '../../server/src/db/rows';
import {
  competitionEntries,
  competitions,
  horses,
  participationHorses,
  riders,
  venueParticipations,
} from '../../server/src/db/schema';
import type { RankingRule } from '../../src/shared/sport/ranking';
import { seedInvoiceFixtures, type InvoiceFixtures } from './invoice-fixtures';

/**
 * Starters for the results tests, written straight into the tables (the entries API is another
 * part's): riders with their participation at venue 1, horses with head numbers, and a
 * competition's entries. Starter 0 is the demo rider (pays for themself), starter 1 the employed
 * rider (the employer pays); the others are riders without a login.
 */
export interface Starter {
  rider: number;
  participation: number;
  horse: number;
  head: number;
  horseFeiId: string;
  payer: { type: 'rider' | 'employer'; id: number };
}

export interface ResultsFixtures extends InvoiceFixtures {
  starters: Starter[];
}

const STARTER_COUNT = 10;

/** A horse of a participation with its head number. */
export async function addHorse(db: Db, participation: number, head: number, name = `Horse ${head}`) {
  const [horse] = await db
    .insert(horses)
    .values({ name, feiId: `10${head}XX${head % 10}` })
    .returning();
  await db
    .insert(participationHorses)
    .values({ venueParticipationId: participation, venueId: 1, horseId: horse!.id, headNumber: head });
  return horse!;
}

export async function seedResultsFixtures(db: Db): Promise<ResultsFixtures> {
  const f = await seedInvoiceFixtures(db);
  const starters: Starter[] = [];
  for (let i = 0; i < STARTER_COUNT; i++) {
    const head = 201 + i;
    let rider: number;
    let participation: number;
    let payer: Starter['payer'];
    if (i === 0) {
      rider = f.rider;
      participation = f.participation;
      payer = { type: 'rider', id: f.rider };
    } else if (i === 1) {
      rider = f.employedRider;
      participation = f.employedParticipation;
      payer = { type: 'employer', id: f.employer };
    } else {
      const [row] = await db
        .insert(riders)
        .values({ firstName: `Rider${i}`, lastName: `Starter${i}` })
        .returning({ id: riders.id });
      rider = row!.id;
      const [vp] = await db
        .insert(venueParticipations)
        .values({ venueId: 1, riderId: rider, payerType: 'rider', payerId: rider })
        .returning({ id: venueParticipations.id });
      participation = vp!.id;
      payer = { type: 'rider', id: rider };
    }
    const horse = await addHorse(db, participation, head);
    starters.push({ rider, participation, horse: horse.id, head, horseFeiId: horse.feiId!, payer });
  }
  return { ...f, starters };
}

export interface CompetitionFields {
  rule?: RankingRule;
  chart?: readonly number[];
  prizeMoney?: number;
  distributionBp?: number[];
  vec?: number;
  number?: string;
  published?: boolean;
}

/** A competition of the fixtures' event (venue 1 unless another event is given). */
export async function addCompetition(db: Db, vec: number, fields: CompetitionFields = {}): Promise<number> {
  const chart = fields.chart ?? [];
  const [row] = await db
    .insert(competitions)
    .values({
      vecId: fields.vec ?? vec,
      number: fields.number ?? '7',
      name: 'Grand Prix',
      rankingRule: fields.rule ?? 'table_a',
      prizeChartMinor: [...chart],
      prizeMoneyMinor: fields.prizeMoney ?? chart.reduce((a, b) => a + b, 0),
      prizeDistributionBp: fields.distributionBp ?? [],
      publishedAt: fields.published ? new Date() : null,
    })
    .returning({ id: competitions.id });
  return row!.id;
}

/** Enters the starters (in this start order); answers the entries' ids in the same order. */
export async function enter(db: Db, competition: number, starters: readonly Starter[]): Promise<number[]> {
  if (!starters.length) return [];
  const rows = await db
    .insert(competitionEntries)
    .values(
      starters.map((s, i) => ({
        competitionId: competition,
        venueParticipationId: s.participation,
        riderId: s.rider,
        horseId: s.horse,
        startOrder: i + 1,
      })),
    )
    .returning({ id: competitionEntries.id });
  return rows.map((r) => r.id);
}

/** The result columns of an entry, to check that a refusal changed nothing. */
export async function resultOf(db: Db, entry: number) {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT result_status, round_faults, round_time_faults, round_time_ms, round_knock_downs,
      jump_off_faults, jump_off_time_faults, jump_off_time_ms, score_thousandths, result_at, result_by
      FROM competition_entries WHERE id = ${entry}`),
  );
  return row;
}

/** A multipart/form-data body: the file under `file`, and the other fields. */
export function uploadBody(
  content: string | Buffer,
  fields: Record<string, string>,
  fileName = 'results.csv',
  type = 'text/csv',
) {
  const boundary = `----paddock${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Signed prize money in the ledger per entry (credit +, charge −), from the transactions' references. */
export async function ledgerPrizes(conn: Db, competition: number): Promise<Map<number, number>> {
  const rows = rowsOf<{ ref: string; kind: string; gross: string; category: string }>(
    await conn.execute(sql`SELECT external_ref AS ref, kind, gross_minor::text AS gross, category FROM transactions
      WHERE external_ref LIKE ${`prize:${competition}:%`}`),
  );
  const out = new Map<number, number>();
  for (const r of rows) {
    if (r.category !== 'prize_money') throw new Error(`prize entry ${r.ref} of category ${r.category}`);
    const entry = Number(r.ref.split(':')[2]);
    const signed = r.kind === 'credit' ? Number(r.gross) : -Number(r.gross);
    out.set(entry, (out.get(entry) ?? 0) + signed);
  }
  return out;
}

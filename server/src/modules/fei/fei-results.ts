import { sql } from 'drizzle-orm';
import { create } from 'xmlbuilder2';
import { minorToDecimalString } from '@shared/money';
import { feiRuleCode, type FeiResultProblem } from '@shared/sport/fei-rule';
import { feiNationOf } from '@shared/sport/nations';
import {
  chartFromPercentages,
  prizeMoney,
  rank,
  timeHundredths,
  type JumpOffStatus,
  type RankingRule,
  type RoundResult,
  type StarterResult,
  type StarterStatus,
} from '@shared/sport/ranking';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/*
 * The FEI results XML (DOMAIN.md "File formats", namespace http://www.fei.org/Result):
 * HorseSport → Generated, Issuer, ShowResults → Show (Venue), Event → Competition (its FEI id and
 * the FEI rule it was judged under) → Starter with the athlete (competing for an IOC/FEI nation
 * code), the horse with its head number, Position (@Status, @Rank only for R), each round's
 * penalties (obstacle and time apart), time in hundredths and, for a jump-off not completed, its
 * status, and the prize money (@Value) the athlete won by the published ranking. Only published
 * competitions; ranked by the competition's rule with rank() from src/shared/sport/ranking.ts.
 */

export const FEI_RESULT_NAMESPACE = 'http://www.fei.org/Result';

interface CompetitionRow {
  id: number;
  number: string;
  name: string;
  fei_id: string | null;
  starts_at: Date | string | null;
  rule: string | null;
  ranking_rule: RankingRule;
  knock_down_seconds: number;
  height_cm: number | null;
  prize_money_minor: number | string;
  prize_distribution_bp: number[] | string;
  prize_chart_minor: number[] | string;
  published_at: Date | string;
  event_id: number;
  event_fei_id: string | null;
  event_name: string;
  event_code: string;
  discipline: string;
}

interface EntryRow {
  id: number;
  competition_id: number;
  start_order: number | null;
  result_status: StarterStatus;
  round_faults: number | null;
  round_time_faults: number | null;
  round_time_ms: number | null;
  round_knock_downs: number | null;
  jump_off_faults: number | null;
  jump_off_time_faults: number | null;
  jump_off_time_ms: number | null;
  jump_off_knock_downs: number | null;
  jump_off_status: JumpOffStatus | null;
  score_thousandths: number | null;
  rider_fei_id: string | null;
  first_name: string;
  last_name: string;
  nationality: string | null;
  horse_fei_id: string | null;
  horse_name: string;
  head_number: number | null;
}

export interface ResultStarter {
  entryId: number;
  status: StarterStatus;
  rank: number | null;
  headNumber: number | null;
  prizeMinor: number;
  row: EntryRow;
}

export interface ResultCompetition {
  competition: CompetitionRow;
  starters: ResultStarter[];
  /** The FEI rule code written as Competition/@Rule (feiRuleCode), null when it has none. */
  ruleCode: string | null;
  /** Why the FEI would refuse this competition's results: no FEI id, no FEI rule code. */
  problems: FeiResultProblem[];
}

/** integer[] arrives as an array (node-postgres, PGlite) or as its text form `{1,2}`. */
const intArray = (value: number[] | string): number[] => {
  if (Array.isArray(value)) return value.map(Number);
  const text = String(value ?? '{}').replace(/[{}]/g, '');
  return text ? text.split(',').map(Number) : [];
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The venue's published competitions with their starters ranked (those with a result). */
export async function publishedResults(db: Db, venueId: number): Promise<ResultCompetition[]> {
  const competitions = rowsOf<CompetitionRow>(
    await db.execute(sql`SELECT c.id, c.number, c.name, c.fei_id, c.starts_at, c.rule, c.ranking_rule, c.knock_down_seconds, c.height_cm,
        c.prize_money_minor, c.prize_distribution_bp, c.prize_chart_minor, c.published_at, v.id AS event_id, v.fei_id AS event_fei_id, v.name AS event_name,
        ec.code AS event_code, c.discipline
      FROM competitions c
      JOIN venue_event_categories v ON v.id = c.vec_id
      JOIN event_categories ec ON ec.id = v.event_category_id
      WHERE v.venue_id = ${venueId} AND c.published_at IS NOT NULL
      ORDER BY v.id, c.starts_at NULLS LAST, c.number, c.id`),
  );
  if (!competitions.length) return [];
  const ids = competitions.map((c) => c.id);
  const entries = rowsOf<EntryRow>(
    await db.execute(sql`SELECT ce.id, ce.competition_id, ce.start_order, ce.result_status, ce.round_faults,
        ce.round_time_faults, ce.round_time_ms, ce.round_knock_downs, ce.jump_off_faults, ce.jump_off_time_faults,
        ce.jump_off_time_ms, ce.jump_off_knock_downs, ce.jump_off_status, ce.score_thousandths,
        r.fei_id AS rider_fei_id, r.first_name, r.last_name, r.nationality, h.fei_id AS horse_fei_id,
        h.name AS horse_name, ph.head_number
      FROM competition_entries ce
      JOIN riders r ON r.id = ce.rider_id
      JOIN horses h ON h.id = ce.horse_id
      LEFT JOIN participation_horses ph ON ph.venue_participation_id = ce.venue_participation_id AND ph.horse_id = ce.horse_id
      WHERE ce.competition_id IN (SELECT value::int FROM json_array_elements_text(${JSON.stringify(ids)}::json))
        AND ce.status = 'entered' AND ce.result_status IS NOT NULL
      ORDER BY ce.competition_id, ce.start_order NULLS LAST, ce.id`),
  );
  return competitions.map((competition) => {
    const rows = entries.filter((e) => e.competition_id === competition.id);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ranking = rank(competition.ranking_rule, rows.map(starterOf), {
      knockDownSeconds: Number(competition.knock_down_seconds),
    });
    // What each athlete won by the published ranking (ties share), whether or not it was paid yet.
    const chart = intArray(competition.prize_chart_minor);
    const won = prizeMoney(
      chart.length
        ? chart
        : chartFromPercentages(Number(competition.prize_money_minor), intArray(competition.prize_distribution_bp)),
      ranking,
    );
    const ruleCode = feiRuleCode(competition.ranking_rule, competition.rule);
    const problems: FeiResultProblem[] = [];
    if (!competition.fei_id) problems.push('no_fei_id');
    if (!ruleCode) problems.push('no_fei_rule');
    return {
      competition,
      ruleCode,
      problems,
      starters: ranking.map((r) => {
        const row = byId.get(r.id)!;
        return {
          entryId: r.id,
          status: r.status,
          rank: r.rank,
          headNumber: row.head_number,
          prizeMinor: won.get(r.id) ?? 0,
          row,
        };
      }),
    };
  });
}

function round(faults: number | null, timeFaults: number | null, timeMs: number | null, knockDowns: number | null) {
  if (timeMs === null) return null;
  const r: RoundResult = { faults: faults ?? 0, timeFaults: timeFaults ?? 0, timeMs };
  if (knockDowns !== null) r.knockDowns = knockDowns;
  return r;
}

function starterOf(e: EntryRow): StarterResult {
  return {
    id: e.id,
    status: e.result_status,
    round: round(e.round_faults, e.round_time_faults, e.round_time_ms, e.round_knock_downs),
    jumpOff: round(e.jump_off_faults, e.jump_off_time_faults, e.jump_off_time_ms, e.jump_off_knock_downs),
    jumpOffStatus: e.jump_off_status,
    scoreThousandths: e.score_thousandths,
  };
}

/** Milliseconds as seconds with hundredths, as the ranking counts them (timeHundredths): 65129 → "65.12". */
export const seconds = (ms: number) => {
  const h = timeHundredths(ms);
  return `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`;
};
/** Thousandths of a percent as a percentage with three decimals: 71235 → "71.235". */
const percent = (thousandths: number) =>
  `${Math.floor(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, '0')}`;

export interface ResultsDocument {
  generatedAt: Date;
  version: string;
  issuer: { name: string; vatId: string | null; email: string | null };
  show: {
    feiId: string | null;
    name: string;
    startDate: string | null;
    endDate: string | null;
    city: string | null;
    country: string | null;
    currency: string;
  };
  competitions: ResultCompetition[];
}

const attrs = (o: Record<string, string | number | null | undefined>) =>
  Object.fromEntries(
    Object.entries(o)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => [`@${k}`, String(v)]),
  );

function roundXml(no: number, type: string, r: RoundResult | null, status: JumpOffStatus | null = null) {
  if (!r) return status ? attrs({ No: no, Type: type, Status: status }) : null;
  return attrs({
    No: no,
    Type: type,
    Status: status,
    ObstaclePenalties: r.faults,
    TimePenalties: r.timeFaults,
    Penalties: r.faults + r.timeFaults,
    Time: seconds(r.timeMs),
    KnockDowns: r.knockDowns,
  });
}

/** The results XML text (UTF-8). */
export function resultsXml(doc: ResultsDocument): string {
  const events = new Map<number, ResultCompetition[]>();
  for (const c of doc.competitions) {
    const list = events.get(c.competition.event_id) ?? [];
    list.push(c);
    events.set(c.competition.event_id, list);
  }
  const currency = doc.show.currency;
  const tree = {
    HorseSport: {
      '@xmlns': FEI_RESULT_NAMESPACE,
      Generated: attrs({
        Date: doc.generatedAt.toISOString(),
        Software: 'Paddock',
        SoftwareVersion: doc.version,
        Organization: doc.issuer.name,
      }),
      Issuer: attrs({ Name: doc.issuer.name, VATID: doc.issuer.vatId, Email: doc.issuer.email }),
      ShowResults: {
        Show: {
          ...attrs({
            FEIID: doc.show.feiId,
            Name: doc.show.name,
            StartDate: doc.show.startDate,
            EndDate: doc.show.endDate,
          }),
          Venue: attrs({ Name: doc.show.city ?? doc.show.name, Country: feiNationOf(doc.show.country) }),
        },
        Event: [...events.values()].map((list) => {
          const e = list[0]!.competition;
          return {
            ...attrs({ FEIID: e.event_fei_id, Code: e.event_code, Name: e.event_name }),
            Competition: list.map(({ competition: c, starters, ruleCode }) => ({
              ...attrs({
                FEIID: c.fei_id,
                No: c.number,
                Name: c.name,
                StartDateTime: iso(c.starts_at),
                Rule: ruleCode,
                Ranking: c.ranking_rule,
                HeightCm: c.height_cm,
                PrizeMoney: minorToDecimalString(Number(c.prize_money_minor)),
                Currency: currency,
                Starters: starters.length,
              }),
              Starter: starters.map((s) => {
                const e = s.row;
                const rounds = [
                  roundXml(
                    1,
                    'Round',
                    round(e.round_faults, e.round_time_faults, e.round_time_ms, e.round_knock_downs),
                  ),
                  roundXml(
                    2,
                    c.ranking_rule === 'two_phases' ? 'Phase2' : 'JumpOff',
                    round(e.jump_off_faults, e.jump_off_time_faults, e.jump_off_time_ms, e.jump_off_knock_downs),
                    e.jump_off_status,
                  ),
                ].filter((r) => r !== null);
                return {
                  ...attrs({ StartOrder: e.start_order }),
                  Athlete: attrs({
                    FEIID: e.rider_fei_id,
                    FirstName: e.first_name,
                    FamilyName: e.last_name,
                    CompetingFor: feiNationOf(e.nationality),
                  }),
                  Horse: attrs({ FEIID: e.horse_fei_id, Name: e.horse_name, HeadNumber: s.headNumber }),
                  Position: attrs({ Status: s.status, Rank: s.status === 'R' ? s.rank : null }),
                  ...(rounds.length ? { Round: rounds } : {}),
                  ...(e.score_thousandths !== null
                    ? { Score: attrs({ Percentage: percent(e.score_thousandths) }) }
                    : {}),
                  PrizeMoney: attrs({ Value: minorToDecimalString(s.prizeMinor), Currency: currency }),
                };
              }),
            })),
          };
        }),
      },
    },
  };
  return create({ version: '1.0', encoding: 'UTF-8' }, tree).end({ prettyPrint: true, indent: '  ' });
}

import { z } from 'zod';
import {
  JUMP_OFF_STATUSES,
  KNOCK_DOWN_SECONDS,
  RANKING_RULES,
  STARTER_STATUSES,
  type RankingRule,
} from '../sport/ranking';

/**
 * Results, rankings, publication and prize money. Endpoints:
 *   PUT    /api/v1/competitionEntry/{id}/result/  resultInput → rankingRow: one starter's result
 *          (refused for a withdrawn entry: `entry_withdrawn`); saves who and when; audited
 *   DELETE /api/v1/competitionEntry/{id}/result/  → rankingRow: the result cleared
 *   GET    /api/v1/competition/{id}/ranking/      → ranking: the rows ranked by the competition's rule
 *          with the prize of each place and what was paid so far
 *   POST   /api/v1/competition/{id}/publish/      publishInput → ranking (published or held back)
 *   POST   /api/v1/competition/{id}/payPrizeMoney/ (header Idempotency-Key) → prizePayment: each
 *          entry's prize by the latest ranking, the difference to what it was paid posted once
 *          (needs a published ranking: `not_published`)
 *   GET    /api/v1/venue/{id}/rankings/           → { results: rankingSummary[] }: the venue's
 *          competitions with their result counts and publication
 *   POST   /api/v1/venue/{id}/uploadResults/      multipart: `file` (CSV or xlsx), `competition`,
 *          `commit` ("true"/"false") → resultsUpload
 * Only the venue's show office (organizer, showoffice of that venue) and admins.
 *
 * The results file (RESULT_COLUMNS): a header row, then one row per starter. CSV in UTF-8 (a
 * byte-order mark is fine) separated by commas or semicolons, or an xlsx workbook (its first
 * sheet). Column names are matched without regard to case, spaces and hyphens
 * (`Jump-off time` = `jump_off_time`). The starter is found by `head_number`, else by
 * `horse_fei_id`; `status` is required (R, EL, RT, DQ, WD, NS); `jump_off_status` (EL, RT) marks
 * a ranked starter eliminated or retired in the jump-off. Penalties are whole numbers; times are
 * seconds with up to three decimals (`63.45`, `63,45` too) read as decimal text (no floats),
 * 0 to 999.999 s, and kept in hundredths as FEI timing counts them (the thousandth cut off:
 * 63.459 → 63.45); `score` is a dressage percentage with up to three decimals, kept exactly in
 * thousandths of a percent (71.235 → 71235).
 * An empty cell is no value. A column not in the list, a missing `status`, or neither
 * `head_number` nor `horse_fei_id`: the whole file is refused (`wrong_columns`); so are a file
 * that is not UTF-8 (`wrong_encoding`) and one without rows (`empty_file`). Every other problem
 * is the row's (row = the line in the file, the header being 1); a commit saves every row in one
 * transaction, or nothing when any row has an error (the answer then says committed: false), and
 * tells the live scores once for the competition.
 */

export const MAX_TIME_MS = 999_999;
export const MAX_PENALTIES = 999;
export const MAX_KNOCK_DOWNS = 99;
/** 100.000 % in thousandths of a percent. */
export const MAX_SCORE_THOUSANDTHS = 100_000;
export const MAX_RESULTS_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_RESULT_ROWS = 5_000;

/** The columns of a results file; `rider` and `horse` are read by people only (ignored). */
export const RESULT_COLUMNS = [
  'head_number',
  'horse_fei_id',
  'rider',
  'horse',
  'status',
  'faults',
  'time_faults',
  'time',
  'knock_downs',
  'jump_off_faults',
  'jump_off_time_faults',
  'jump_off_time',
  'jump_off_knock_downs',
  'jump_off_status',
  'score',
] as const;
export type ResultColumn = (typeof RESULT_COLUMNS)[number];

const count = (max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') })
    .int({ error: 'invalid' })
    .min(0, { error: 'too_small' })
    .max(max, { error: 'too_big' });

/** One round, phase or jump-off: obstacle and time penalties apart, the time in milliseconds. */
export const roundInput = z.object({
  faults: count(MAX_PENALTIES),
  time_faults: count(MAX_PENALTIES).default(0),
  /** 0 … 999,999 ms: a time of −1 or of 10,000 s is refused. */
  time_ms: count(MAX_TIME_MS),
  /** Table C: knock-downs (each adds seconds to the time). */
  knock_downs: count(MAX_KNOCK_DOWNS).nullish(),
});
export type RoundInput = z.infer<typeof roundInput>;

export const resultInput = z.object({
  status: z.enum(STARTER_STATUSES, { error: 'unknown_status' }),
  round: roundInput.nullish(),
  /** The jump-off, or the second phase of a two-phase competition. */
  jump_off: roundInput.nullish(),
  /** Status R, but eliminated (EL) or retired (RT) in the jump-off: ranked after those who completed it. */
  jump_off_status: z.enum(JUMP_OFF_STATUSES, { error: 'unknown_status' }).nullish(),
  /** Dressage: thousandths of a percent (71235 = 71.235 %). */
  score_thousandths: count(MAX_SCORE_THOUSANDTHS).nullish(),
});
export type ResultInput = z.infer<typeof resultInput>;

/** Which parts of a result a rule uses: a round (all jumping rules), a jump-off or second phase, a score. */
export function ruleFields(rule: RankingRule): {
  round: boolean;
  jumpOff: boolean;
  score: boolean;
  knockDowns: boolean;
} {
  return {
    round: rule !== 'dressage',
    jumpOff: rule === 'table_a_jump_off' || rule === 'two_phases',
    score: rule === 'dressage',
    knockDowns: rule === 'table_c',
  };
}

/**
 * What a rule asks of a result, beyond the schema: status R needs the round (jumping) or the
 * score (dressage); a jump-off only where the rule has one, a score only in dressage. Field
 * codes by field; empty when it is complete.
 */
export function resultProblems(rule: RankingRule, input: ResultInput): Record<string, string[]> {
  const fields = ruleFields(rule);
  const problems: Record<string, string[]> = {};
  if (input.status === 'R' && fields.round && !input.round) problems.round = ['required'];
  if (
    input.status === 'R' &&
    fields.score &&
    (input.score_thousandths === null || input.score_thousandths === undefined)
  )
    problems.score_thousandths = ['required'];
  if (!fields.round && input.round) problems.round = ['not_allowed'];
  if (!fields.jumpOff && input.jump_off) problems.jump_off = ['not_allowed'];
  if (input.jump_off_status && (!fields.jumpOff || input.status !== 'R')) problems.jump_off_status = ['not_allowed'];
  // Table C: knock-downs and obstacle penalties are the same thing told twice; they must agree
  // (4 points a knock-down) or the ranking would have to pick one.
  for (const key of ['round', 'jump_off'] as const) {
    const r = input[key];
    if (fields.knockDowns && r && r.knock_downs != null && r.faults !== 0 && r.faults !== r.knock_downs * 4)
      problems[key] = [...(problems[key] ?? []), 'knock_downs_mismatch'];
  }
  if (!fields.score && input.score_thousandths !== null && input.score_thousandths !== undefined)
    problems.score_thousandths = ['not_allowed'];
  return problems;
}

/** A whole number 0…max, or an error code. */
export function parseCount(text: string, max: number): number | string {
  if (/^-\d+$/.test(text)) return 'too_small';
  if (!/^\d+$/.test(text)) return 'invalid';
  const value = Number(text);
  return value > max ? 'too_big' : value;
}

/**
 * Seconds with up to three decimals (`63.45`, `63,45`, `63`) as whole milliseconds, from the
 * digits (63.45 → 63 × 1000 + 450), or an error code: negative too_small, past 999.999 s
 * too_big, anything else invalid.
 */
export function parseSeconds(text: string): number | string {
  const match = /^(-)?(\d{1,9})(?:[.,](\d{1,3}))?$/.exec(text);
  if (!match) return 'invalid';
  if (match[1]) return 'too_small';
  const ms = Number(match[2]) * 1000 + Number((match[3] ?? '').padEnd(3, '0'));
  return ms > MAX_TIME_MS ? 'too_big' : ms;
}

/**
 * A percentage with up to three decimals as thousandths of a percent, exactly (71.235 → 71235,
 * 68.5 → 68500): the FEI Dressage Rules publish percentages to three decimals, so 71.235 and
 * 71.240 are not a tie. An error code otherwise (above 100 %: too_big).
 */
export function parsePercentThousandths(text: string): number | string {
  const match = /^(-)?(\d{1,3})(?:[.,](\d{1,3}))?$/.exec(text);
  if (!match) return 'invalid';
  const thousandths = Number(match[2]) * 1000 + Number((match[3] ?? '').padEnd(3, '0'));
  if (match[1] && thousandths > 0) return 'too_small';
  if (thousandths > MAX_SCORE_THOUSANDTHS) return 'too_big';
  return thousandths;
}

/**
 * Milliseconds as seconds with hundredths, as FEI timing counts them (the thousandth cut off, as
 * the ranking does): 63450 → "63.45", 36999 → "36.99", 72000 → "72.00".
 */
export function formatSeconds(ms: number): string {
  const hundredths = Math.floor(ms / 10);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** Thousandths of a percent as a percentage with three decimals: 71235 → "71.235". */
export function formatScore(thousandths: number): string {
  return `${Math.floor(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, '0')}`;
}

export const publishInput = z.object({ published: z.boolean({ error: 'required' }) });

export const roundResult = z.object({
  faults: z.number().int(),
  time_faults: z.number().int(),
  time_ms: z.number().int(),
  knock_downs: z.number().int().nullable(),
});
export type RoundResult = z.infer<typeof roundResult>;

export const rankingRow = z.object({
  /** The competition entry. */
  entry: z.number().int(),
  competition: z.number().int(),
  start_order: z.number().int().nullable(),
  /** entered or withdrawn (a withdrawn entry is not ranked). */
  entry_status: z.enum(['entered', 'withdrawn']),
  rider: z.object({ id: z.number().int(), name: z.string() }),
  horse: z.object({ id: z.number().int(), name: z.string(), fei_id: z.string().nullable() }),
  head_number: z.number().int().nullable(),
  /** null: no result yet. */
  status: z.enum(STARTER_STATUSES).nullable(),
  /** Shared by ties; only status R has one. */
  rank: z.number().int().nullable(),
  round: roundResult.nullable(),
  jump_off: roundResult.nullable(),
  jump_off_status: z.enum(JUMP_OFF_STATUSES).nullable(),
  score_thousandths: z.number().int().nullable(),
  result_at: z.string().nullable(),
  /** The prize of its place by the latest ranking (ties share), and what was posted so far. */
  prize: z.number().int(),
  paid: z.number().int(),
});
export type RankingRow = z.infer<typeof rankingRow>;

export const rankingCompetition = z.object({
  id: z.number().int(),
  venue: z.number().int(),
  vec: z.number().int(),
  vec_name: z.string(),
  number: z.string(),
  name: z.string(),
  starts_at: z.string().nullable(),
  ranking_rule: z.enum(RANKING_RULES),
  /** Table C: seconds added per knock-down (FEI Art. 239: 4, or 3 where the schedule says so). */
  knock_down_seconds: z.union(KNOCK_DOWN_SECONDS.map((n) => z.literal(n))),
  currency: z.string(),
  prize_money: z.number().int(),
  /** The chart paid by: the amounts by rank, or prize money × the percentages. */
  prize_chart: z.array(z.number().int()),
  published_at: z.string().nullable(),
});

export const ranking = z.object({
  competition: rankingCompetition,
  rows: z.array(rankingRow),
  entries: z.number().int(),
  results: z.number().int(),
  prize_total: z.number().int(),
  paid_total: z.number().int(),
  /** What paying now would post in all (positive pays, negative takes back). */
  to_pay: z.number().int(),
});
export type Ranking = z.infer<typeof ranking>;

export const rankingSummary = rankingCompetition.extend({
  entries: z.number().int(),
  results: z.number().int(),
  paid_total: z.number().int(),
});
export type RankingSummary = z.infer<typeof rankingSummary>;
export const rankingSummaryList = z.object({ results: z.array(rankingSummary) });
export type RankingSummaryList = z.infer<typeof rankingSummaryList>;

export const prizePayment = z.object({
  competition: z.number().int(),
  /** Ledger entries written now (0 when everything was paid already). */
  posted: z.number().int(),
  /** Their sum (negative when a corrected ranking took money back). */
  amount: z.number().int(),
  ranking,
});
export type PrizePayment = z.infer<typeof prizePayment>;

export const uploadRow = z.object({
  /** The line in the file (the header is 1). */
  row: z.number().int(),
  entry: z.number().int().nullable(),
  head_number: z.number().int().nullable(),
  horse_fei_id: z.string().nullable(),
  rider: z.string().nullable(),
  horse: z.string().nullable(),
  status: z.string().nullable(),
  round: roundResult.nullable(),
  jump_off: roundResult.nullable(),
  jump_off_status: z.enum(JUMP_OFF_STATUSES).nullable(),
  score_thousandths: z.number().int().nullable(),
  /** Field codes by column; null when the row is fine. */
  errors: z.record(z.string(), z.array(z.string())).nullable(),
});
export type UploadRow = z.infer<typeof uploadRow>;

export const resultsUpload = z.object({
  competition: z.number().int(),
  file_name: z.string(),
  committed: z.boolean(),
  rows: z.array(uploadRow),
  /** Rows with an error. */
  errors: z.number().int(),
  /** Results written (0 in a preview, or when a row had an error). */
  saved: z.number().int(),
});
export type ResultsUpload = z.infer<typeof resultsUpload>;

/** The form fields of an upload besides `file`. */
export const uploadFields = z.object({
  competition: z.coerce.number({ error: 'required' }).int({ error: 'invalid' }).positive({ error: 'required' }),
  commit: z.enum(['true', 'false'], { error: 'invalid' }).default('false'),
});

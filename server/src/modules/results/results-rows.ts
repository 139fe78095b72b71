import {
  MAX_KNOCK_DOWNS,
  MAX_PENALTIES,
  parseCount,
  parsePercentThousandths,
  parseSeconds,
  resultProblems,
  type ResultColumn,
  type ResultInput,
  type RoundInput,
} from '@shared/schemas/results';
import {
  JUMP_OFF_STATUSES,
  STARTER_STATUSES,
  type JumpOffStatus,
  type RankingRule,
  type StarterStatus,
} from '@shared/sport/ranking';
import type { FileRow } from './results-file';

/*
 * One row of a results file as a result (src/shared/schemas/results.ts documents the columns):
 * whole numbers and decimal text read without floats, each problem under its column.
 */

type Errors = Record<string, string[]>;

const add = (errors: Errors, column: string, code: string) => {
  (errors[column] ??= []).push(code);
};

export interface RowResult {
  input: ResultInput | null;
  status: string | null;
  errors: Errors;
}

/** The round (or jump-off) of a row, when any of its columns is filled. */
function roundOf(
  cells: FileRow['cells'],
  names: { faults: ResultColumn; timeFaults: ResultColumn; time: ResultColumn; knockDowns: ResultColumn },
  errors: Errors,
): RoundInput | null | undefined {
  const given = [names.faults, names.timeFaults, names.time, names.knockDowns].some((c) => cells[c] !== undefined);
  if (!given) return null;
  const count = (column: ResultColumn, max: number): number | undefined => {
    const text = cells[column];
    if (text === undefined) return undefined;
    const value = parseCount(text, max);
    if (typeof value === 'string') {
      add(errors, column, value);
      return undefined;
    }
    return value;
  };
  const faults = count(names.faults, MAX_PENALTIES);
  const timeFaults = count(names.timeFaults, MAX_PENALTIES);
  const knockDowns = count(names.knockDowns, MAX_KNOCK_DOWNS);
  let timeMs: number | undefined;
  const timeText = cells[names.time];
  if (timeText === undefined) add(errors, names.time, 'required');
  else {
    const value = parseSeconds(timeText);
    if (typeof value === 'string') add(errors, names.time, value);
    else timeMs = value;
  }
  if (timeMs === undefined) return undefined;
  return { faults: faults ?? 0, time_faults: timeFaults ?? 0, time_ms: timeMs, knock_downs: knockDowns ?? null };
}

const ROUND_COLUMNS = { faults: 'faults', timeFaults: 'time_faults', time: 'time', knockDowns: 'knock_downs' } as const;
const JUMP_OFF_COLUMNS = {
  faults: 'jump_off_faults',
  timeFaults: 'jump_off_time_faults',
  time: 'jump_off_time',
  knockDowns: 'jump_off_knock_downs',
} as const;

/** Where a rule's problem (resultProblems) shows in the file. */
const COLUMN_OF: Record<string, ResultColumn> = {
  round: 'time',
  jump_off: 'jump_off_time',
  jump_off_status: 'jump_off_status',
  score_thousandths: 'score',
};

/** A row's result under the competition's rule, with every problem by column. */
export function rowResult(rule: RankingRule, cells: FileRow['cells']): RowResult {
  const errors: Errors = {};
  const statusText = cells.status?.toUpperCase() ?? null;
  let status: StarterStatus | undefined;
  if (statusText === null) add(errors, 'status', 'required');
  else if ((STARTER_STATUSES as readonly string[]).includes(statusText)) status = statusText as StarterStatus;
  else add(errors, 'status', 'unknown_status');
  let jumpOffStatus: JumpOffStatus | null | undefined = null;
  const jumpOffText = cells.jump_off_status?.toUpperCase();
  if (jumpOffText !== undefined) {
    if ((JUMP_OFF_STATUSES as readonly string[]).includes(jumpOffText)) jumpOffStatus = jumpOffText as JumpOffStatus;
    else {
      add(errors, 'jump_off_status', 'unknown_status');
      jumpOffStatus = undefined;
    }
  }
  const round = roundOf(cells, ROUND_COLUMNS, errors);
  const jumpOff = roundOf(cells, JUMP_OFF_COLUMNS, errors);
  let score: number | null | undefined = null;
  if (cells.score !== undefined) {
    const value = parsePercentThousandths(cells.score);
    if (typeof value === 'string') {
      add(errors, 'score', value);
      score = undefined;
    } else score = value;
  }
  if (!status || round === undefined || jumpOff === undefined || score === undefined || jumpOffStatus === undefined)
    return { input: null, status: statusText, errors };
  const input: ResultInput = {
    status,
    round,
    jump_off: jumpOff,
    jump_off_status: jumpOffStatus,
    score_thousandths: score,
  };
  for (const [field, codes] of Object.entries(resultProblems(rule, input)))
    for (const code of codes) add(errors, COLUMN_OF[field] ?? field, code);
  return { input: Object.keys(errors).length ? null : input, status: statusText, errors };
}

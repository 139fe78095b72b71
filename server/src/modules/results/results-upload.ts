import { toHundredthsMs } from '@shared/sport/ranking';
import type { ResultInput, ResultsUpload, UploadRow } from '@shared/schemas/results';
import type { FileRow } from './results-file';
import type { RowResult } from './results-rows';
import type { EntryRow } from './results.repo';

/*
 * A results file matched to the competition's start list: each row's entry (by head number, else
 * by the horse's FEI id) and its errors, the answer as JSON text and the results to save. Pure, so
 * that a parsing thread (server/src/workers) does all of it: 5,000 rows matched, built and
 * serialised on the event loop would hold every other request for tens of milliseconds.
 */

/** What matching needs of a start: a few fields, cheap to hand to a thread. */
export type StartListEntry = Pick<EntryRow, 'id' | 'headNumber' | 'horseFeiId' | 'status' | 'riderName' | 'horseName'>;

export const startListOf = (entries: EntryRow[]): StartListEntry[] =>
  entries.map(({ id, headNumber, horseFeiId, status, riderName, horseName }) => ({
    id,
    headNumber,
    horseFeiId,
    status,
    riderName,
    horseName,
  }));

/** The same start list, in the same order: a plan made on one is good for the other. */
export const sameStartList = (a: StartListEntry[], b: StartListEntry[]): boolean =>
  a.length === b.length &&
  a.every((x, i) => {
    const y = b[i]!;
    return (
      x.id === y.id &&
      x.headNumber === y.headNumber &&
      x.horseFeiId === y.horseFeiId &&
      x.status === y.status &&
      x.riderName === y.riderName &&
      x.horseName === y.horseName
    );
  });

export interface UploadPlan {
  /** The answer (ResultsUpload) as JSON text, built field by field to its schema. */
  json: string;
  /** The results to save: none unless commit was asked and no row has an error. */
  saves: { entry: number; input: ResultInput }[];
}

/** A round of an uploaded row on the wire: exactly its four figures. */
const roundOf = (round: {
  faults: number;
  time_faults?: number | null;
  time_ms: number;
  knock_downs?: number | null;
}) => ({
  faults: round.faults,
  time_faults: round.time_faults ?? 0,
  // As it will be kept: in hundredths, the thousandth cut off (FEI timing).
  time_ms: toHundredthsMs(round.time_ms),
  knock_downs: round.knock_downs ?? null,
});

export function planUpload(
  fileRows: (FileRow & { result: RowResult })[],
  startList: StartListEntry[],
  head: { competition: number; fileName: string; commit: boolean },
): UploadPlan {
  const byHead = new Map(startList.filter((e) => e.headNumber !== null).map((e) => [e.headNumber!, e]));
  const byFei = new Map(startList.filter((e) => e.horseFeiId !== null).map((e) => [e.horseFeiId!.toUpperCase(), e]));
  const seen = new Set<number>();
  const saves: UploadPlan['saves'] = [];
  const rows: UploadRow[] = fileRows.map(({ line, cells, result }) => {
    const { input, status, errors } = result;
    let entry: StartListEntry | undefined;
    let headNumber: number | null = null;
    if (cells.head_number !== undefined) {
      headNumber = /^\d{1,9}$/.test(cells.head_number) ? Number(cells.head_number) : null;
      if (headNumber === null) (errors.head_number ??= []).push('invalid');
      else {
        entry = byHead.get(headNumber);
        if (!entry) (errors.head_number ??= []).push('not_on_start_list');
      }
    } else if (cells.horse_fei_id !== undefined) {
      entry = byFei.get(cells.horse_fei_id.toUpperCase());
      if (!entry) (errors.horse_fei_id ??= []).push('not_on_start_list');
    } else (errors.head_number ??= []).push('required');
    const where = cells.head_number !== undefined ? 'head_number' : 'horse_fei_id';
    if (entry?.status === 'withdrawn') (errors[where] ??= []).push('entry_withdrawn');
    else if (entry && seen.has(entry.id)) (errors[where] ??= []).push('duplicate');
    if (entry) seen.add(entry.id);
    const ok = Object.keys(errors).length === 0 && input !== null && entry !== undefined;
    if (ok) saves.push({ entry: entry!.id, input: input! });
    return {
      row: line,
      entry: entry?.id ?? null,
      head_number: headNumber ?? entry?.headNumber ?? null,
      horse_fei_id: cells.horse_fei_id ?? entry?.horseFeiId ?? null,
      rider: entry?.riderName ?? cells.rider ?? null,
      horse: entry?.horseName ?? cells.horse ?? null,
      status,
      round: input?.round ? roundOf(input.round) : null,
      jump_off: input?.jump_off ? roundOf(input.jump_off) : null,
      jump_off_status: input?.jump_off_status ?? null,
      score_thousandths: input?.score_thousandths ?? null,
      errors: Object.keys(errors).length ? errors : null,
    };
  });
  const errorCount = rows.filter((r) => r.errors).length;
  const save = head.commit && errorCount === 0;
  const body: ResultsUpload = {
    competition: head.competition,
    file_name: head.fileName,
    committed: save,
    rows,
    errors: errorCount,
    saved: save ? saves.length : 0,
  };
  return { json: JSON.stringify(body), saves: save ? saves : [] };
}

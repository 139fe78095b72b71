import { formatScore, formatSeconds, type RoundResult } from '@shared/schemas/results';

/** A round as the show office writes it: "4 + 1 · 63.45 s" (obstacle + time penalties, time), knock-downs when there are. */
export function roundText(round: RoundResult | null): string {
  if (!round) return '';
  const penalties = round.time_faults ? `${round.faults} + ${round.time_faults}` : String(round.faults);
  const knockDowns = round.knock_downs ? ` (${round.knock_downs}×)` : '';
  return `${penalties} · ${formatSeconds(round.time_ms)} s${knockDowns}`;
}

export const scoreText = (bp: number | null): string => (bp === null ? '' : `${formatScore(bp)} %`);

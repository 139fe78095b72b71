import type { LiveResult } from '@shared/schemas/livescore';
import { formatScore, formatSeconds } from '@/lib/format';

export { formatClock } from '@/lib/format';

/** Penalties of a round (obstacle + time), or null when the round was not ridden. */
export function penalties(faults: number | null, timeFaults: number | null): number | null {
  return faults === null && timeFaults === null ? null : (faults ?? 0) + (timeFaults ?? 0);
}

/** The parts of a result as the scoreboard shows them: round, then jump-off. */
export function resultParts(result: LiveResult, language: string): string[] {
  if (result.scoreThousandths !== null) return [formatScore(result.scoreThousandths, language)];
  const parts: string[] = [];
  const round = penalties(result.faults, result.timeFaults);
  if (round !== null || result.timeMs !== null) {
    parts.push(
      [round ?? 0, result.timeMs !== null ? `${formatSeconds(result.timeMs, language)} s` : null]
        .filter((p) => p !== null)
        .join(' / '),
    );
  }
  const jumpOff = penalties(result.jumpOffFaults, result.jumpOffTimeFaults);
  if (jumpOff !== null || result.jumpOffTimeMs !== null) {
    parts.push(
      [jumpOff ?? 0, result.jumpOffTimeMs !== null ? `${formatSeconds(result.jumpOffTimeMs, language)} s` : null]
        .filter((p) => p !== null)
        .join(' / '),
    );
  }
  return parts;
}

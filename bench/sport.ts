import { drawStartList, type DrawEntry } from '../src/shared/sport/draw';
import { median, report, round } from './harness';

/**
 * The draw figure: a start list of 2,000 entries (riders with one to four horses each)
 * drawn with the spreading rule (a rider's horses more than 5 starters apart), median of 25
 * draws with different seeds after a warm-up.
 */
export function benchSport(): void {
  const entries: DrawEntry[] = [];
  let rider = 0;
  while (entries.length < 2_000) {
    rider++;
    const horses = (rider % 4) + 1;
    for (let h = 0; h < horses && entries.length < 2_000; h++) entries.push({ id: entries.length + 1, riderId: rider });
  }
  for (let seed = 0; seed < 5; seed++) drawStartList(entries, seed, 5);
  const timings: number[] = [];
  let conflicts = 0;
  for (let seed = 1_000; seed < 1_025; seed++) {
    const t0 = performance.now();
    conflicts += drawStartList(entries, seed, 5).conflicts;
    timings.push(performance.now() - t0);
  }
  console.info(`bench: ${entries.length} entries of ${rider} riders drawn 25 times, ${conflicts} places unspread`);
  report({ name: 'startlist.draw_2000_ms', value: round(median(timings), 2), unit: 'ms', limit: { max: 50 } });
}

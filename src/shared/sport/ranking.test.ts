import { describe, expect, it } from 'vitest';
import { chartFromPercentages, prizeMoney, rank, timeHundredths, toHundredthsMs, type StarterResult } from './ranking';

const round = (faults: number, timeMs: number, timeFaults = 0, knockDowns?: number) => ({
  faults,
  timeFaults,
  timeMs,
  knockDowns,
});
const order = (ranking: ReturnType<typeof rank>) => ranking.map((r) => [r.id, r.rank]);

describe('Table A against the clock', () => {
  it('ranks by penalties, then time; ties share a rank; only R is ranked, the others follow in status order', () => {
    const starters: StarterResult[] = [
      { id: 1, status: 'R', round: round(4, 61_230) },
      { id: 2, status: 'R', round: round(0, 64_010) },
      { id: 3, status: 'EL' },
      { id: 4, status: 'R', round: round(0, 62_500) },
      // 0 obstacle + 1 time penalty: behind every clear round, ahead of 4 faults.
      { id: 5, status: 'R', round: round(0, 76_020, 1) },
      { id: 6, status: 'RT' },
      { id: 7, status: 'R', round: round(4, 61_230) },
      { id: 8, status: 'NS' },
      { id: 9, status: 'WD' },
    ];
    expect(order(rank('table_a', starters))).toEqual([
      [4, 1],
      [2, 2],
      [5, 3],
      [1, 4],
      [7, 4], // same penalties and time as 1: shares 4th, the next would be 6th
      [3, null],
      [6, null],
      [9, null],
      [8, null],
    ]);
  });
});

describe('Table A with a jump-off', () => {
  it('ranks jump-off starters above the rest, by the jump-off; the rest by the first round', () => {
    const starters: StarterResult[] = [
      { id: 1, status: 'R', round: round(0, 70_000), jumpOff: round(4, 38_100) },
      { id: 2, status: 'R', round: round(0, 71_000), jumpOff: round(0, 41_900) },
      { id: 3, status: 'R', round: round(4, 65_000) },
      { id: 4, status: 'R', round: round(0, 72_000), jumpOff: round(0, 39_450) },
      { id: 5, status: 'R', round: round(1, 80_000) },
      // Eliminated in the jump-off: not ranked.
      { id: 6, status: 'EL', round: round(0, 69_000), jumpOff: round(0, 30_000) },
    ];
    expect(order(rank('table_a_jump_off', starters))).toEqual([
      [4, 1],
      [2, 2],
      [1, 3],
      [5, 4],
      [3, 5],
      [6, null],
    ]);
  });
});

describe('Table C', () => {
  it('adds 4 s per knock-down to the time and ranks by the total', () => {
    const starters: StarterResult[] = [
      { id: 1, status: 'R', round: round(0, 58_000, 0, 1) }, // 62.00 s
      { id: 2, status: 'R', round: round(0, 61_500, 0, 0) }, // 61.50 s
      { id: 3, status: 'R', round: round(0, 54_000, 0, 2) }, // 62.00 s: ties with 1
      { id: 4, status: 'DQ' },
    ];
    expect(order(rank('table_c', starters))).toEqual([
      [2, 1],
      [1, 2],
      [3, 2],
      [4, null],
    ]);
  });
});

describe('Table C by FEI Jumping Rules Art. 239', () => {
  it('counts obstacle penalties entered without knock-downs: 8 faults at 50.00 s is 58.00 s, behind a clear 55.00 s', () => {
    const starters: StarterResult[] = [
      { id: 1, status: 'R', round: round(8, 50_000) }, // 2 knock-downs × 4 s: 58.00
      { id: 2, status: 'R', round: round(0, 55_000) }, // 55.00
      { id: 3, status: 'R', round: round(4, 53_990) }, // 1 × 4 s: 57.99
    ];
    expect(order(rank('table_c', starters))).toEqual([
      [2, 1],
      [3, 2],
      [1, 3],
    ]);
  });

  it('uses the competition’s seconds per knock-down: 3 s turns the order of 1 down at 51.50 s and clear at 55.00 s', () => {
    const starters: StarterResult[] = [
      { id: 1, status: 'R', round: round(0, 55_000, 0, 0) }, // 55.00 either way
      { id: 2, status: 'R', round: round(0, 51_500, 0, 1) }, // 55.50 at 4 s, 54.50 at 3 s
    ];
    expect(order(rank('table_c', starters))).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(order(rank('table_c', starters, { knockDownSeconds: 3 }))).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });
});

describe('Table A with a jump-off, FEI Jumping Rules Art. 245', () => {
  it('places those eliminated or retired in the jump-off after all who completed it, by their first round', () => {
    const starters: StarterResult[] = [
      { id: 1, status: 'R', round: round(0, 70_000), jumpOff: round(0, 30_000), jumpOffStatus: 'EL' },
      { id: 2, status: 'R', round: round(0, 71_000), jumpOff: round(8, 45_000) }, // completed, 8 faults
      { id: 3, status: 'R', round: round(0, 69_000), jumpOffStatus: 'RT' },
      { id: 4, status: 'R', round: round(0, 72_000), jumpOff: round(0, 39_450) },
      { id: 5, status: 'R', round: round(4, 60_000) }, // did not reach the jump-off
      { id: 6, status: 'EL' },
    ];
    // Completed: 4 (clear), 2 (8 faults); then 3 (RT, round 69.00) before 1 (EL, round 70.00)
    // — both had a clear round, the faster first; then 5; 6 eliminated in the round has no rank.
    expect(order(rank('table_a_jump_off', starters))).toEqual([
      [4, 1],
      [2, 2],
      [3, 3],
      [1, 4],
      [5, 5],
      [6, null],
    ]);
  });
});

describe('times in hundredths, as FEI timing counts them', () => {
  it('ties 63.451 s and 63.459 s (the thousandth cut off), not 63.46 s', () => {
    const starters: StarterResult[] = [
      { id: 1, status: 'R', round: round(0, 63_459) },
      { id: 2, status: 'R', round: round(0, 63_451) },
      { id: 3, status: 'R', round: round(0, 63_460) },
    ];
    expect(order(rank('table_a', starters))).toEqual([
      [1, 1],
      [2, 1],
      [3, 3],
    ]);
    expect(timeHundredths(63_459)).toBe(6_345);
    expect(toHundredthsMs(63_459)).toBe(63_450);
  });
});

describe('dressage', () => {
  it('keeps three decimals: 71.240 % is ahead of 71.235 %, not tied', () => {
    const starters: StarterResult[] = [
      { id: 1, status: 'R', scoreThousandths: 71_235 },
      { id: 2, status: 'R', scoreThousandths: 71_240 },
      { id: 3, status: 'R', scoreThousandths: 71_235 },
    ];
    expect(order(rank('dressage', starters))).toEqual([
      [2, 1],
      [1, 2],
      [3, 2],
    ]);
  });

  it('ranks by percentage, highest first', () => {
    const starters: StarterResult[] = [
      { id: 1, status: 'R', scoreThousandths: 6_875 },
      { id: 2, status: 'R', scoreThousandths: 7_125 },
      { id: 3, status: 'R', scoreThousandths: 6_875 },
      { id: 4, status: 'R', scoreThousandths: 6_512 },
    ];
    expect(order(rank('dressage', starters))).toEqual([
      [2, 1],
      [1, 2],
      [3, 2],
      [4, 4],
    ]);
  });
});

describe('prize money', () => {
  it('pays the chart by rank; tied starters share the places they cover; nothing beyond the chart', () => {
    const ranking = rank('dressage', [
      { id: 1, status: 'R', scoreThousandths: 7_000 },
      { id: 2, status: 'R', scoreThousandths: 6_900 },
      { id: 3, status: 'R', scoreThousandths: 6_900 },
      { id: 4, status: 'R', scoreThousandths: 6_800 },
      { id: 5, status: 'R', scoreThousandths: 6_700 },
      { id: 6, status: 'EL' },
    ]);
    const paid = prizeMoney([50_000, 30_000, 20_001, 10_000], ranking);
    // 2nd and 3rd tied: (30,000 + 20,001) / 2 = 25,000.50 → 25,001 and 25,000, together exact.
    expect([...paid]).toEqual([
      [1, 50_000],
      [2, 25_001],
      [3, 25_000],
      [4, 10_000],
      [5, 0],
    ]);
    expect([...paid.values()].reduce((a, b) => a + b, 0)).toBe(50_000 + 30_000 + 20_001 + 10_000);
  });

  it('turns a chart of percentages into amounts that add up to the planned share, the rest to the winner', () => {
    // 33.33 % of 1,000.01 is 333.30 (333.3033…), 33.34 % is 333.40; 100 % is all 1,000.01, the cent left to 1st.
    expect(chartFromPercentages(100_001, [3_333, 3_333, 3_334])).toEqual([33_331, 33_330, 33_340]);
    expect(chartFromPercentages(1_000_000_000_000, [2_500])).toEqual([250_000_000_000]);
  });
});

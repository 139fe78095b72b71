import { describe, expect, it } from 'vitest';
import { drawStartList, type DrawEntry } from './draw';

/** `riders` riders with `horses` horses each: entry ids 1…n. */
const field = (riders: number, horses: number): DrawEntry[] =>
  Array.from({ length: riders * horses }, (_, i) => ({ id: i + 1, riderId: (i % riders) + 1 }));

const riderGaps = (entries: readonly DrawEntry[], order: readonly number[]) => {
  const rider = new Map(entries.map((e) => [e.id, e.riderId]));
  const last = new Map<number, number>();
  let closest = Infinity;
  order.forEach((id, position) => {
    const r = rider.get(id)!;
    if (last.has(r)) closest = Math.min(closest, position - last.get(r)!);
    last.set(r, position);
  });
  return closest;
};

describe('the draw of a start list', () => {
  it('is a permutation of the entries, the same for the same seed and another for another seed', () => {
    const entries = field(40, 3);
    const a = drawStartList(entries, 20261126, 2);
    expect([...a.order].sort((x, y) => x - y)).toEqual(entries.map((e) => e.id));
    expect(drawStartList(entries, 20261126, 2).order).toEqual(a.order);
    expect(drawStartList(entries, 7, 2).order).not.toEqual(a.order);
  });

  it("keeps one rider's horses more than `gap` starters apart where the field allows it", () => {
    const entries = field(40, 3);
    for (const seed of [1, 2, 3, 99, 123456]) {
      const drawn = drawStartList(entries, seed, 5);
      expect(drawn.conflicts).toBe(0);
      expect(riderGaps(entries, drawn.order)).toBeGreaterThan(5);
    }
  });

  it('counts the places where too few other riders are left to spread them', () => {
    // One rider with 4 horses and one other entry: they cannot all be 2 apart.
    const entries: DrawEntry[] = [1, 2, 3, 4].map((id) => ({ id, riderId: 1 })).concat({ id: 5, riderId: 2 });
    const drawn = drawStartList(entries, 42, 2);
    expect(drawn.order).toHaveLength(5);
    expect(drawn.conflicts).toBeGreaterThan(0);
  });
});

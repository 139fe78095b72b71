/*
 * The draw of a start list: a seeded shuffle, reproducible from its seed, with one
 * rider's horses spread apart. Pure; the server draws with it and stores the seed.
 */

export interface DrawEntry {
  id: number;
  /** The rider: their horses are kept `gap` starters apart where the field allows it. */
  riderId: number;
}

export interface Draw {
  /** The entries' ids in the order of go. */
  order: number[];
  /** Places where the spreading rule could not be met (too few other riders left). */
  conflicts: number;
}

/** mulberry32: a small, fast 32-bit generator; the same seed gives the same sequence everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Shuffles the entries (Fisher–Yates with the seeded generator), then walks the order: an entry
 * whose rider started fewer than `gap` places before is swapped with the next entry further on
 * whose rider did not. With `gap` 0 it is the plain shuffle.
 */
export function drawStartList(entries: readonly DrawEntry[], seed: number, gap = 1): Draw {
  const random = seededRandom(seed);
  const order = [...entries];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const lastAt = new Map<number, number>();
  const tooClose = (riderId: number, position: number) => {
    const last = lastAt.get(riderId);
    return last !== undefined && position - last <= gap;
  };
  let conflicts = 0;
  for (let i = 0; i < order.length; i++) {
    if (gap > 0 && tooClose(order[i]!.riderId, i)) {
      let k = i + 1;
      while (k < order.length && tooClose(order[k]!.riderId, i)) k++;
      if (k < order.length) [order[i], order[k]] = [order[k]!, order[i]!];
      else if (moveBack(order, i, gap)) {
        lastAt.clear();
        for (let q = 0; q < i; q++) lastAt.set(order[q]!.riderId, q);
      } else conflicts++;
    }
    lastAt.set(order[i]!.riderId, i);
  }
  return { order: order.map((e) => e.id), conflicts };
}

/**
 * Near the end no later entry may fit: the entry at `i` moves to the earliest place before it
 * where it is more than `gap` from its rider's other starts. Those after that place move one on,
 * so no distance within the places before `i` shrinks. False when there is no such place.
 */
function moveBack(order: DrawEntry[], i: number, gap: number): boolean {
  const entry = order[i]!;
  const same: number[] = [];
  for (let q = 0; q < i; q++) if (order[q]!.riderId === entry.riderId) same.push(q);
  for (let p = 0; p < i; p++) {
    if (same.every((q) => (q < p ? p - q > gap : q + 1 - p > gap))) {
      order.splice(i, 1);
      order.splice(p, 0, entry);
      return true;
    }
  }
  return false;
}

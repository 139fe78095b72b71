/*
 * Browser performance marks (User Timing) of the floor's hot paths, read by the bench and by
 * the browser's performance panel: where a scan's charge and a drain of the outbox spend their
 * time. A no-op where there is no `performance` (old runtimes); never throws.
 */

export const PERF = {
  /** The scanned person is on the screen (their record read from IndexedDB). */
  scanPerson: 'paddock:scan-person',
  /** The quick charge's item buttons are there (items and their uses read). */
  scanItems: 'paddock:scan-items',
  /** "Charge" tapped. */
  chargeTap: 'paddock:charge-tap',
  /** The charge's row and outbox item are committed in IndexedDB: the "saved" state. */
  chargeSaved: 'paddock:charge-saved',
  /** One Dexie transaction of a write (row and outbox item). */
  outboxSave: 'paddock:outbox-save',
  /** One batch of the outbox sent and its outcomes stored. */
  outboxBatch: 'paddock:outbox-batch',
  /** A pull's request answered, and its rows stored. */
  pullFetch: 'paddock:pull-fetch',
  pullStore: 'paddock:pull-store',
  /** One IndexedDB transaction of a streamed snapshot's rows. */
  pullChunk: 'paddock:pull-chunk',
} as const;

const perf = () => (typeof performance === 'undefined' ? undefined : performance);

export function mark(name: string): number {
  const p = perf();
  try {
    p?.mark(name);
  } catch {
    // a mark is for the reader only
  }
  return p?.now() ?? 0;
}

/** A measure `name` from the time `start` (performance.now()) until now. */
export function measureSince(name: string, start: number): void {
  const p = perf();
  try {
    p?.measure(name, { start, end: p.now() });
  } catch {
    // a measure is for the reader only
  }
}

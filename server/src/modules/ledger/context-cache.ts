import type { ContextQuery, EntryContext } from './context.repo';

/**
 * Contexts of recent posts, per process: a show office or a stable posting for the same rider
 * and item again resolves the entry without reading first. Nothing trusts a remembered context:
 * the writing statement (post.repo) compares it with the data it commits with, and a context
 * it answers instead replaces the one remembered here.
 */
export interface KnownContext {
  context: EntryContext;
  /** The hash of the context's JSON, as the writing statement compares it. */
  hash: string;
}

const MAX_ENTRIES = 5000;

/** Everything a context depends on but the moment of occurrence (the statement checks its day). */
const keyOf = (q: ContextQuery): string =>
  `${q.partyType}|${q.venueId}|${q.partyId}|${q.riderId}|${q.consumableId}|${q.vecId}|${q.category}|${q.taxTypeId}|${q.merchantId}|${q.userId}`;

export function createContextCache(max = MAX_ENTRIES) {
  const known = new Map<string, KnownContext>();
  return {
    get(q: ContextQuery): KnownContext | undefined {
      return known.get(keyOf(q));
    },
    set(q: ContextQuery, context: EntryContext, hash: string): KnownContext {
      const key = keyOf(q);
      const entry = { context, hash };
      known.delete(key);
      known.set(key, entry);
      if (known.size > max) known.delete(known.keys().next().value!);
      return entry;
    },
  };
}

/**
 * A small set read from the database and kept in memory for `ttlMs` (one query for all of it),
 * read again at once after `invalidate()` (a change through this process, or a notice of one
 * through another). Another server process sees a change within the TTL. Checking a member
 * costs one set lookup, which is why the per-request session check can afford it.
 */
export interface RememberedSet {
  /** Is `key` a member (as of at most the TTL ago)? */
  has(key: string): Promise<boolean>;
  /** Read the set again on the next lookup. */
  invalidate(): void;
}

export function createRememberedSet(
  load: () => Promise<readonly string[]>,
  /** A function when it depends on whether changes are told (db/notices.ts). */
  ttlMs: number | (() => number),
  now: () => number = Date.now,
): RememberedSet {
  let members: Set<string> | null = null;
  let loadedAt = 0;
  let loading: Promise<Set<string>> | null = null;
  let generation = 0;

  async function current(): Promise<Set<string>> {
    if (members && now() - loadedAt < (typeof ttlMs === 'number' ? ttlMs : ttlMs())) return members;
    if (!loading) {
      const started = generation;
      const at = now();
      loading = load()
        .then((found) => {
          const set = new Set(found);
          // An invalidation while the query ran: this answer may be older than the change.
          if (started === generation) {
            members = set;
            loadedAt = at;
          }
          return set;
        })
        .finally(() => {
          loading = null;
        });
    }
    return loading;
  }

  return {
    async has(key) {
      return (await current()).has(key);
    },
    invalidate() {
      generation += 1;
      members = null;
      loading = null;
    },
  };
}

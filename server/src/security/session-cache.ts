import type { Db } from '../db/client';

/**
 * What authentication reads of a user on every request (active, roles, assigned venue), kept
 * for a moment per database so that a burst of requests — a tablet flushing its outbox, a
 * show office posting — costs one lookup, not one per request. Every change of a user in
 * this process forgets it at once (user.repo); another server process sees it within
 * SESSION_CACHE_MS.
 */
export const SESSION_CACHE_MS = 2000;

interface Entry<T> {
  until: number;
  value: Promise<T>;
}

const caches = new WeakMap<Db, Map<number, Entry<unknown>>>();

function cacheOf(db: Db): Map<number, Entry<unknown>> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/** The remembered value for user `id`, or `load()`'s (shared by concurrent callers). */
export function rememberedUser<T>(db: Db, id: number, load: () => Promise<T>): Promise<T> {
  const cache = cacheOf(db);
  const now = Date.now();
  const hit = cache.get(id) as Entry<T> | undefined;
  if (hit && hit.until > now) return hit.value;
  const value = load();
  cache.set(id, { until: now + SESSION_CACHE_MS, value });
  value.catch(() => cache.delete(id));
  if (cache.size > 10_000) for (const [key, entry] of cache) if (entry.until <= now) cache.delete(key);
  return value;
}

/** Forget user `id` (after any change of the user). */
export function forgetUser(db: Db, id: number): void {
  caches.get(db)?.delete(id);
}

/** Forget every user of this database (its rows were all replaced at once, as tests do). */
export function forgetAllUsers(db: Db): void {
  caches.get(db)?.clear();
}

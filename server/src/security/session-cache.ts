import type { Db } from '../db/client';
import type { Notices } from '../db/notices';

/**
 * What authentication reads of a user on every request (active, roles, assigned venue), kept
 * per database so that a burst of requests — a tablet flushing its outbox, a show office
 * posting — costs one lookup, not one per request. Every change of a user in this process
 * forgets it at once (user.repo).
 *
 * Another server process learns of a change by the database's notice (a trigger on users
 * NOTIFYs paddock_sessions at commit; watchSessions): while this process listens, a user is
 * kept for SESSION_CACHE_LIVE_MS, and a logout, a new password or a deactivation anywhere is
 * refused here as soon as its notice arrives. Without a listening connection (the embedded
 * database, or the connection failed: everything kept is forgotten then) a user is kept for
 * SESSION_CACHE_MS, and another process sees a change within that.
 */
export const SESSION_CACHE_MS = 2000;

/** While notices are heard: a safety net only (a notice lost without the connection failing). */
export const SESSION_CACHE_LIVE_MS = 5 * 60_000;

/** The channel of the session notices (migration 0023_session_notices). */
export const SESSION_NOTICES = 'paddock_sessions';

interface Entry<T> {
  until: number;
  value: Promise<T>;
}

const caches = new WeakMap<Db, Map<number, Entry<unknown>>>();
const listening = new WeakMap<Db, Set<Notices>>();

function cacheOf(db: Db): Map<number, Entry<unknown>> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/** How long what is read now may be kept: long only while `notices` are heard. */
export const keptFor = (notices: Notices | undefined): number =>
  notices?.live ? SESSION_CACHE_LIVE_MS : SESSION_CACHE_MS;

/** The same for the users of `db`, forgotten by whichever watcher of `db` hears a notice. */
function sessionCacheMs(db: Db): number {
  for (const notices of listening.get(db) ?? []) if (notices.live) return SESSION_CACHE_LIVE_MS;
  return SESSION_CACHE_MS;
}

/** The remembered value for user `id`, or `load()`'s (shared by concurrent callers). */
export function rememberedUser<T>(db: Db, id: number, load: () => Promise<T>): Promise<T> {
  const cache = cacheOf(db);
  const now = Date.now();
  const hit = cache.get(id) as Entry<T> | undefined;
  if (hit && hit.until > now) return hit.value;
  const value = load();
  cache.set(id, { until: now + sessionCacheMs(db), value });
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

/** Users of `db` are forgotten as the notices of their changes arrive (and all of them after a gap). */
export function watchSessions(db: Db, notices: Notices): void {
  let set = listening.get(db);
  if (!set) listening.set(db, (set = new Set()));
  set.add(notices);
  notices.subscribe({
    notice(payload) {
      if (payload.startsWith('user:')) forgetUser(db, Number(payload.slice('user:'.length)));
    },
    gap: () => forgetAllUsers(db),
  });
}

import { API_PREFIX } from '@shared/constants';
import { SYNC_PROTOCOL, SYNC_PROTOCOL_HEADER } from '@shared/floor-constants';
import { FLOOR_STREAM_COLUMNS, FLOOR_STREAM_TYPE } from '@shared/floor-stream';

/*
 * A new device's first pull, asked for as soon as the signed-in floor user and their venue are
 * known: before the offline store's code has arrived and its database is made, which on a
 * tablet's first sign-in takes a few hundred milliseconds the snapshot need not wait for. Only
 * where there is no offline store yet (so the cursor is 0 for certain): a device with one asks
 * with its own cursor. The pull (pull.ts) takes the answer up; one not taken up soon is dropped.
 * Small on purpose, with nothing of Dexie: the sign-in loads it beside the offline store's code.
 */

/** The offline store's database (db.ts). */
const DATABASE = 'paddock-floor';
/** An answer not taken up by then is dropped (nobody opened a floor screen). */
const UNCLAIMED_MS = 60_000;

interface EarlyPull {
  token: string;
  answer: Promise<Response>;
  abort: () => void;
}

const early = new Map<number, EarlyPull>();

/** The request headers of a streamed pull (transport.ts sends the same). */
export function pullHeaders(token: string | null, language: string): Headers {
  const headers = new Headers({
    Accept: `${FLOOR_STREAM_TYPE}; ${FLOOR_STREAM_COLUMNS}, application/json;q=0.9`,
    'Accept-Language': language,
    [SYNC_PROTOCOL_HEADER]: String(SYNC_PROTOCOL),
  });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** Asks for the venue's snapshot now when this device has no offline store yet. */
export async function startEarlyPull(venue: number, token: string, language: string): Promise<void> {
  if (early.has(venue) || typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  try {
    if ((await indexedDB.databases()).some((database) => database.name === DATABASE)) return;
  } catch {
    return;
  }
  const controller = new AbortController();
  const answer = fetch(`${API_PREFIX}/venue/${venue}/floor/changes/?cursor=0`, {
    headers: pullHeaders(token, language),
    cache: 'no-store',
    signal: controller.signal,
  });
  // Taken up or not, a failure is the pull's to see.
  answer.catch(() => undefined);
  const pull: EarlyPull = { token, answer, abort: () => controller.abort() };
  early.set(venue, pull);
  setTimeout(() => {
    if (early.get(venue) !== pull) return;
    early.delete(venue);
    pull.abort();
  }, UNCLAIMED_MS);
}

/**
 * The early pull's answer for a pull of `venue` from `cursor` with `token`, once; null when
 * there is none or it does not fit (a cursor of its own, another session): it is then dropped.
 */
export function takeEarlyPull(venue: number, cursor: number, token: string | null): Promise<Response> | null {
  const pull = early.get(venue);
  if (!pull) return null;
  early.delete(venue);
  if (cursor === 0 && pull.token === token) return pull.answer;
  pull.abort();
  return null;
}

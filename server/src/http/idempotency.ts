import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../app-error';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';

/**
 * Idempotent writes (ARCHITECTURE "Offline floor operations"): a client sends a UUID of its own
 * as `Idempotency-Key`; the server stores (user, key, request hash, response) in the same
 * database transaction as the effect, so a replay answers the first response and never repeats
 * the effect. Keys are per user. The same key with another request is 422.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 200;
const CLAIM_CONSTRAINT = 'idempotency_keys_user_id_key_pk';

export interface IdempotencyClaim {
  userId: number;
  key: string;
  requestHash: string;
}

export interface Response<T> {
  status: number;
  body: T;
}

export interface Outcome<T> extends Response<T> {
  /** True when the answer is the stored first response to this key. */
  replayed: boolean;
}

/** JSON with object keys sorted at every depth: equal data, equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** sha256 of method, path (no query, no trailing slash) and the canonical body. */
export function requestHash(method: string, url: string, body: unknown): string {
  const path = (url.split('?')[0] ?? '').replace(/\/+$/, '');
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

/**
 * The request's claim on its Idempotency-Key, or null when it sends none. An empty or overlong
 * key is 400 `idempotency_key_required`.
 */
export function idempotencyOf(request: FastifyRequest): IdempotencyClaim | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined) return null;
  const key = raw.trim();
  if (!key || key.length > MAX_KEY_LENGTH) throw new AppError('idempotency_key_required');
  if (!request.user) throw new AppError('unauthorized');
  return { userId: request.user.id, key, requestHash: requestHash(request.method, request.url, request.body) };
}

/** The claim of a request that must carry an Idempotency-Key (400 without one). */
export function requireIdempotency(request: FastifyRequest): IdempotencyClaim {
  const claim = idempotencyOf(request);
  if (!claim) throw new AppError('idempotency_key_required');
  return claim;
}

export interface StoredKey {
  requestHash: string;
  status: number;
  body: unknown;
}

/** The stored first response to a claim's key: a replay, or 422 when the request differs. */
export function replayOf<T>(claim: IdempotencyClaim, stored: StoredKey): Outcome<T> {
  if (stored.requestHash !== claim.requestHash) throw new AppError('idempotency_mismatch');
  return { status: stored.status, body: stored.body as T, replayed: true };
}

const whereKey = (claim: IdempotencyClaim) =>
  and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));

const storedColumns = {
  requestHash: idempotencyKeys.requestHash,
  status: idempotencyKeys.statusCode,
  body: idempotencyKeys.response,
};

/** The stored response to a key, if there is one (committed). */
export async function findStored(db: Db, claim: IdempotencyClaim): Promise<StoredKey | undefined> {
  const [stored] = await db.select(storedColumns).from(idempotencyKeys).where(whereKey(claim));
  return stored;
}

/**
 * Runs `effect` at most once per key, in one database transaction: claim the key (INSERT … ON
 * CONFLICT DO NOTHING: a concurrent request with the same key waits on the unique key until the
 * first commits, then replays), run the effect, store its response. Any error rolls everything
 * back, the claim included, so a corrected retry with the same key works. Without a claim the
 * effect simply runs in a transaction.
 */
export async function idempotent<T>(
  db: Db,
  claim: IdempotencyClaim | null,
  effect: (tx: Db) => Promise<Response<T>>,
): Promise<Outcome<T>> {
  return db.transaction(async (tx) => {
    if (!claim) return { ...(await effect(tx)), replayed: false };
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId: claim.userId, key: claim.key, requestHash: claim.requestHash, statusCode: 0 })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed.length) {
      const stored = await findStored(tx, claim);
      if (!stored) throw new AppError('conflict');
      return replayOf<T>(claim, stored);
    }
    const response = await effect(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: response.status, response: response.body ?? null })
      .where(whereKey(claim));
    return { ...response, replayed: false };
  });
}

/*
 * For a write that is one SQL statement (the statement is its own transaction, so it holds its
 * row locks only while it runs): look for a stored response first (`findStored`, or the same
 * lookup folded into a read the request makes anyway); if there is none, compute the response
 * and insert the key with it (a plain INSERT) in the writing statement. A concurrent request with
 * the same key makes that insert wait, then fail on the key: nothing of the statement stays,
 * and `afterConflict` replays what the other request stored.
 */

/** Whether a write failed because another request claimed the key first. */
export function isClaimConflict(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || constraint === CLAIM_CONSTRAINT;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The replay after `isClaimConflict`: the other request committed its response. */
export async function afterConflict<T>(db: Db, claim: IdempotencyClaim): Promise<Outcome<T>> {
  const stored = await findStored(db, claim);
  if (!stored) throw new AppError('conflict');
  return replayOf<T>(claim, stored);
}

/** Sends an outcome; a replay says so in `Idempotent-Replayed: true`. */
export function sendOutcome<T>(reply: FastifyReply, outcome: Outcome<T>): FastifyReply {
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  return outcome.status === 204 ? reply.status(204).send() : reply.status(outcome.status).send(outcome.body);
}

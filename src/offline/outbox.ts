import type { FloorEntity } from '@shared/schemas/floor';
import { FLOOR_WRITE_PATHS, MAX_BATCH_WRITES } from '@shared/floor-constants';
import type { DeviceHeartbeat } from '@shared/schemas/devices';
import type { FloorBatchResponse, FloorBatchResult } from '@shared/schemas/floor-batch';
import { measureSince, PERF } from '@shared/perf-marks';
import { useAppStore } from '@/lib/store';
import { floorDb, type FloorDb, type FloorRows, type LocalId, type OutboxItem } from './db';
import { isDeviceRevoked } from './device';
import type { Transport } from './transport';

/**
 * The outbox (ARCHITECTURE "Offline floor operations"): a write is its domain row (shown at once
 * as pending) and an outbox item, saved in one Dexie transaction, then replayed in `seq` order
 * against the ordinary REST endpoint with its client key as Idempotency-Key.
 */

/** A floor row as the engine sees it, whatever its table. */
export interface FloorRow {
  id: LocalId;
  venue: number;
  key?: string | null;
  pending?: 1;
  rejected?: 1;
}

export interface FloorWrite<E extends FloorEntity> {
  venue: number;
  entity: E;
  /** The Local row of that table, with id = key and pending: 1. */
  row: FloorRows[E];
  /** Under /api/v1/, e.g. `transaction/`. */
  path: string;
  method?: 'POST' | 'PATCH';
  body: unknown;
  key: string;
}

export const newKey = (): string => crypto.randomUUID();

export const floorTable = (db: FloorDb, entity: FloorEntity) => db.table<FloorRow, LocalId>(entity);

/**
 * Saves the row and its outbox item in one transaction, waiting on nothing but IndexedDB: both
 * requests are made at once and the transaction is committed with them, so IndexedDB finishes
 * it without a turn of this page's main thread in between (one request after the other, each
 * waited for the one before to come back to the page, behind whatever render or layout ran).
 */
export async function saveWrite<E extends FloorEntity>(
  db: FloorDb,
  user: number,
  write: FloorWrite<E>,
  userName?: string,
): Promise<void> {
  const table = floorTable(db, write.entity);
  const item: OutboxItem = {
    key: write.key,
    user,
    ...(userName && { userName }),
    venue: write.venue,
    entity: write.entity,
    method: write.method ?? 'POST',
    path: write.path,
    body: write.body,
    createdAt: new Date().toISOString(),
    attempts: 0,
    notBefore: 0,
  };
  const start = performance.now();
  await db.transaction('rw', [table, db.outbox], (tx) => {
    // Dexie makes each request as it is called: both are made when the commit is asked for.
    const written = Promise.all([table.put(write.row as FloorRow), db.outbox.add(item)]);
    (tx.idbtrans as IDBTransaction & { commit?: () => void }).commit?.();
    return written;
  });
  measureSince(PERF.outboxSave, start);
}

const enqueueListeners = new Set<() => void>();

/** Called after every enqueue (the sync engine flushes). */
export function onEnqueue(listener: () => void): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}

/** Saves a write of the signed-in user and wakes the flusher. */
export async function enqueue<E extends FloorEntity>(write: FloorWrite<E>): Promise<void> {
  const user = useAppStore.getState().user;
  if (!user) throw new Error('enqueue: nobody is signed in');
  await saveWrite(floorDb, user.id, write, `${user.first_name} ${user.last_name}`.trim() || user.username);
  for (const listener of enqueueListeners) listener();
}

/** Writes of this user still waiting to be sent (logout is refused while there are any). */
export async function pendingWrites(userId: number, db: FloorDb = floorDb): Promise<number> {
  // Without IndexedDB nothing can have been queued.
  if (typeof indexedDB === 'undefined') return 0;
  return db.outbox.where('user').equals(userId).count();
}

// ---- sending ------------------------------------------------------------------------------

const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;

/** Exponential from 1 s, ±25 % jitter, capped at 30 s (a tablet back on wifi catches up soon). */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.min(BACKOFF_MAX_MS, Math.round(base * (0.75 + random() * 0.5)));
}

export interface FlushContext {
  db: FloorDb;
  transport: Transport;
  user: number;
  /** The session token to send with (another user's, from their device credential); else the store's. */
  token?: string;
  now: () => number;
  random: () => number;
  /** Send even if the backoff has not run out (the network just came back). */
  ignoreBackoff?: boolean;
  /**
   * This device: each batch carries its heartbeat (id, app version, the writes waiting besides
   * the batch), so a flush needs no heartbeat request of its own.
   */
  device?: { id: string; appVersion: string | null };
}

export interface FlushResult {
  /** Venues of which something was accepted (pull them). */
  sent: Set<number>;
  /** done: queue empty; retry: wait until retryAt; unauthorized (401), outdated (426): stop. */
  stop: 'done' | 'retry' | 'unauthorized' | 'outdated';
  retryAt?: number;
  /** A write was refused because the server revoked this device (403 device_revoked). */
  revoked?: true;
  /** The heartbeat's answer to the last batch that carried it (null: the device is revoked). */
  device?: DeviceHeartbeat | null;
}

const isRetryable = (status: number) => status >= 500 || status === 408 || status === 429;
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Accepted writes leave the queue together: one Dexie transaction for the whole batch. */
async function accepted(db: FloorDb, items: OutboxItem[], at: string): Promise<void> {
  if (!items.length) return;
  const tables = [...new Set(items.map((item) => item.entity))].map((entity) => floorTable(db, entity));
  await db.transaction('rw', [...tables, db.outbox, db.sync], async () => {
    await db.outbox.bulkDelete(items.map((item) => item.seq!));
    // The next pull replaces each row by the server's (same key).
    for (const entity of new Set(items.map((item) => item.entity))) {
      const keys = items.filter((item) => item.entity === entity).map((item) => item.key);
      await floorTable(db, entity)
        .where(':id')
        .anyOf(keys)
        .modify((row) => {
          delete row.pending;
        });
    }
    for (const venue of new Set(items.map((item) => item.venue))) await db.sync.update(venue, { lastSyncAt: at });
  });
}

async function rejected(db: FloorDb, item: OutboxItem, status: number, error: unknown, at: string): Promise<void> {
  const table = floorTable(db, item.entity);
  await db.transaction('rw', [table, db.outbox, db.attention], async () => {
    await db.outbox.delete(item.seq!);
    const { key, user, userName, venue, entity, path, body } = item;
    await db.attention.put({ key, user, userName, venue, entity, path, body, status, error, at });
    await table.update(key, { pending: undefined, rejected: 1 });
  });
}

async function retryLater(ctx: FlushContext, item: OutboxItem, lastError: string): Promise<number> {
  const attempts = item.attempts + 1;
  const notBefore = ctx.now() + backoffMs(attempts, ctx.random);
  await ctx.db.outbox.update(item.seq!, { attempts, notBefore, lastError });
  return notBefore;
}

/** The batch endpoint (POST /api/v1/floor/writes/) takes the floor's own writes, POSTed. */
const BATCH_PATH = 'floor/writes/';
const batchable = (item: OutboxItem) =>
  item.method === 'POST' && (FLOOR_WRITE_PATHS as readonly string[]).includes(item.path);

const isBatchAnswer = (body: unknown, size: number): body is FloorBatchResponse =>
  typeof body === 'object' &&
  body !== null &&
  Array.isArray((body as FloorBatchResponse).results) &&
  (body as FloorBatchResponse).results.length === size;

/** What one request's answer did to the queue. */
type Step = { stop: Omit<FlushResult, 'sent'> } | { stop: null; fallBack?: true };

/**
 * One round: sends the user's items in order, up to MAX_BATCH_WRITES in one request, until the
 * queue is empty or something stops it. Each write has its own outcome: accepted ones leave the
 * queue, a refused one (4xx) moves to `attention` and the others go on; a network error, 5xx,
 * 408 or 429 keeps the write and every later one (backoff) and ends the round, since order
 * matters. A batch whose answer was lost is sent again: the server answers the writes it had
 * decided from their keys, so each lands once.
 */
export async function flushOutbox(ctx: FlushContext): Promise<FlushResult> {
  const sent = new Set<number>();
  let revoked = false;
  let reported: DeviceHeartbeat | null | undefined;
  const outcome = (result: Omit<FlushResult, 'sent'>): FlushResult => ({
    sent,
    ...result,
    ...(revoked && { revoked: true as const }),
    ...(reported !== undefined && { device: reported }),
  });
  /** The server would not take the batch as a whole (an older server, a body it cannot read): one at a time. */
  let single = false;
  for (;;) {
    const head = await ctx.db.outbox.where('user').equals(ctx.user).limit(MAX_BATCH_WRITES).toArray();
    const first = head[0];
    if (!first) return outcome({ stop: 'done' });
    // Only the first item of the queue ever waits: a failure ends the round.
    if (!ctx.ignoreBackoff && first.notBefore > ctx.now()) {
      return outcome({ stop: 'retry', retryAt: first.notBefore });
    }
    const run = single || !batchable(first) ? [first] : head.slice(0, firstNotBatchable(head));
    const step = run.length === 1 && (single || !batchable(first)) ? await sendOne(first) : await sendBatch(run);
    if (step.stop) return outcome(step.stop);
    if (step.fallBack) single = true;
  }

  function firstNotBatchable(items: OutboxItem[]): number {
    const index = items.findIndex((item) => !batchable(item));
    return index === -1 ? items.length : index;
  }

  /** Sends one write to its own endpoint (an older queue item, or the batch was not taken). */
  async function sendOne(item: OutboxItem): Promise<Step> {
    let status: number;
    let body: unknown;
    try {
      ({ status, body } = await ctx.transport({
        method: item.method,
        path: item.path,
        body: item.body,
        key: item.key,
        ...(ctx.token !== undefined && { token: ctx.token }),
      }));
    } catch (error) {
      return { stop: { stop: 'retry', retryAt: await retryLater(ctx, item, describe(error)) } };
    }
    const at = new Date(ctx.now()).toISOString();
    if (status >= 200 && status < 300) {
      await accepted(ctx.db, [item], at);
      sent.add(item.venue);
    } else if (status === 401) {
      return { stop: { stop: 'unauthorized' } };
    } else if (status === 426) {
      return { stop: { stop: 'outdated' } };
    } else if (isRetryable(status)) {
      return { stop: { stop: 'retry', retryAt: await retryLater(ctx, item, `HTTP ${status}`) } };
    } else {
      // A revoked device's write (403 device_revoked) is refused like any other: "needs attention".
      if (isDeviceRevoked(status, body)) revoked = true;
      await rejected(ctx.db, item, status, body ?? `HTTP ${status}`, at);
    }
    return { stop: null };
  }

  /** Sends writes in one request and applies each write's own outcome, in order. */
  async function sendBatch(items: OutboxItem[]): Promise<Step> {
    const head = items[0]!;
    let status: number;
    let body: unknown;
    const start = performance.now();
    const device = ctx.device && {
      device_id: ctx.device.id,
      app_version: ctx.device.appVersion,
      pending_writes: Math.max(0, (await ctx.db.outbox.count()) - items.length),
    };
    try {
      ({ status, body } = await ctx.transport({
        method: 'POST',
        path: BATCH_PATH,
        body: {
          writes: items.map(({ key, path, body: write }) => ({ key, path, body: write })),
          ...(device && { device }),
        },
        ...(ctx.token !== undefined && { token: ctx.token }),
      }));
    } catch (error) {
      return { stop: { stop: 'retry', retryAt: await retryLater(ctx, head, describe(error)) } };
    }
    if (status === 401) return { stop: { stop: 'unauthorized' } };
    if (status === 426) return { stop: { stop: 'outdated' } };
    if (isRetryable(status)) return { stop: { stop: 'retry', retryAt: await retryLater(ctx, head, `HTTP ${status}`) } };
    if (status < 200 || status >= 300 || !isBatchAnswer(body, items.length)) return { stop: null, fallBack: true };
    if (device && body.device !== undefined) reported = body.device;
    const at = new Date(ctx.now()).toISOString();
    const done: OutboxItem[] = [];
    let stop: Step = { stop: null };
    for (const [i, item] of items.entries()) {
      const result: FloorBatchResult = body.results[i]!;
      if (result.outcome === 'created' || result.outcome === 'replayed') {
        done.push(item);
        continue;
      }
      if (result.outcome === 'refused') {
        if (isDeviceRevoked(result.status, result.body)) revoked = true;
        await rejected(ctx.db, item, result.status, result.body ?? `HTTP ${result.status}`, at);
        continue;
      }
      // retry (or skipped after one): this write and every later one stay queued, in order.
      const reason = result.outcome === 'retry' ? `HTTP ${result.status}` : 'not sent';
      stop = { stop: { stop: 'retry', retryAt: await retryLater(ctx, item, reason) } };
      break;
    }
    await accepted(ctx.db, done, at);
    for (const item of done) sent.add(item.venue);
    measureSince(PERF.outboxBatch, start);
    return stop;
  }
}

import { afterEach, beforeEach } from 'vitest';
import type { FloorChanges, FloorRider, FloorTransaction } from '@shared/schemas/floor';
import type { FloorBatchResult } from '@shared/schemas/floor-batch';
import { FloorDb, type LocalAttendee, type LocalCheckin, type LocalTransaction } from '@/offline/db';
import { saveWrite, type FloorWrite } from '@/offline/outbox';
import { createFloorSync, type EngineOptions } from '@/offline/sync';
import type { SyncRequest, SyncResponse, Transport } from '@/offline/transport';

/** What the fake server does with one request, before it is handled (undefined: handle it). */
export type Fault = (request: SyncRequest) => 'network' | 'lost-answer' | SyncResponse | undefined;

/**
 * A fake of the API for the sync engine: writes are idempotent by key like the real server
 * (the first request creates a row and answers 201; the same key again answers the stored
 * first response); pulls answer whatever the test queues.
 */
/** The heartbeat's answer for a device registered at VENUE as "Tablet 1". */
export const heartbeatAnswer = (deviceId: string) => ({
  registered: true,
  device: { id: 1, device_id: deviceId, venue: 1, name: 'Tablet 1', pending_writes: 0 },
  venue_devices: 1,
});

export function fakeServer() {
  const attempts = new Map<string, number>();
  /** Keys in the order their effect happened (once each, unless the engine misbehaves). */
  const effects: string[] = [];
  const stored = new Map<string, SyncResponse>();
  /** Keys answered with their stored first response. */
  const replayed: string[] = [];
  /** Every request, a batch as the single writes it carries (what each endpoint would have got). */
  const requests: SyncRequest[] = [];
  /** The batch requests themselves. */
  const batches: SyncRequest[] = [];
  const pulls: (SyncResponse | FloorChanges)[] = [];
  let nextId = 500;
  let fault: Fault | undefined;
  /** Off: a server of before, which answers no heartbeat a pull carries. */
  let answerHeartbeats = true;

  /** One write, as its single endpoint answers it; `replay` says whether the stored answer was sent. */
  const single = async (request: SyncRequest): Promise<SyncResponse & { replay?: true }> => {
    requests.push(request);
    const key = request.key!;
    attempts.set(key, (attempts.get(key) ?? 0) + 1);
    const injected = fault?.(request);
    if (injected === 'network') throw new TypeError('Failed to fetch');
    if (injected && injected !== 'lost-answer') return injected;
    const replay = stored.get(key);
    if (replay) {
      replayed.push(key);
      return { ...replay, replay: true };
    }
    const response = { status: 201, body: { id: nextId++, key, ...(request.body as object) } };
    stored.set(key, response);
    effects.push(key);
    if (injected === 'lost-answer') throw new TypeError('Connection reset');
    return response;
  };

  /**
   * The batched push, as the real server decides it: each write in order as its single endpoint
   * would (the faults apply per write); a write that must be retried stops the batch; a fault
   * that loses the connection loses the whole answer, after the writes before it took effect.
   */
  const batch = async (request: SyncRequest): Promise<SyncResponse> => {
    batches.push(request);
    const { writes } = request.body as { writes: { key: string; path: string; body: unknown }[] };
    const results: FloorBatchResult[] = [];
    let stopped = false;
    for (const write of writes) {
      if (stopped) {
        results.push({ key: write.key, outcome: 'skipped', status: 0, body: null });
        continue;
      }
      const answer = await single({
        method: 'POST',
        path: write.path,
        body: write.body,
        key: write.key,
        token: request.token,
      });
      // A session or protocol refusal is the request's, not one write's.
      if (answer.status === 401 || answer.status === 426) return { status: answer.status, body: answer.body };
      const retry = answer.status >= 500 || answer.status === 408 || answer.status === 429;
      const outcome = answer.status < 300 ? (answer.replay ? 'replayed' : 'created') : retry ? 'retry' : 'refused';
      results.push({ key: write.key, outcome, status: answer.status, body: answer.body });
      if (retry) stopped = true;
    }
    // A batch that carries the device's heartbeat gets the heartbeat's answer too.
    const device = (request.body as { device?: { device_id: string } }).device;
    if (!device) return { status: 200, body: { results } };
    return { status: 200, body: { results, device: heartbeatAnswer(device.device_id) } };
  };

  const transport: Transport = async (request) => {
    // Let other flushers run in between, as a real network would.
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (request.method === 'GET') {
      requests.push(request);
      const answer = pulls.shift();
      if (!answer) return { status: 404, body: { error: 'not_found' } };
      if ('status' in answer) return answer;
      // A pull that carries the device's heartbeat gets its answer in a header, URI-encoded.
      const device = new URLSearchParams(request.path.split('?')[1]).get('device_id');
      if (device === null || !answerHeartbeats) return { status: 200, body: answer };
      return { status: 200, body: answer, device: encodeURIComponent(JSON.stringify(heartbeatAnswer(device))) };
    }
    if (request.path === 'floor/writes/') return batch(request);
    const { replay: _replay, ...answer } = await single(request);
    return answer;
  };

  return {
    transport,
    requests,
    batches,
    effects,
    stored,
    replayed,
    /** How often a key was sent (reached the server or not). */
    attemptsOf: (key: string) => attempts.get(key) ?? 0,
    setFault: (next: Fault | undefined) => (fault = next),
    answerHeartbeatsOfPulls: (on: boolean) => (answerHeartbeats = on),
    answerPull: (...answers: (SyncResponse | FloorChanges)[]) => pulls.push(...answers),
    pullPaths: () => requests.filter((r) => r.method === 'GET').map((r) => r.path),
  };
}

export function localCharge(venue: number, key: string, quantity = 1): LocalTransaction {
  return {
    id: key,
    key,
    venue,
    kind: 'charge',
    party: { type: 'rider', id: 3, name: 'Rita Reiter' },
    rider: 3,
    consumable: 1,
    description: 'Hay',
    quantity,
    unit_price: 1000,
    gross: -1000 * quantity,
    currency: 'EUR',
    source: 'stable',
    created_by: 'stable',
    device_id: 'tablet-1',
    occurred_at: '2026-05-01T08:00:00.000Z',
    recorded_at: '2026-05-01T08:00:00.000Z',
    reversal_of: null,
    pending: 1,
  };
}

export function chargeWrite(venue: number, key: string, quantity = 1): FloorWrite<'transactions'> {
  return {
    venue,
    entity: 'transactions',
    row: localCharge(venue, key, quantity),
    path: 'transaction/',
    body: { kind: 'charge', party_type: 'rider', party_id: 3, consumable: 1, quantity, source: 'stable' },
    key,
  };
}

export function localAttendee(venue: number, key: string): LocalAttendee {
  return {
    id: key,
    key,
    venue,
    first_name: 'Gina',
    last_name: 'Guest',
    email: null,
    phone: null,
    kind: 'guest',
    role: null,
    organisation: null,
    badge: null,
    user: null,
    created_at: '2026-05-01T08:00:00.000Z',
    pending: 1,
  };
}

export function localCheckin(venue: number, key: string, attendee: string | number): LocalCheckin {
  return {
    id: key,
    key,
    venue,
    attendee,
    action: 'in',
    occurred_at: '2026-05-01T08:05:00.000Z',
    recorded_at: '2026-05-01T08:05:00.000Z',
    recorded_by: 'welcomedesk',
    device_id: 'tablet-1',
    pending: 1,
  };
}

export const rider = (id: number, name = `Rider ${id}`): FloorRider => ({
  id,
  rider: id + 1000,
  name,
  payer: { type: 'rider', id: id + 1000, name },
  qr: `r${id + 1000}-abcdefabcdef`,
});

export function serverCharge(id: number, key: string | null): FloorTransaction {
  const { venue: _venue, pending: _pending, ...row } = localCharge(1, key ?? 'x');
  return { ...row, id, key, recorded_at: '2026-05-01T08:00:01.000Z' };
}

export function changes(overrides: Partial<FloorChanges> = {}): FloorChanges {
  return {
    protocol: 1,
    venue: { id: 1, name: 'Demo Show', currency: 'EUR', currency_display: 'symbol', time_zone: 'Europe/Berlin' },
    cursor: 1,
    reset: false,
    riders: [],
    grooms: [],
    horses: [],
    consumables: [],
    transactions: [],
    attendees: [],
    checkins: [],
    signins: [],
    inspections: [],
    deleted: [],
    ...overrides,
  };
}

export const USER = 7;
export const VENUE = 1;

/**
 * Per test: a fresh database, a fake server and a clock; engines over them (the test's "tabs"),
 * and charges queued by USER at VENUE.
 */
export function outboxFixture(name: string) {
  const fx = { db: new FloorDb(`${name}-0`), server: fakeServer(), clock: 0 };
  let count = 0;
  beforeEach(() => {
    count += 1;
    fx.db = new FloorDb(`${name}-${count}`);
    fx.server = fakeServer();
    fx.clock = Date.parse('2026-05-01T10:00:00Z');
  });
  afterEach(async () => {
    await fx.db.delete();
  });
  const engine = (options: EngineOptions = {}) =>
    createFloorSync({
      db: fx.db,
      transport: fx.server.transport,
      user: () => USER,
      now: () => fx.clock,
      random: () => 0.5,
      onOutdated: () => undefined,
      ...options,
    });
  /** Queues charges key-1 … key-n. */
  async function queue(n: number): Promise<string[]> {
    const keys = Array.from({ length: n }, (_, i) => `key-${i + 1}`);
    for (const key of keys) await saveWrite(fx.db, USER, chargeWrite(VENUE, key));
    return keys;
  }
  const queued = async () => (await fx.db.outbox.orderBy('seq').toArray()).map((item) => item.key);
  return { fx, engine, queue, queued };
}

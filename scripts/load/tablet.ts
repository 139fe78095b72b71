import { randomUUID } from 'node:crypto';
import { coalesce } from '@shared/coalesce';
import { DEMO_PASSWORD } from '@shared/constants';
import { DEVICE_ANSWER_HEADER, MAX_BATCH_WRITES, SYNC_PROTOCOL, SYNC_PROTOCOL_HEADER } from '@shared/floor-constants';
import { FLOOR_STREAM_TYPE } from '@shared/floor-stream';
import type { FloorBatchResponse } from '@shared/schemas/floor-batch';
import type { Book, SentWrite, WriteKind } from './book';
import { HttpClient, json, RequestLost, type Answer } from './http';
import type { Random } from './random';
import { VENUE, type FloorKind, type SeededShow } from './seed';
import type { Stats } from './stats';

/**
 * A floor tablet as the app's sync engine drives it (src/offline/outbox.ts, sync.ts, device.ts,
 * transport.ts), over the real HTTP protocol: a password sign-in that names the device (and
 * returns its device credential), the device's registration and first pull; then each write
 * queued and flushed at once — up to MAX_BATCH_WRITES in one POST /api/v1/floor/writes/, each
 * write with its own Idempotency-Key, in order, retried with the outbox's backoff when no answer
 * came, each batch and each pull carrying the device's heartbeat — a heartbeat of its own only
 * when neither told it (at most one per HEARTBEAT_MIN_GAP_MS, the last state told at the gap's
 * end, none within the gap after a batch or pull told it), a pull after a flush that sent something (unless the last pull is
 * more recent than PULL_AFTER_FLUSH_GAP_MS), and a pull `pullEveryMs` after the last one. A tablet coming back online opens the app again: its device credential is
 * exchanged for a session and its backlog goes in one batch.
 */

const HEARTBEAT_MIN_GAP_MS = 5_000; // src/offline/device.ts
const BACKOFF_BASE_MS = 1_000; // src/offline/outbox.ts backoffMs
const BACKOFF_MAX_MS = 30_000;
export const APP_VERSION = 'load-test';
const UNDO_VISIBLE_MS = 15_000; // src/offline/writes.ts
const PULL_AFTER_FLUSH_GAP_MS = 15_000; // src/offline/sync.ts

export interface TabletWorld {
  http: string;
  stats: Stats;
  book: Book;
  show: SeededShow;
  random: Random;
  /** Share of batches whose answer is lost (half cut off after sending, half dropped on arrival). */
  lostShare: number;
  pullEveryMs: number;
  /** Is the measured window open (latencies and accepted writes count)? */
  inWindow: () => boolean;
}

interface Queued {
  write: SentWrite;
  attempts: number;
  notBefore: number;
}

const now = () => performance.now();

export class Tablet {
  readonly deviceId = randomUUID();
  private readonly http: HttpClient;
  private token: string | null = null;
  private deviceToken: string | null = null;
  private cursor = 0;
  private queue: Queued[] = [];
  private online = true;
  private stopped = false;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private lastHeartbeat = -Infinity;
  private lastPulled = -Infinity;
  private quietUntil = -Infinity;
  private heartbeatTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatRunning = false;
  /** The periodic pull runs (the window is open), and its next one. */
  private periodic = false;
  private pullTimer: ReturnType<typeof setTimeout> | undefined;
  private recentCharges: { key: string; at: number }[] = [];
  private ownAttendees: string[] = [];
  private lostToggle = false;
  readonly flush: () => Promise<void>;
  readonly pull: () => Promise<void>;

  constructor(
    private readonly world: TabletWorld,
    readonly kind: FloorKind,
    readonly login: string,
  ) {
    this.http = new HttpClient(world.http);
    this.flush = coalesce(() => this.flushRound());
    this.pull = coalesce(async () => {
      try {
        await this.pullOnce();
      } finally {
        this.pullLater();
      }
    });
  }

  get pending(): number {
    return this.queue.length;
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      accept: 'application/json',
      'accept-language': 'de',
      [SYNC_PROTOCOL_HEADER]: String(SYNC_PROTOCOL),
      ...(this.token && { authorization: `Bearer ${this.token}` }),
      ...extra,
    };
  }

  /** One request, timed under `kind`; an answer that did not come counts as an error of that kind. */
  private async call(kind: string, options: Parameters<HttpClient['request']>[0]): Promise<Answer | null> {
    const t0 = now();
    try {
      const answer = await this.http.request({ ...options, headers: this.headers(options.headers) });
      this.world.stats.time(kind, now() - t0);
      return answer;
    } catch (err) {
      if (!(err instanceof RequestLost) || !options.dropAnswer) this.world.stats.error(kind, 0, String(err));
      return null;
    }
  }

  private expect(kind: string, answer: Answer | null, status: number): boolean {
    if (!answer) return false;
    if (answer.status === status) return true;
    this.world.stats.error(kind, answer.status, errorCode(answer));
    return false;
  }

  // ---- setup ------------------------------------------------------------------------------

  /** The first sign-in on this tablet, the app's user load, the registration and the first pull. */
  async signIn(): Promise<void> {
    const answer = await this.call('signin', {
      method: 'POST',
      path: '/api/token/auth/',
      body: { username: this.login, password: DEMO_PASSWORD, device_id: this.deviceId },
    });
    if (!this.expect('signin', answer, 200)) throw new Error(`sign-in of ${this.login} failed`);
    const login = json<{ token: string; device_token?: string }>(answer!);
    this.token = login.token;
    this.deviceToken = login.device_token ?? null;
    if (!this.deviceToken) throw new Error(`${this.login} got no device credential`);
    this.expect('user', await this.call('user', { method: 'GET', path: '/api/auth/user/' }), 200);
    const registered = await this.call('register', {
      method: 'POST',
      path: '/api/v1/device/register/',
      body: { device_id: this.deviceId, app_version: APP_VERSION },
    });
    if (!registered || (registered.status !== 201 && registered.status !== 200)) {
      this.expect('register', registered, 201);
      throw new Error(`registration of ${this.login}'s tablet failed`);
    }
    await this.pullOnce('first-pull');
    this.heartbeat();
  }

  // ---- the measured window ----------------------------------------------------------------

  /** Writes as a Poisson process of `perMinute`, and the periodic pull, until `stop`. */
  start(perMinute: number): void {
    const meanGap = 60_000 / perMinute;
    const nextWrite = () =>
      this.later(-Math.log(1 - this.world.random()) * meanGap, () => {
        if (this.online) this.write();
        nextWrite();
      });
    nextWrite();
    this.periodic = true;
    this.pullLater(this.world.random() * this.world.pullEveryMs);
  }

  /**
   * sync.ts pullLater: the periodic pull comes `pullEveryMs` after the last pull of any kind (the
   * one after a flush too), not on a fixed clock; offline, the tablet looks again an interval later.
   */
  private pullLater(ms = this.world.pullEveryMs): void {
    if (this.pullTimer !== undefined) {
      clearTimeout(this.pullTimer);
      this.timers.delete(this.pullTimer);
      this.pullTimer = undefined;
    }
    if (!this.periodic || this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.pullTimer = undefined;
      if (this.stopped) return;
      if (this.online) void this.pull();
      else this.pullLater();
    }, ms);
    this.pullTimer = timer;
    this.timers.add(timer);
  }

  /** Offline from now: `backlog` writes queued (a shift's worth, clocked over the last minutes). */
  goOffline(backlog: number): void {
    this.online = false;
    for (let i = 0; i < backlog; i++) this.queueWrite(new Date(Date.now() - (backlog - i) * 6_000), true);
  }

  /** Back online: the app reopens from its device credential, sends the backlog and pulls. */
  async comeBack(): Promise<void> {
    // A reopened app has no session (it lived in sessionStorage): only the device credential.
    this.token = null;
    const exchanged = await this.call('device-exchange', {
      method: 'POST',
      path: '/api/token/device/',
      body: { device_token: this.deviceToken, device_id: this.deviceId },
    });
    if (!this.expect('device-exchange', exchanged, 200)) return;
    this.token = json<{ token: string }>(exchanged!).token;
    this.online = true;
    for (const item of this.queue) item.notBefore = 0;
    await Promise.all([this.flush(), this.pull()]);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    clearTimeout(this.heartbeatTimer);
  }

  /** After the window: sends what is still queued, ignoring the backoff, until empty or `deadline`. */
  async drain(deadline: number): Promise<void> {
    this.online = true;
    while (this.queue.length && now() < deadline) {
      for (const item of this.queue) item.notBefore = 0;
      await this.flushRound(false);
      if (this.queue.length) await new Promise((r) => setTimeout(r, 250));
    }
  }

  close(): void {
    this.stop();
    this.http.close();
  }

  private later(ms: number, task: () => void): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.stopped) task();
    }, ms);
    this.timers.add(timer);
  }

  // ---- writes -----------------------------------------------------------------------------

  private write(): void {
    this.queueWrite(new Date());
    void this.flush();
  }

  private queueWrite(at: Date, backlog = false): void {
    const write = this.newWrite(at);
    if (backlog) write.backlog = true;
    this.world.book.add(write);
    this.queue.push({ write, attempts: 0, notBefore: 0 });
  }

  /** What this kind of tablet writes, as src/offline/writes.ts builds it. */
  private newWrite(at: Date): SentWrite {
    const { random, show } = this.world;
    const key = randomUUID();
    const occurred_at = at.toISOString();
    const device_id = this.deviceId;
    const base = { key, user: this.login, queuedAt: now(), created: 0, replayed: 0 };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const make = (kind: WriteKind, path: string, body: Record<string, unknown>, extra: Partial<SentWrite> = {}) =>
      ({ ...base, kind, path, body, ...extra }) as SentWrite;
    switch (this.kind) {
      case 'stable': {
        const fresh = this.recentCharges.filter((c) => now() - c.at < UNDO_VISIBLE_MS);
        if (fresh.length && random() < 0.05) {
          const charge = fresh.at(-1)!;
          this.recentCharges = this.recentCharges.filter((c) => c !== charge);
          return make(
            'undo',
            'transaction/undo/',
            { venue: VENUE, key: charge.key, device_id },
            { undoes: charge.key },
          );
        }
        const rider = pick(show.riders);
        const item = pick(show.consumables);
        const quantity = 1 + Math.floor(random() * 3);
        this.recentCharges.push({ key, at: now() });
        if (this.recentCharges.length > 10) this.recentCharges.shift();
        return make(
          'charge',
          'transaction/',
          {
            venue: VENUE,
            kind: 'charge',
            party_type: 'rider',
            party_id: rider,
            consumable: item.id,
            quantity,
            source: 'stable',
            device_id,
            occurred_at,
          },
          { rider, gross: item.unitPrice * quantity },
        );
      }
      case 'welcomedesk': {
        if (!this.ownAttendees.length || random() < 0.25) {
          this.ownAttendees.push(key);
          const n = Math.floor(random() * 100_000);
          return make('attendee', 'attendee/', {
            venue: VENUE,
            first_name: 'Guest',
            last_name: `No. ${n}`,
            email: null,
            kind: random() < 0.5 ? 'guest' : 'spectator',
            device_id,
          });
        }
        // An attendee this tablet created (named by its key) or one of the show's, in or out.
        const who =
          random() < 0.5 ? { attendee_key: pick(this.ownAttendees) } : { attendee: pick(this.world.show.attendees) };
        return make('checkin', 'attendeeCheckin/', {
          ...who,
          action: random() < 0.6 ? 'in' : 'out',
          occurred_at,
          device_id,
        });
      }
      case 'signin':
        return make('signin', 'riderSignin/', {
          participation: pick(show.participations),
          action: random() < 0.7 ? 'in' : 'out',
          occurred_at,
          device_id,
        });
      case 'vetcheck':
        return make('inspection', 'vetInspection/', {
          horse: pick(show.horses),
          status: random() < 0.9 ? 'passed' : 'held',
          notes: '',
          inspector: 'Dr. Load',
          occurred_at,
          device_id,
        });
    }
  }

  /** outbox.ts backoffMs: exponential from 1 s, ±25 %, at most 30 s. */
  private backoff(attempts: number): number {
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
    return Math.min(BACKOFF_MAX_MS, Math.round(base * (0.75 + this.world.random() * 0.5)));
  }

  private retryLater(item: Queued): void {
    item.attempts += 1;
    item.notBefore = now() + this.backoff(item.attempts);
    this.later(item.notBefore - now(), () => void this.flush());
  }

  /** One flush round (outbox.ts flushOutbox, sync.ts flushRound): then heartbeat and pull. */
  private async flushRound(follow = true): Promise<void> {
    if (!this.online) return;
    let sent = false;
    while (this.queue.length) {
      const head = this.queue[0]!;
      if (head.notBefore > now()) break;
      const items = this.queue.slice(0, MAX_BATCH_WRITES);
      const lose = this.world.random() < this.world.lostShare;
      // Half the lost answers are cut off as the request leaves, half dropped as they arrive.
      const cutOff = lose && (this.lostToggle = !this.lostToggle);
      const answer = await this.call(items.some((item) => item.write.backlog) ? 'write (backlog)' : 'write', {
        method: 'POST',
        path: '/api/v1/floor/writes/',
        body: {
          writes: items.map(({ write }) => ({ key: write.key, path: write.path, body: write.body })),
          device: {
            device_id: this.deviceId,
            app_version: APP_VERSION,
            pending_writes: this.queue.length - items.length,
          },
        },
        dropAnswer: cutOff,
      });
      if (!answer || lose) {
        if (lose) this.world.stats.lostAnswers += 1;
        this.retryLater(head);
        break;
      }
      if (answer.status !== 200) {
        this.world.stats.error('write', answer.status, errorCode(answer));
        this.retryLater(head);
        break;
      }
      const { results, device } = json<FloorBatchResponse>(answer);
      const at = now();
      if (device !== undefined) {
        if (device === null || !device.registered) this.world.stats.error('write', 200, 'device not registered');
        this.told();
      }
      let stop = false;
      let done = 0;
      for (const [i, result] of results.entries()) {
        const item = items[i]!;
        if (result.outcome === 'created' || result.outcome === 'replayed') {
          this.world.book.accepted(item.write.key, result.outcome, at, this.world.inWindow());
          // Queued to accepted, as the person at the tablet sees it (a backlog waited offline).
          if (!item.write.backlog) this.world.stats.time('queued-to-accepted', at - item.write.queuedAt, false);
          done += 1;
          continue;
        }
        if (result.outcome === 'refused') {
          // "Needs attention" on the tablet: the write leaves the queue, and here it is an error.
          this.world.stats.error(`write:${item.write.kind} refused`, result.status, bodyCode(result.body));
          done += 1;
          continue;
        }
        this.world.stats.error(`write:${item.write.kind} ${result.outcome}`, result.status, bodyCode(result.body));
        this.queue.splice(0, done);
        this.retryLater(item);
        stop = true;
        break;
      }
      if (!stop) this.queue.splice(0, done);
      sent ||= done > 0;
      if (stop) break;
    }
    if (!follow || this.stopped) return;
    this.heartbeat();
    // sync.ts: the venue is pulled after a flush unless it was pulled within PULL_AFTER_FLUSH_GAP_MS.
    if (sent && now() - this.lastPulled >= PULL_AFTER_FLUSH_GAP_MS) await this.pull();
  }

  // ---- heartbeat and pull -------------------------------------------------------------------

  /** A batch or a pull told the heartbeat (device.ts createHeartbeat told()). */
  private told(): void {
    this.lastHeartbeat = now();
    this.quietUntil = this.lastHeartbeat + HEARTBEAT_MIN_GAP_MS;
    clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
  }

  /** device.ts createHeartbeat: at most one per gap; a call within the gap sends one at its end. */
  private heartbeat(): void {
    if (this.stopped || now() < this.quietUntil) return;
    const fire = async () => {
      this.heartbeatTimer = undefined;
      this.heartbeatRunning = true;
      this.lastHeartbeat = now();
      try {
        const answer = await this.call('heartbeat', {
          method: 'POST',
          path: '/api/v1/device/heartbeat/',
          body: { device_id: this.deviceId, app_version: APP_VERSION, pending_writes: this.queue.length },
        });
        if (this.expect('heartbeat', answer, 200) && !json<{ registered: boolean }>(answer!).registered)
          this.world.stats.error('heartbeat', 200, 'unregistered');
      } finally {
        this.heartbeatRunning = false;
      }
    };
    if (this.heartbeatTimer !== undefined || this.heartbeatRunning) {
      if (this.heartbeatTimer === undefined && !this.stopped)
        this.heartbeatTimer = setTimeout(() => void fire(), HEARTBEAT_MIN_GAP_MS);
      return;
    }
    const wait = this.lastHeartbeat + HEARTBEAT_MIN_GAP_MS - now();
    if (wait <= 0) void fire();
    else this.heartbeatTimer = setTimeout(() => void fire(), wait);
  }

  /**
   * pull.ts pullChanges: the venue's changes since the cursor, read line by line, carrying the
   * device's heartbeat (sync.ts); a heartbeat of its own only when the answer told none.
   */
  private async pullOnce(kind = 'pull'): Promise<void> {
    const beat = `&device_id=${encodeURIComponent(this.deviceId)}&pending_writes=${this.queue.length}&app_version=${APP_VERSION}`;
    const answer = await this.call(kind, {
      method: 'GET',
      path: `/api/v1/venue/${VENUE}/floor/changes/?cursor=${this.cursor}${this.deviceId ? beat : ''}`,
      headers: { accept: `${FLOOR_STREAM_TYPE}, application/json;q=0.9` },
      timeoutMs: 120_000,
    });
    if (!this.expect(kind, answer, 200)) return;
    this.world.stats.bytes(kind, answer!.wireBytes, answer!.body.length);
    const text = answer!.body.toString('utf8');
    // The last line ends the answer and carries the new cursor; an answer without it is incomplete.
    const last = text.trimEnd().slice(text.trimEnd().lastIndexOf('\n') + 1);
    const end = JSON.parse(last) as { end?: true; cursor?: number };
    if (!end.end || typeof end.cursor !== 'number') {
      this.world.stats.error(kind, 200, 'incomplete');
      return;
    }
    this.cursor = end.cursor;
    this.lastPulled = now();
    const told = answer!.headers[DEVICE_ANSWER_HEADER];
    if (typeof told === 'string') {
      const device = JSON.parse(decodeURIComponent(told)) as { registered: boolean } | null;
      if (device === null || !device.registered) this.world.stats.error(kind, 200, 'device not registered');
      this.told();
    } else if (kind === 'pull') this.heartbeat();
  }
}

function errorCode(answer: Answer): string {
  try {
    return String((JSON.parse(answer.body.toString('utf8')) as { error?: string }).error ?? '');
  } catch {
    return '';
  }
}

const bodyCode = (body: unknown): string =>
  typeof body === 'object' && body !== null && 'error' in body ? String((body as { error: unknown }).error) : '';

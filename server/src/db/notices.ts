import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * Notices from the database on one channel (LISTEN), for caches that every API process keeps of
 * rows another process may change: a trigger NOTIFYs at commit, whichever process (or tool)
 * changed the row, and each process forgets what it kept. On the embedded database there is one
 * process and no channel: `live` stays false.
 *
 * A cache may trust its values for long only while `live` is true: from the moment LISTEN is
 * in effect on a connection until that connection fails. Notices sent meanwhile are lost, so
 * every subscriber is told `gap()` when the connection fails (forget everything, go back to a
 * short time to live) and when it listens again.
 */
export interface NoticeSubscriber {
  /** A notice's payload. */
  notice(payload: string): void;
  /** Notices may have been missed: forget everything kept. */
  gap(): void;
}

export interface Notices {
  /** Is a connection listening, so that every notice since `live` turned true has arrived? */
  readonly live: boolean;
  subscribe(subscriber: NoticeSubscriber): void;
  close(): Promise<void>;
}

/** After a failed connection, the next try comes this long later (doubling up to the max). */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

export function createNotices(databaseUrl: string | null, channel: string, log?: FastifyBaseLogger): Notices {
  const subscribers: NoticeSubscriber[] = [];
  let live = false;
  let closed = false;
  let client: pg.Client | null = null;
  let retryMs = RETRY_FIRST_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const gap = () => {
    for (const s of subscribers) s.gap();
  };

  function lost(connection: pg.Client, err?: unknown) {
    if (client !== connection) return;
    client = null;
    if (live) gap();
    live = false;
    if (closed) return;
    if (err) log?.warn({ err }, `notices: ${channel} not heard, retrying`);
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref();
    retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
  }

  async function connect(): Promise<void> {
    if (closed || !databaseUrl) return;
    const connection = new pg.Client({ connectionString: databaseUrl, application_name: `paddock-${channel}` });
    client = connection;
    connection.on('notification', (message) => {
      if (message.channel !== channel || message.payload === undefined) return;
      for (const s of subscribers) s.notice(message.payload);
    });
    connection.on('error', (err) => lost(connection, err));
    connection.on('end', () => lost(connection));
    try {
      await connection.connect();
      await connection.query(`LISTEN ${channel}`);
    } catch (err) {
      lost(connection, err);
      await connection.end().catch(() => undefined);
      return;
    }
    if (client !== connection) return;
    // What was kept before may have missed notices sent while no connection listened.
    gap();
    live = true;
    retryMs = RETRY_FIRST_MS;
  }

  void connect();

  return {
    get live() {
      return live;
    },
    subscribe(subscriber) {
      subscribers.push(subscriber);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      live = false;
      const connection = client;
      client = null;
      await connection?.end().catch(() => undefined);
    },
  };
}

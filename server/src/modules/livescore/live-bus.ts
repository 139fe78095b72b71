import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * What changed in the sport, for live scores: the results and start-list services
 * publish after their transaction commits; the GraphQL subscriptions and the live page listen.
 *
 * On the embedded database there is one process: the bus is in-process. On PostgreSQL, where
 * several API processes share the database behind a load balancer, every event goes through
 * NOTIFY on one channel and each process LISTENs on its own connection, so a result saved on one
 * process reaches the live clients of every process (its own included, once).
 */
export interface LiveEvent {
  venueId: number;
  competitionId: number;
  /** result: one starter's result saved (entryId; null: several, e.g. an upload); startlist: the
   * order or entries changed; publish: the ranking was published or held back. */
  kind: 'result' | 'startlist' | 'publish';
  entryId?: number | null;
}

export interface LiveBus {
  publish(event: LiveEvent): void;
  /** Returns the function that stops listening. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'paddock_live';

export function createLiveBus(databaseUrl: string | null = null, log?: FastifyBaseLogger): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const emit = (event: LiveEvent) => emitter.emit('event', event);
  const subscribe = (listener: (event: LiveEvent) => void) => {
    emitter.on('event', listener);
    return () => {
      emitter.off('event', listener);
    };
  };
  if (!databaseUrl) return { publish: emit, subscribe, close: async () => {} };

  // One connection listens; another sends (a listening connection may send too, but a slow
  // NOTIFY must not hold up the notifications arriving).
  const listener = new pg.Client({ connectionString: databaseUrl, application_name: 'paddock-live' });
  const sender = new pg.Pool({ connectionString: databaseUrl, max: 1, application_name: 'paddock-live-send' });
  let closed = false;
  const ready = (async () => {
    listener.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        emit(JSON.parse(message.payload) as LiveEvent);
      } catch (err) {
        log?.warn({ err }, 'live bus: unreadable notification');
      }
    });
    listener.on('error', (err) => log?.error({ err }, 'live bus: listening connection failed'));
    await listener.connect();
    await listener.query(`LISTEN ${CHANNEL}`);
  })();
  ready.catch((err: unknown) => log?.error({ err }, 'live bus: could not listen; live scores stay in this process'));

  return {
    publish(event) {
      void ready
        .then(() => sender.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]))
        .catch((err: unknown) => {
          if (closed) return;
          log?.warn({ err }, 'live bus: NOTIFY failed, delivered in this process only');
          emit(event);
        });
    },
    subscribe,
    async close() {
      closed = true;
      await ready.catch(() => undefined);
      await Promise.allSettled([listener.end(), sender.end()]);
    },
  };
}

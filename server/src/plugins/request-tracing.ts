import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { App } from '../types';
import type { Metrics } from './metrics';

/** What a request id or an idempotency key may look like in a log line (no spaces, no control characters). */
const TOKEN = /^[A-Za-z0-9._:-]{1,128}$/;

/** The balancer's X-Request-Id when it is one, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && TOKEN.test(given) ? given : randomUUID();
}

/**
 * Every answer names its request id (X-Request-Id); the log lines of a write carry its
 * idempotency key too — for a floor tablet, the key of the outbox entry — so a write is followed
 * from the tablet through the balancer into every process that saw it. Each answer is timed by
 * its route pattern for the metrics.
 */
export function registerRequestTracing(app: App, metrics: Metrics): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    const key = request.headers['idempotency-key'];
    if (typeof key === 'string' && TOKEN.test(key)) {
      // The reply logs its completion with its own logger: both carry the key.
      request.log = request.log.child({ idempotency_key: key });
      reply.log = request.log;
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.http.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}

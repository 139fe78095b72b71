import type { FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/*
 * The process's metrics in Prometheus' text format (prom-client), one registry per app: the
 * process (CPU, memory, garbage collection, event-loop delay), requests by route, and what the
 * modules count or report (ledger entries posted, floor writes, jobs, live clients, the database
 * pool). Each API process reports its own; Prometheus sums them per job.
 */
export interface Metrics {
  registry: Registry;
  /** Requests answered, by method, route pattern and status, with their duration. */
  http: Histogram<'method' | 'route' | 'status'>;
  /** Journal entries written, by the kind of write (a charge, a card payment, an import, …). */
  ledgerEntries: Counter<'action'>;
  /** A value read when Prometheus scrapes (queue depth, clients connected, pool use). */
  gauge(name: string, help: string, labelNames: readonly string[], read: () => Promise<Reading[]> | Reading[]): void;
}

export interface Reading {
  labels?: Record<string, string>;
  value: number;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'paddock_', eventLoopMonitoringPrecision: 10 });
  return {
    registry,
    http: new Histogram({
      name: 'paddock_http_request_duration_seconds',
      help: 'Requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    ledgerEntries: new Counter({
      name: 'paddock_ledger_entries_total',
      help: 'Journal entries written, by action',
      labelNames: ['action'],
      registers: [registry],
    }),
    gauge(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames: [...labelNames],
        registers: [registry],
        async collect() {
          this.reset();
          for (const { labels, value } of await read()) {
            if (labels) this.set(labels, value);
            else this.set(value);
          }
        },
      });
    },
  };
}

/** Journal entries written by a request (its app's metrics; none for the demo seed's own requests). */
export function countLedgerEntries(request: FastifyRequest, action: string, entries = 1): void {
  (request.server as { metrics?: Metrics } | undefined)?.metrics?.ledgerEntries.inc({ action }, entries);
}

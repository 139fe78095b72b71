/** Latencies per kind of request and errors by kind and status, as the run counts them. */

export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface KindSummary {
  kind: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export class Stats {
  private readonly latencies = new Map<string, number[]>();
  /** `kind status` → count; status 0 is a request that got no answer. */
  readonly errors = new Map<string, number>();
  /** Counted only while the measured window is open. */
  recording = false;
  /** How the office's invoice run ended. */
  invoiceRun: {
    status: string;
    total: number;
    done: number;
    failed: number;
    reasons: Record<string, number>;
  } | null = null;
  /** Batches whose answer the run threw away on purpose (each is sent again, as a tablet would). */
  lostAnswers = 0;
  /** Bytes per kind: on the wire and decompressed. */
  readonly volume = new Map<string, { wire: number; body: number }>();

  bytes(kind: string, wire: number, body: number): void {
    if (!this.recording) return;
    const v = this.volume.get(kind) ?? { wire: 0, body: 0 };
    v.wire += wire;
    v.body += body;
    this.volume.set(kind, v);
  }

  /** Requests answered in the window. */
  requests = 0;

  /** A latency of `kind`; `request: false` for a time that is not one request's (queued to accepted). */
  time(kind: string, ms: number, request = true): void {
    if (!this.recording) return;
    if (request) this.requests += 1;
    let list = this.latencies.get(kind);
    if (!list) this.latencies.set(kind, (list = []));
    list.push(ms);
  }

  /** Errors count at any time: setup that fails is as wrong as a failure under load. */
  error(kind: string, status: number, detail?: string): void {
    const key = `${kind} ${status === 0 ? 'no answer' : status}${detail ? ` ${detail}` : ''}`;
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }

  get errorCount(): number {
    let n = 0;
    for (const count of this.errors.values()) n += count;
    return n;
  }

  summary(kind: string): KindSummary | null {
    return this.summaryOf(kind, [kind]);
  }

  /** The latencies of several kinds together, under `name`. */
  summaryOf(name: string, kinds: readonly string[]): KindSummary | null {
    const list = kinds.flatMap((kind) => this.latencies.get(kind) ?? []);
    if (!list.length) return null;
    const sorted = [...list].sort((a, b) => a - b);
    return {
      kind: name,
      count: sorted.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.at(-1)!,
    };
  }

  summaries(): KindSummary[] {
    return [...this.latencies.keys()].sort().flatMap((kind) => this.summary(kind) ?? []);
  }
}

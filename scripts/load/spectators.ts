import { Worker } from 'node:worker_threads';

/** The spectators' thread (spectators-thread.mjs) and what it says. */

export interface SpectatorsSetup {
  url: string;
  venue: number;
  count: number;
}

/** Messages to the thread. */
export type ToSpectators = { type: 'saved'; entry: number; at: number } | { type: 'finish' };

/** Messages from the thread. */
export type FromSpectators =
  | { type: 'ready'; connected: number; failed: number }
  | { type: 'done'; saves: number; latencies: number[]; missing: number; closed: number };

export class Spectators {
  private readonly worker: Worker;
  private readonly messages: FromSpectators[] = [];
  private waiters: (() => void)[] = [];

  constructor(setup: SpectatorsSetup) {
    this.worker = new Worker(new URL('./spectators-thread.mjs', import.meta.url), { workerData: setup });
    this.worker.on('message', (message: FromSpectators) => {
      this.messages.push(message);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.worker.on('error', (err) => {
      this.messages.push({ type: 'done', saves: 0, latencies: [], missing: -1, closed: -1 });
      console.error('spectators thread failed', err);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  private async next<T extends FromSpectators['type']>(type: T): Promise<Extract<FromSpectators, { type: T }>> {
    for (;;) {
      const found = this.messages.find((m) => m.type === type || m.type === 'done');
      if (found) return found as Extract<FromSpectators, { type: T }>;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  ready() {
    return this.next('ready');
  }

  saved(entry: number, at: number): void {
    this.worker.postMessage({ type: 'saved', entry, at } satisfies ToSpectators);
  }

  async finish() {
    this.worker.postMessage({ type: 'finish' } satisfies ToSpectators);
    const done = await this.next('done');
    await this.worker.terminate();
    return done;
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

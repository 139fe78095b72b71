import type { FastifyBaseLogger } from 'fastify';

/** Work done once after the server starts listening and before it is ready. */
export type WarmUpTask = () => Promise<unknown>;

/**
 * The process's state as readiness tells it (GET /api/ready). Liveness answers from the start;
 * readiness waits for the warm-up: work whose first run costs much more than the later ones
 * (the floor snapshot's statement, the translations' compression) is done before a balancer or
 * a bench sends the first tablet, so that tablet does not pay for it.
 */
export interface Lifecycle {
  /** main.ts sets it on SIGTERM: readiness then answers 503 until the process ends. */
  draining: boolean;
  /** From main.ts's start of the warm-up until it has run: readiness answers 503 `warming`. */
  warming: boolean;
  /** A module's warm-up (registered while the app is built). */
  onWarmUp(name: string, task: WarmUpTask): void;
  /**
   * Runs every registered warm-up (side by side), then clears `warming`. A warm-up that fails is
   * logged and does not keep the process from being ready: it only saves time.
   */
  warmUp(log: FastifyBaseLogger): Promise<void>;
}

export function createLifecycle(): Lifecycle {
  const tasks: { name: string; task: WarmUpTask }[] = [];
  const lifecycle: Lifecycle = {
    draining: false,
    warming: false,
    onWarmUp: (name, task) => {
      tasks.push({ name, task });
    },
    warmUp: async (log) => {
      lifecycle.warming = true;
      const started = performance.now();
      await Promise.all(
        tasks.map(async ({ name, task }) => {
          try {
            await task();
          } catch (err) {
            log.warn({ err, warmUp: name }, 'warm-up failed');
          }
        }),
      );
      lifecycle.warming = false;
      log.info({ ms: Math.round(performance.now() - started), tasks: tasks.map((t) => t.name) }, 'warmed up');
    },
  };
  return lifecycle;
}

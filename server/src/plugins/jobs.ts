import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import type { JobKind, JobMessage } from '@shared/schemas/jobs';
import { AppError } from '../app-error';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { jobRunItems, jobRuns } from '../db/schema';

/*
 * Background work (CONVENTIONS 14): a run is a list of idempotent steps whose state
 * lives in job_runs / job_run_items. pg-boss delivers a run to one worker among every API
 * process on the database; the worker claims the run (a heartbeat says it still holds it),
 * plans its steps once, and does each step in a database transaction that also marks it done.
 * A restart or a dead worker leaves the run's pending steps: whoever finds the run unheld
 * (no worker, or a heartbeat older than STALE_SECONDS) queues it again, and it resumes there.
 */

export type RunRow = typeof jobRuns.$inferSelect;

export interface StepContext {
  run: RunRow;
  key: string;
  /**
   * Runs `effect` in one database transaction that also marks this step done, with the id the
   * effect returns as the step's reference (null: the step had nothing to do, it is skipped).
   */
  complete(effect: (tx: Db) => Promise<number | null>): Promise<number | null>;
  message(code: string, params?: JobMessage['params']): void;
}

export interface JobHandler {
  kind: JobKind;
  /** Steps run at once (each its own transaction). */
  concurrency?: number;
  /** The run's steps, in order; called once per run, in the transaction that stores them. */
  plan(run: RunRow, tx: Db): Promise<{ keys: string[]; params?: Record<string, unknown> }>;
  step(step: StepContext): Promise<void>;
  /** After the last step (also after a resume): e.g. what a crash left half done. */
  finish?(run: RunRow, message: StepContext['message']): Promise<void>;
}

export interface StartRun {
  kind: JobKind;
  venueId: number | null;
  params?: Record<string, unknown>;
  userId: number | null;
}

/** A worker that has not said it holds its run for this long has lost it. */
const STALE_SECONDS = 20;
const HEARTBEAT_MS = 2_000;
/** How often every process looks for runs nobody holds. */
const SWEEP_MS = 10_000;
/** Progress messages kept per run (newest). */
const MAX_MESSAGES = 100;
const QUEUE = 'paddock-runs';

type Sql = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/** pg-boss on the same database as the app: PGlite's client, or a small pool of its own on PostgreSQL. */
async function createBoss(db: Db, databaseUrl: string | null, log: FastifyBaseLogger): Promise<PgBoss> {
  const { PgBoss, fromPglite } = await import('pg-boss');
  const common = { schedule: false, supervise: true, superviseIntervalSeconds: 5, monitorIntervalSeconds: 5 };
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  const boss = databaseUrl
    ? new PgBoss({ ...common, connectionString: databaseUrl, max: 3, application_name: 'paddock-jobs' })
    : new PgBoss({ ...common, db: fromPglite(client as PGlite) as Sql, backend: 'pglite' } as never);
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  await boss.createQueue(QUEUE, { retryLimit: 1000, retryDelay: 1, expireInSeconds: 24 * 3600 });
  return boss;
}

export function createJobs(db: Db, databaseUrl: string | null, log: FastifyBaseLogger) {
  const handlers = new Map<JobKind, JobHandler>();
  const workerId = randomUUID();
  let boss: Promise<PgBoss> | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;
  let stopping = false;
  /** Runs this process is working on, and who waits for them. */
  const active = new Map<number, Promise<void>>();

  function started(): Promise<PgBoss> {
    boss ??= createBoss(db, databaseUrl, log).then(async (b) => {
      await b.work<{ runId: number }>(QUEUE, { pollingIntervalSeconds: 0.5, localConcurrency: 2 }, async (jobs) => {
        for (const job of jobs) await work(job.data.runId);
      });
      return b;
    });
    return boss;
  }

  async function enqueue(runId: number): Promise<void> {
    const b = await started();
    await b.send(QUEUE, { runId }, { singletonKey: `run-${runId}` });
  }

  /** Active runs nobody holds (a restart, a dead process); `settled`: queued a while ago. */
  async function orphans(settled: boolean): Promise<number[]> {
    const rows = await db
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .where(
        and(
          inArray(jobRuns.status, ['queued', 'running']),
          sql`(${jobRuns.worker} IS NULL OR ${jobRuns.heartbeatAt} < now() - make_interval(secs => ${STALE_SECONDS}))`,
          settled ? sql`${jobRuns.createdAt} < now() - interval '2 seconds'` : undefined,
        ),
      );
    return rows.map((r) => r.id).filter((id) => !active.has(id));
  }

  /** Runs that nobody holds are queued again. */
  async function sweep(): Promise<void> {
    if (stopping) return;
    for (const id of await orphans(true)) await enqueue(id);
  }

  function startSweeping(): void {
    if (sweepTimer || stopping) return;
    sweepTimer = setInterval(() => {
      sweep().catch((err: unknown) => log.error({ err }, 'job sweep failed'));
    }, SWEEP_MS);
    sweepTimer.unref();
  }

  async function claim(runId: number): Promise<RunRow | undefined> {
    const [run] = await db
      .update(jobRuns)
      .set({
        status: 'running',
        worker: workerId,
        heartbeatAt: sql`now()`,
        startedAt: sql`coalesce(${jobRuns.startedAt}, now())`,
      })
      .where(
        and(
          eq(jobRuns.id, runId),
          inArray(jobRuns.status, ['queued', 'running']),
          sql`(${jobRuns.worker} IS NULL OR ${jobRuns.worker} = ${workerId} OR ${jobRuns.heartbeatAt} < now() - make_interval(secs => ${STALE_SECONDS}))`,
        ),
      )
      .returning();
    return run;
  }

  async function appendMessages(runId: number, messages: JobMessage[]): Promise<void> {
    if (!messages.length) return;
    await db.execute(sql`UPDATE job_runs SET messages = (
        SELECT coalesce(jsonb_agg(m ORDER BY n), '[]'::jsonb) FROM (
          SELECT m, n FROM jsonb_array_elements(messages || ${JSON.stringify(messages)}::jsonb) WITH ORDINALITY AS e(m, n)
          ORDER BY n DESC LIMIT ${MAX_MESSAGES}) AS last)
      WHERE id = ${runId}`);
  }

  async function work(runId: number): Promise<void> {
    if (stopping || active.has(runId)) return;
    const running = execute(runId).finally(() => active.delete(runId));
    active.set(runId, running);
    await running;
  }

  async function execute(runId: number): Promise<void> {
    const run = await claim(runId);
    if (!run) return; // finished, or held by a live worker elsewhere
    const handler = handlers.get(run.kind as JobKind);
    if (!handler) throw new Error(`no handler for job kind ${run.kind}`);
    let pending: JobMessage[] = [];
    const message = (code: string, params: JobMessage['params'] = {}) => {
      pending.push({ at: new Date().toISOString(), code, params });
    };
    let cancel = false;
    const beat = async () => {
      const batch = pending;
      pending = [];
      await appendMessages(runId, batch);
      const [row] = await db
        .update(jobRuns)
        .set({ heartbeatAt: sql`now()` })
        .where(and(eq(jobRuns.id, runId), eq(jobRuns.worker, workerId)))
        .returning({ cancel: jobRuns.cancelRequested });
      // Someone else took the run over (this process stalled): stop at once.
      cancel = !row || row.cancel > 0;
      if (!row) throw new Error('run taken over');
    };
    const heart = setInterval(() => void beat().catch(() => (cancel = true)), HEARTBEAT_MS);
    try {
      let current = run;
      if (!(run.params as { planned?: boolean }).planned) {
        current = await db.transaction(async (tx) => {
          const { keys, params } = await handler.plan(run, tx);
          await tx.delete(jobRunItems).where(eq(jobRunItems.runId, runId));
          for (let i = 0; i < keys.length; i += 5000) {
            await tx
              .insert(jobRunItems)
              .values(keys.slice(i, i + 5000).map((key, j) => ({ runId, key, position: i + j })));
          }
          const [updated] = await tx
            .update(jobRuns)
            .set({ total: keys.length, params: { ...(run.params as object), ...params, planned: true } })
            .where(eq(jobRuns.id, runId))
            .returning();
          return updated!;
        });
        message('run_started', { total: current.total });
      } else {
        const [progress] = await progressOf([runId]);
        message('run_resumed', { done: progress?.done ?? 0, total: current.total });
      }
      const keys = (
        await db
          .select({ key: jobRunItems.key })
          .from(jobRunItems)
          .where(and(eq(jobRunItems.runId, runId), eq(jobRunItems.status, 'pending')))
          .orderBy(asc(jobRunItems.position))
      ).map((r) => r.key);
      let next = 0;
      const worker = async () => {
        while (!cancel && !stopping && next < keys.length) {
          const key = keys[next++]!;
          await runStep(handler, current, key, message);
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, handler.concurrency ?? 1) }, worker));
      if (stopping) {
        // Leave it for the next process (or this one after a restart): the sweep queues it again.
        await db
          .update(jobRuns)
          .set({ worker: null })
          .where(and(eq(jobRuns.id, runId), eq(jobRuns.worker, workerId)));
        return;
      }
      const [{ cancelRequested } = { cancelRequested: 0 }] = await db
        .select({ cancelRequested: jobRuns.cancelRequested })
        .from(jobRuns)
        .where(eq(jobRuns.id, runId));
      if (cancel || cancelRequested > 0) {
        const [progress] = await progressOf([runId]);
        message('run_cancelled', { done: progress?.done ?? 0 });
        await finishRun(runId, 'cancelled', pending);
        return;
      }
      await handler.finish?.(current, message);
      const [progress] = await progressOf([runId]);
      message('run_done', { done: progress?.done ?? 0, failed: progress?.failed ?? 0 });
      await finishRun(runId, 'done', pending);
    } catch (err) {
      if (stopping) return;
      log.error({ err, runId }, 'job run failed');
      message('run_failed', { error: err instanceof Error ? err.message.slice(0, 200) : 'error' });
      await finishRun(runId, 'failed', pending).catch(() => {});
    } finally {
      clearInterval(heart);
    }
  }

  async function finishRun(runId: number, status: 'done' | 'failed' | 'cancelled', messages: JobMessage[]) {
    await appendMessages(runId, messages.splice(0));
    const [progress] = await progressOf([runId]);
    await db
      .update(jobRuns)
      .set({ status, finishedAt: sql`now()`, worker: null, done: progress?.done ?? 0, failed: progress?.failed ?? 0 })
      .where(and(eq(jobRuns.id, runId), eq(jobRuns.worker, workerId)));
  }

  async function runStep(handler: JobHandler, run: RunRow, key: string, message: StepContext['message']) {
    const item = and(eq(jobRunItems.runId, run.id), eq(jobRunItems.key, key));
    try {
      await handler.step({
        run,
        key,
        message,
        complete: (effect) =>
          db.transaction(async (tx) => {
            // The step's row first: a second worker doing the same step waits here, then skips it.
            const [row] = await tx.select({ status: jobRunItems.status }).from(jobRunItems).where(item).for('update');
            if (row?.status !== 'pending') return null;
            const ref = await effect(tx);
            await tx
              .update(jobRunItems)
              .set({ status: ref === null ? 'skipped' : 'done', refId: ref, updatedAt: sql`now()` })
              .where(item);
            return ref;
          }),
      });
    } catch (err) {
      const error = err instanceof AppError ? err.code : err instanceof Error ? err.message.slice(0, 300) : 'error';
      log.warn({ err, runId: run.id, key }, 'job step failed');
      await db
        .update(jobRunItems)
        .set({ status: 'failed', error, updatedAt: sql`now()` })
        .where(item);
    }
  }

  /** done (done + skipped) and failed steps of runs, counted from their items. */
  async function progressOf(runIds: number[]) {
    if (!runIds.length) return [];
    return db
      .select({
        runId: jobRunItems.runId,
        done: sql<number>`count(*) FILTER (WHERE ${jobRunItems.status} IN ('done', 'skipped'))::int`,
        failed: sql<number>`count(*) FILTER (WHERE ${jobRunItems.status} = 'failed')::int`,
      })
      .from(jobRunItems)
      .where(inArray(jobRunItems.runId, runIds))
      .groupBy(jobRunItems.runId);
  }

  return {
    register(handler: JobHandler): void {
      handlers.set(handler.kind, handler);
    },

    /** A new run, queued; 409 job_running while one of its kind is queued or running at the venue. */
    async start(input: StartRun): Promise<RunRow> {
      let run: RunRow | undefined;
      try {
        [run] = await db
          .insert(jobRuns)
          .values({
            kind: input.kind,
            venueId: input.venueId,
            params: input.params ?? {},
            createdByUserId: input.userId,
          })
          .returning();
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new AppError('job_running', { status: 409 });
        }
        throw err;
      }
      if (!run) throw new Error('run not stored');
      startSweeping();
      await enqueue(run.id);
      return run;
    },

    /** The active run of a kind at a venue, if any. */
    async activeRun(kind: JobKind, venueId: number | null): Promise<RunRow | undefined> {
      const [run] = await db
        .select()
        .from(jobRuns)
        .where(
          and(
            eq(jobRuns.kind, kind),
            venueId === null ? sql`${jobRuns.venueId} IS NULL` : eq(jobRuns.venueId, venueId),
            inArray(jobRuns.status, ['queued', 'running']),
          ),
        );
      return run;
    },

    async find(id: number): Promise<RunRow | undefined> {
      const [run] = await db.select().from(jobRuns).where(eq(jobRuns.id, id));
      return run;
    },

    async list(venueId: number, kind?: JobKind, limit = 10): Promise<RunRow[]> {
      return db
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.venueId, venueId), kind ? eq(jobRuns.kind, kind) : undefined))
        .orderBy(desc(jobRuns.id))
        .limit(limit);
    },

    /** Live progress and failures of runs. */
    async details(runIds: number[]) {
      const progress = new Map((await progressOf(runIds)).map((p) => [p.runId, p]));
      const failures = runIds.length
        ? await db
            .select({ runId: jobRunItems.runId, key: jobRunItems.key, error: jobRunItems.error })
            .from(jobRunItems)
            .where(and(inArray(jobRunItems.runId, runIds), eq(jobRunItems.status, 'failed')))
            .orderBy(asc(jobRunItems.position))
            .limit(500)
        : [];
      return { progress, failures };
    },

    /** Asks a queued or running run to stop after its current steps. */
    async cancel(id: number): Promise<RunRow | undefined> {
      const [run] = await db
        .update(jobRuns)
        .set({ cancelRequested: 1 })
        .where(and(eq(jobRuns.id, id), inArray(jobRuns.status, ['queued', 'running'])))
        .returning();
      // A queued run nobody has picked up yet ends here.
      if (run && run.worker === null) {
        await db
          .update(jobRuns)
          .set({ status: 'cancelled', finishedAt: sql`now()` })
          .where(
            and(eq(jobRuns.id, id), sql`${jobRuns.worker} IS NULL`, inArray(jobRuns.status, ['queued', 'running'])),
          );
      }
      return run;
    },

    /** At start-up: resume what a previous process left (only starts the queue when there is some). */
    async resume(): Promise<void> {
      const [left] = await db
        .select({ id: jobRuns.id })
        .from(jobRuns)
        .where(inArray(jobRuns.status, ['queued', 'running']))
        .limit(1);
      if (!left) return;
      startSweeping();
      await started();
      for (const id of await orphans(false)) await enqueue(id);
    },

    /** Resolves when this process has no run in hand (tests, bench). */
    async idle(): Promise<void> {
      while (active.size) await Promise.all(active.values());
    },

    /** Stops taking runs; runs in hand stop after their current steps and are resumed later. */
    async close(): Promise<void> {
      stopping = true;
      if (sweepTimer) clearInterval(sweepTimer);
      await Promise.allSettled(active.values());
      // Whatever this process still holds is free for the next one at once.
      await db
        .update(jobRuns)
        .set({ worker: null })
        .where(and(eq(jobRuns.worker, workerId), inArray(jobRuns.status, ['queued', 'running'])))
        .catch(() => {});
      if (boss)
        await (await boss).stop({ graceful: true, timeout: 5_000, close: databaseUrl !== null }).catch(() => {});
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;

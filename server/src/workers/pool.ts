import { availableParallelism } from 'node:os';
import { Worker, type TransferListItem } from 'node:worker_threads';
import type { ErrorCode, FieldErrors } from '@shared/errors';
import { AppError, fieldError } from '../app-error';
import type { TaskInput, TaskName, TaskOutput } from './tasks';

/*
 * A small pool of worker threads for the parsing of uploaded files. Node runs every request on
 * one event loop: a results workbook, an FEI export or a registry export read there stops every
 * other request (health checks, the floor's pushes, the live scores) for as long as it takes.
 * Here the file is read on another thread, and the event loop only waits for the answer.
 *
 * Bounded on every side: at most min(2, cores) threads (the machines have few cores, and the
 * database shares them), a queue of at most QUEUE_MAX waiting files (more: 429 rate_limited, try
 * again), a heap limit per thread (a file that needs more is refused as too big, the server lives
 * on) and a time limit per file.
 */

const SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));
const QUEUE_MAX = 16;
const TASK_MS = 60_000;
// A registry export of 50 MB of JSON is a few hundred MB of objects while it is checked.
const HEAP_MB = 1024;

interface Job {
  task: TaskName;
  input: unknown;
  /** Buffers (and ports) handed to the thread instead of copied (the caller gives them up). */
  transfer: TransferListItem[];
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

/** An error as it crosses from the worker: an AppError's wire parts, or a plain message. */
export type WorkerFailure =
  | {
      app: {
        code: ErrorCode;
        status: number;
        fields?: FieldErrors | string[];
        params?: Record<string, string | number>;
      };
    }
  | { message: string };

export type WorkerAnswer = { ok: true; value: unknown } | { ok: false; failure: WorkerFailure };

// The server runs its TypeScript through tsx (`node --import tsx`), and the tests through
// vitest: a thread starts from a small JavaScript entry that registers tsx, then loads the task
// module (ts-entry.mjs).
const typescript = import.meta.url.endsWith('.ts');
const entry = new URL(typescript ? './ts-entry.mjs' : './parse-worker.js', import.meta.url);
const workerData = { entry: new URL('./parse-worker.ts', import.meta.url).href };

class Slot {
  private worker: Worker | null = null;
  job: Job | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly next: (slot: Slot) => void) {}

  run(job: Job): void {
    this.job = job;
    const worker = this.worker ?? this.start();
    worker.ref();
    this.timer = setTimeout(() => this.fail(fieldError('file', 'too_big')), TASK_MS);
    worker.postMessage({ task: job.task, input: job.input }, job.transfer);
  }

  private start(): Worker {
    const worker = new Worker(entry, {
      workerData,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
    });
    // A thread thrown away (below) may still say something: only the slot's current one counts.
    worker.on('message', (answer: WorkerAnswer) => {
      if (this.worker === worker) this.settle(answer);
    });
    // Out of memory or a crash: the file was too much for a thread; the thread is replaced.
    worker.on('error', (err: Error & { code?: string }) => {
      if (this.worker === worker)
        this.fail(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? fieldError('file', 'too_big') : err);
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.fail(new Error('a parsing thread stopped'));
    });
    this.worker = worker;
    return worker;
  }

  private settle(answer: WorkerAnswer): void {
    const job = this.finish();
    if (!job) return;
    if (answer.ok) job.resolve(answer.value);
    else job.reject(errorOf(answer.failure));
  }

  /** Rejects the running job and throws its thread away (it may be stuck or out of memory). */
  private fail(err: Error): void {
    const job = this.finish();
    if (!job) return;
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
    job.reject(err);
  }

  private finish(): Job | null {
    const job = this.job;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.job = null;
    // An idle thread does not keep the process alive.
    this.worker?.unref();
    if (job) queueMicrotask(() => this.next(this));
    return job;
  }
}

function errorOf(failure: WorkerFailure): Error {
  if ('app' in failure) {
    const { code, status, fields, params } = failure.app;
    return new AppError(code, { status, fields, params });
  }
  return new Error(failure.message);
}

const queue: Job[] = [];
let slots: Slot[] | null = null;

function dispatch(slot: Slot): void {
  const job = queue.shift();
  if (job) slot.run(job);
}

/**
 * Runs a parsing task on a worker thread; its AppErrors arrive as AppErrors. The bytes of a
 * large upload may be handed over rather than copied (`transfer`: a copy of 30 MB holds the
 * event loop too); the caller must not read them afterwards.
 */
export function runTask<T extends TaskName>(
  task: T,
  input: TaskInput<T>,
  transfer: TransferListItem[] = [],
): Promise<TaskOutput<T>> {
  slots ??= Array.from({ length: SIZE }, () => new Slot(dispatch));
  return new Promise((resolve, reject) => {
    const job: Job = { task, input, transfer, resolve: resolve as (value: unknown) => void, reject };
    const idle = slots!.find((s) => !s.job);
    if (idle) return idle.run(job);
    if (queue.length >= QUEUE_MAX) return reject(new AppError('rate_limited'));
    queue.push(job);
  });
}

/** ArrayBuffers that only their one view uses (an upload gathered by us): safe to hand over. */
const owned = new WeakSet<ArrayBufferLike>();

/** Marks `bytes`' ArrayBuffer as used by this view alone, so that ownBytes hands it over as it is. */
export function markOwned(bytes: Uint8Array): Uint8Array {
  owned.add(bytes.buffer);
  return bytes;
}

/**
 * The bytes of an upload as a buffer of their own, to hand to a thread: an upload of its own
 * ArrayBuffer (a large one, or one gathered into a buffer of its own: markOwned) goes as it is,
 * keeping its offset and length; a slice of a shared one (small uploads, Node's buffer pool) is
 * copied first.
 */
export function ownBytes(bytes: Uint8Array): { bytes: Uint8Array; transfer: ArrayBuffer[] } {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const mine = (whole || owned.has(bytes.buffer)) && bytes.buffer instanceof ArrayBuffer;
  const own = mine ? bytes : new Uint8Array(bytes);
  return { bytes: own, transfer: [own.buffer as ArrayBuffer] };
}

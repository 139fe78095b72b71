import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { renderInvoiceFiles } from './einvoice';
import type { InvoiceDocument } from './model';
import type { RenderReply, RenderRequest } from './render-worker';

/**
 * Invoice files rendered on worker threads, one per core: a run of 2,000 invoices keeps every
 * core busy while the main thread goes on serving requests. The pool starts on first use and
 * ends with closeRenderPool (on shutdown).
 *
 * The worker is TypeScript like the rest of the server: it starts with tsx's loader (as the
 * server does with `node --import tsx`; see BOOTSTRAP), or as plain JavaScript once compiled.
 * Should a worker fail to start, the invoices are rendered on the main thread instead.
 */

export interface InvoiceFiles {
  pdf: Buffer;
  xrechnung: string;
}

interface Job {
  id: number;
  doc: InvoiceDocument;
  resolve: (files: InvoiceFiles) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** It has loaded (said so): a later crash is not a start-up failure. */
  started: boolean;
}

const SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(SOURCE ? './render-worker.ts' : './render-worker.js', import.meta.url);
/**
 * Node 20 ignores `--import` in a worker's execArgv, so a TypeScript worker starts from a line of
 * JavaScript that registers tsx's loader (tsx/esm/api, found from here) and then imports it.
 */
const tsxApi = () => (typeof import.meta.resolve === 'function' ? import.meta.resolve('tsx/esm/api') : 'tsx/esm/api');
const BOOTSTRAP = `const { workerData } = require('node:worker_threads');
import(workerData.tsx).then((tsx) => tsx.register()).then(() => import(workerData.url));`;

let slots: Slot[] | null = null;
const queue: Job[] = [];
let nextId = 1;
/** Workers could not start here: render on the main thread. */
let inline = false;

function startWorker(): Slot {
  const worker = SOURCE
    ? new Worker(BOOTSTRAP, { eval: true, workerData: { tsx: tsxApi(), url: WORKER_URL.href } })
    : new Worker(WORKER_URL);
  const slot: Slot = { worker, job: null, started: false };
  worker.unref();
  worker.on('message', (reply: RenderReply) => {
    if ('ready' in reply) {
      slot.started = true;
      return;
    }
    const job = slot.job;
    slot.job = null;
    worker.unref();
    if (job && job.id === reply.id) {
      if ('error' in reply) job.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name }));
      else job.resolve({ pdf: Buffer.from(reply.pdf), xrechnung: reply.xrechnung });
    }
    dispatch();
  });
  worker.on('error', (err) => lose(slot, err));
  worker.on('exit', (code) => lose(slot, new Error(`invoice render worker stopped (${code})`)));
  return slot;
}

/** A worker died: its invoice fails (or goes back to the queue if the worker never started). */
function lose(slot: Slot, err: Error): void {
  if (!slots?.includes(slot)) return;
  slots = slots.filter((other) => other !== slot);
  const job = slot.job;
  slot.job = null;
  if (!slot.started) {
    if (job) queue.unshift(job);
    if (slots.length === 0) {
      console.warn(`invoice render workers unavailable, rendering on the main thread: ${err.message}`);
      inline = true;
      slots = null;
    }
  } else {
    job?.reject(err);
    slots.push(startWorker());
  }
  dispatch();
}

function dispatch(): void {
  if (inline) {
    for (const job of queue.splice(0)) renderInvoiceFiles(job.doc).then(job.resolve, job.reject);
    return;
  }
  if (!slots) return;
  for (const slot of slots) {
    if (slot.job) continue;
    const job = queue.shift();
    if (!job) return;
    slot.job = job;
    slot.worker.ref();
    slot.worker.postMessage({ id: job.id, doc: job.doc } satisfies RenderRequest);
  }
}

/** renderInvoiceFiles on a worker thread: the Factur-X PDF and the XRechnung XML. */
export function renderInBackground(doc: InvoiceDocument): Promise<InvoiceFiles> {
  if (!slots && !inline) slots = Array.from({ length: Math.max(1, availableParallelism()) }, startWorker);
  return new Promise<InvoiceFiles>((resolve, reject) => {
    queue.push({ id: nextId++, doc, resolve, reject });
    dispatch();
  });
}

/** Stops the workers; invoices not rendered yet fail. The next renderInBackground starts anew. */
export async function closeRenderPool(): Promise<void> {
  const closing = slots ?? [];
  slots = null;
  inline = false;
  for (const job of queue.splice(0)) job.reject(new Error('invoice render pool closed'));
  for (const slot of closing) slot.job?.reject(new Error('invoice render pool closed'));
  await Promise.all(closing.map((slot) => slot.worker.terminate()));
}

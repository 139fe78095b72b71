import { Worker } from 'node:worker_threads';

/*
 * Clients that load a server from their own threads, so that what they measure is the server's
 * event loop and not the test's: the uploads are sent from one thread, the health checks from
 * another, while the server (in the test process, or spawned) answers on its own loop.
 */

export interface Upload {
  /** A path under the server's url. */
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface UploadAnswer {
  status: number;
  body: string;
}

const UPLOADER = `
const { parentPort, workerData } = require('node:worker_threads');
parentPort.once('message', () => {
  (async () => {
    const answers = [];
    for (const u of workerData.uploads) {
      const res = await fetch(workerData.url + u.path, { method: 'POST', headers: u.headers, body: u.body });
      answers.push({ status: res.status, body: await res.text() });
    }
    parentPort.postMessage(answers);
  })().catch((err) => parentPort.postMessage({ error: String(err && err.stack || err) }));
});
parentPort.postMessage('ready');
`;

/**
 * A thread holding the uploads, ready to send them: its bodies are copied and handed over (not
 * cloned while it starts) here, before anything is timed, so that setting up the client never
 * counts as the server's time (the server may listen in this very process).
 */
export async function prepareUploads(url: string, uploads: Upload[]): Promise<{ send(): Promise<UploadAnswer[]> }> {
  const bodies = uploads.map((u) => new Uint8Array(u.body));
  const worker = new Worker(UPLOADER, {
    eval: true,
    workerData: { url, uploads: uploads.map((u, i) => ({ ...u, body: bodies[i] })) },
    transferList: bodies.map((b) => b.buffer as ArrayBuffer),
  });
  let ready!: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  const answers = new Promise<UploadAnswer[]>((resolve, reject) => {
    worker.on('message', (answer: 'ready' | UploadAnswer[] | { error: string }) => {
      if (answer === 'ready') return ready();
      void worker.terminate();
      if ('error' in answer) reject(new Error(answer.error));
      else resolve(answer);
    });
    worker.once('error', reject);
  });
  await Promise.race([started, answers]);
  return {
    send() {
      worker.postMessage('send');
      return answers;
    },
  };
}

/** Sends the uploads one after another from a thread of their own; the answers in order. */
export async function uploadAll(url: string, uploads: Upload[]): Promise<UploadAnswer[]> {
  return (await prepareUploads(url, uploads)).send();
}

/*
 * A health check every `everyMs` by the clock, each timed from when it was due (not from when
 * it was sent): a server that stops for a second delays every check due in that second, as it
 * would delay every other client's requests (no "coordinated omission").
 */
const PINGER = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = [];
const failures = [];
let pending = 0;
let stopping = false;
let start = 0;
let n = 0;
function tick() {
  if (stopping) return;
  const due = start + n * workerData.everyMs;
  n += 1;
  pending += 1;
  fetch(workerData.url + '/api/health')
    .then(async (res) => {
      await res.arrayBuffer();
      if (res.status !== 200) failures.push(res.status);
    })
    .catch((err) => failures.push(String((err && err.cause) || err)))
    .finally(() => {
      latencies.push(performance.now() - due);
      pending -= 1;
      if (stopping && pending === 0) done();
    });
  setTimeout(tick, Math.max(0, start + n * workerData.everyMs - performance.now()));
}
function done() {
  parentPort.postMessage({ latencies, failures });
}
parentPort.on('message', () => {
  stopping = true;
  if (pending === 0) done();
});
// One check before the clock starts: loading the thread's HTTP client is not the server's time.
fetch(workerData.url + '/api/health')
  .then((res) => res.arrayBuffer())
  .then(() => {
    parentPort.postMessage('ready');
    start = performance.now();
    tick();
  }, (err) => parentPort.postMessage({ error: String(err) }));
`;

export interface Pings {
  latencies: number[];
  failures: (number | string)[];
}

/** Starts checking `/api/health` (answers once the first check came back); `stop()` answers every check's latency in ms. */
export async function startPinger(url: string, everyMs = 10): Promise<{ stop(): Promise<Pings> }> {
  const worker = new Worker(PINGER, { eval: true, workerData: { url, everyMs } });
  let ready!: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  const result = new Promise<Pings>((resolve, reject) => {
    worker.on('message', (message: 'ready' | Pings | { error: string }) => {
      if (message === 'ready') return ready();
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
  });
  await Promise.race([started, result]);
  return {
    stop() {
      worker.postMessage('stop');
      return result;
    },
  };
}

/** The p-th percentile (0–100) by nearest rank. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

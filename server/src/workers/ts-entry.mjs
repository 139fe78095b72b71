// A worker thread's entry when the server runs its TypeScript through tsx: Node 20 does not
// carry the main thread's `--import tsx` loader into a worker reliably, so the thread registers
// tsx itself before it loads the TypeScript module named in its workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);

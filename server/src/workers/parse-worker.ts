import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { AppError } from '../app-error';
import type { WorkerAnswer } from './pool';
import { TASKS, type TaskName } from './tasks';

/* The entry of a parsing thread (pool.ts): one task at a time, its answer or its error's code. */

/*
 * Reading a file is background work; answering requests is not. On a machine whose cores are
 * all busy, the kernel shares them by priority: this thread gives way (the lowest priority, 19)
 * so that the event loop, which every client waits on, is not queued behind a 30 MB parse. On
 * Linux a thread has a priority of its own (its id is in /proc/thread-self); elsewhere the
 * thread keeps the process's.
 */
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 19);
} catch {
  // not Linux, or not allowed: the same priority as the server
}

parentPort!.on('message', async ({ task, input }: { task: TaskName; input: never }) => {
  let answer: WorkerAnswer;
  try {
    answer = { ok: true, value: await TASKS[task](input) };
  } catch (err) {
    answer =
      err instanceof AppError
        ? {
            ok: false,
            failure: { app: { code: err.code, status: err.status, fields: err.fields, params: err.params } },
          }
        : { ok: false, failure: { message: err instanceof Error ? err.message : String(err) } };
  }
  parentPort!.postMessage(answer);
});

import { parentPort } from 'node:worker_threads';
import { AppError } from '../app-error';
import type { WorkerAnswer } from './pool';
import { TASKS, type TaskName } from './tasks';

/* The entry of a parsing thread (pool.ts): one task at a time, its answer or its error's code. */

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

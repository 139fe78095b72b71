/**
 * Runs `task` again and again while calls keep arriving; callers share the running promise, and
 * each call resolves after a run that started after it (a pull asked for during a pull is not
 * lost, and a burst of calls costs one extra run, not one each).
 */
export function coalesce(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    again = true;
    running ??= (async () => {
      try {
        while (again) {
          again = false;
          await task();
        }
      } finally {
        running = null;
      }
    })();
    return running;
  };
}

/** Spec §9: the card element is polled every 100 ms until it is ready. */
export const ELEMENT_POLL_MS = 100;
/** How long the card form may take to load before the page says so. */
export const ELEMENT_TIMEOUT_MS = 20_000;

export class ElementTimeoutError extends Error {
  constructor() {
    super('The card form did not load in time.');
    this.name = 'ElementTimeoutError';
  }
}

/**
 * Resolves once `check()` is true, asking every `every` ms (the first time at once); rejects
 * with ElementTimeoutError after `timeout` ms, and never settles once `signal` aborts.
 */
export function waitUntil(
  check: () => boolean,
  {
    every = ELEMENT_POLL_MS,
    timeout = ELEMENT_TIMEOUT_MS,
    signal,
  }: { every?: number; timeout?: number; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => clearTimeout(timer);
    signal?.addEventListener('abort', stop, { once: true });
    const tick = () => {
      if (signal?.aborted) return;
      if (check()) {
        signal?.removeEventListener('abort', stop);
        resolve();
      } else if (Date.now() - started >= timeout) {
        signal?.removeEventListener('abort', stop);
        reject(new ElementTimeoutError());
      } else {
        timer = setTimeout(tick, every);
      }
    };
    tick();
  });
}

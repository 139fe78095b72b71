import { useRef } from 'react';
import { ApiError } from './api-error';

/**
 * One Idempotency-Key per submission attempt. Sending the same body again after the answer was
 * lost (network failure, gateway error) reuses the key, so the server replays instead of posting
 * twice; a success, a definite refusal (4xx) or a changed body starts a new submission.
 */
export function useIdempotencyKey() {
  const pending = useRef<{ key: string; body: string } | null>(null);

  function keyFor(body: unknown): string {
    const text = JSON.stringify(body);
    if (pending.current?.body !== text) pending.current = { key: crypto.randomUUID(), body: text };
    return pending.current.key;
  }

  /** After an attempt: keep the key only when the server may have posted without us knowing. */
  function settle(error: unknown = null): void {
    const unknownOutcome = error instanceof ApiError && (error.status === 0 || error.status >= 500);
    if (!unknownOutcome) pending.current = null;
  }

  return { keyFor, settle };
}

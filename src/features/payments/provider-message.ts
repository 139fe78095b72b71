import { ApiError } from '@/lib/api-error';

/**
 * The card provider's own words when the server reports a refusal from it (`card_declined`:
 * "Your card was declined."), else null.
 */
export function providerMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'card_declined') return null;
  const message = (error.body as { params?: { message?: unknown } } | null)?.params?.message;
  return typeof message === 'string' && message ? message : error.message;
}

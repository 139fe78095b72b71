import { api } from '@/lib/api-client';

/**
 * POST /api/v1/<resource>/ with an array (spec §7 "POST with an array for bulk create"): all
 * rows or none; a bad row answers 400 with its errors under its index. The Idempotency-Key makes
 * a retry of the same paste answer the same rows (the attendee endpoint requires it).
 */
export function createRows<T = unknown>(path: string, rows: unknown[], key: string): Promise<T[]> {
  return api.post<T[]>(path, rows, { headers: { 'Idempotency-Key': key } });
}

import { issuesToFieldErrors } from '@shared/errors';
import { AppError } from '../app-error';
import type { App } from '../types';

interface Issue {
  path: PropertyKey[];
  message: string;
}

const MAX_DEPTH = 32;

/**
 * PostgreSQL text cannot hold U+0000: a NUL in any path parameter, query value or body string
 * reached the database as a 500 (a profile's name, a search, even the public sign-in). Every
 * such value is refused here as a 400 field error `invalid`, after authorization and before the
 * route's own validation.
 */
export function registerTextInputGuard(app: App): void {
  app.addHook('preValidation', async (request) => {
    const issues: Issue[] = [];
    for (const part of [request.params, request.query, request.body]) collect(part, [], issues, 0);
    if (issues.length) throw new AppError('validation', { fields: issuesToFieldErrors(issues) });
  });
}

function collect(value: unknown, path: PropertyKey[], issues: Issue[], depth: number): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) issues.push({ path, message: 'invalid' });
    return;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => collect(item, [...path, i], issues, depth + 1));
    return;
  }
  // Uploads: streams and buffers are not text.
  if (Buffer.isBuffer(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return;
  for (const [key, item] of Object.entries(value)) collect(item, [...path, key], issues, depth + 1);
}

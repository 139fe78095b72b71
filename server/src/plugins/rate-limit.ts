import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../app-error';
import type { Config } from '../config';
import type { App } from '../types';

/** Rate limits are per route (global: false); answers are 429 `rate_limited`. */
export async function registerRateLimit(app: App): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', { params: { retry_after: Math.ceil(context.ttl / 1000) } }),
  });
}

function submitted(request: FastifyRequest, field: string): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 254) : '';
}

/**
 * A limit keyed by client address plus, where the form has one, the submitted username or
 * e-mail. It counts on preValidation: the body is parsed, and malformed attempts count too.
 */
export function limitBy(
  config: Pick<Config, 'rateLimit'>,
  kind: 'auth' | 'report',
  field?: 'username' | 'email',
): RateLimitOptions {
  return {
    max: kind === 'auth' ? config.rateLimit.authMax : config.rateLimit.reportMax,
    timeWindow: config.rateLimit.windowMs,
    hook: 'preValidation',
    keyGenerator: (request) => (field ? `${request.ip}|${submitted(request, field)}` : request.ip),
  };
}

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERROR_MESSAGES,
  FIELD_ERROR_CODES,
  issuesToFieldErrors,
  type ApiErrorBody,
  type ErrorCode,
} from '@shared/errors';
import { AppError } from '../app-error';
import type { App } from '../types';

/** Answers a request no route matched; returns false to fall through to the JSON 404. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

const STATUS_CODES: Record<number, ErrorCode> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  429: 'rate_limited',
  503: 'maintenance',
};

const isFieldCode = (message: string | undefined): message is string =>
  !!message && (FIELD_ERROR_CODES as readonly string[]).includes(message);

function body(
  code: ErrorCode,
  extra: Omit<ApiErrorBody, 'error' | 'message'> = {},
  message = ERROR_MESSAGES[code],
): ApiErrorBody {
  return { error: code, message, ...extra };
}

function validationBody(err: FastifyError, request: FastifyRequest): ApiErrorBody {
  const issues = (err.validation ?? []).map((v) => ({
    path: v.instancePath.split('/').filter(Boolean),
    message: isFieldCode(v.message) ? v.message : 'invalid',
  }));
  return body(request.routeOptions.config.validationError ?? 'validation', { fields: issuesToFieldErrors(issues) });
}

/** The one place that shapes error answers (contract "Wire conventions"). */
export function registerErrorHandling(app: App, fallback?: NotFoundFallback): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) return reply.status(400).send(validationBody(err, request));
    if (err instanceof AppError) {
      return reply.status(err.status).send(body(err.code, { fields: err.fields, params: err.params }));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = STATUS_CODES[status];
      // Fastify's own 4xx (bad JSON, wrong content type, body too large) carry safe messages.
      return reply
        .status(status)
        .send(code ? body(code) : body('validation', { fields: { __all__: ['invalid'] } }, err.message));
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send(body('internal'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (fallback?.(request, reply)) return reply;
    return reply.status(404).send(body('not_found'));
  });
}

import type { FastifyRequest } from 'fastify';
import { AppError } from '../app-error';
import type { RequestUser } from '../types';

/** The signed-in user of a route whose policy already required one. */
export function sessionOf(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The bearer token of an Authorization header, if any. */
export function bearerToken(header: unknown): string | undefined {
  return typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
}

import type { FastifyRequest } from 'fastify';
import { AppError } from '../app-error';
import type { RequestUser } from '../types';

/** The signed-in user of a route whose policy already required one. */
export function sessionOf(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}

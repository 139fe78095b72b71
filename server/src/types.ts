import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@shared/errors';
import type { Policy } from '@shared/permissions';
import type { Role } from '@shared/roles';

/** The Fastify instance with zod types on every route. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Every API route names its policy; `'public'` says on purpose that no sign-in is needed. */
export type RoutePolicy = Policy | 'public';

export interface RequestUser {
  id: number;
  roles: Role[];
  assignedVenueId: number | null;
  /** The admin acting as this user, when impersonating. */
  impersonatorId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null;
  }
  interface FastifyContextConfig {
    policy?: RoutePolicy;
    /** The error code for a failed input validation on this route (default 'validation'). */
    validationError?: ErrorCode;
  }
}

import { AppError } from '../app-error';
import { bearerToken } from '../http/session';
import { createSessionResolver, type SessionDeps } from '../modules/auth/session-resolver';
import type { App, RequestUser } from '../types';

/**
 * Authentication: a valid bearer token of a live session (modules/auth/session-resolver.ts)
 * sets `request.user`. A session of a revoked floor device is refused with 403
 * `device_revoked` on every route, so the tablet learns why; anything else leaves the user
 * null, and the authorization hook then answers 401 where a route needs one.
 */
export function registerAuthentication(app: App, deps: SessionDeps): void {
  const resolve = createSessionResolver(deps);
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return;
    const session = await resolve(token);
    if (session.ok) request.user = session.user;
    else if (session.reason === 'device_revoked') throw new AppError('device_revoked');
  });
}

/** The user of a bearer header (`Bearer …`), or null; for channels without request headers (websockets). */
export function createBearerResolver(deps: SessionDeps) {
  const resolve = createSessionResolver(deps);
  return async (header: unknown): Promise<RequestUser | null> => {
    const token = bearerToken(header);
    if (!token) return null;
    const session = await resolve(token);
    return session.ok ? session.user : null;
  };
}

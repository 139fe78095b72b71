import { isRole } from '@shared/roles';
import type { Db } from '../db/client';
import type { TokenService } from '../security/jwt';
import { rememberedUser } from '../security/session-cache';
import { createUserRepo } from '../modules/user/user.repo';
import type { App, RequestUser } from '../types';

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Authentication: a valid bearer token of an active user sets `request.user`. Anything else
 * leaves it null; the authorization hook then answers 401 where a route needs a user.
 */
export function registerAuthentication(app: App, deps: { db: Db; tokens: TokenService }): void {
  const resolve = createSessionResolver(deps);
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (token) request.user = await resolve(token);
  });
}

/** The user of a bearer header (`Bearer …`), or null; for channels without request headers (websockets). */
export function createBearerResolver(deps: { db: Db; tokens: TokenService }) {
  const resolve = createSessionResolver(deps);
  return async (header: unknown): Promise<RequestUser | null> => {
    const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
    return token ? resolve(token) : null;
  };
}

/** The active user a session token stands for (an impersonating admin must still be one), or null. */
function createSessionResolver(deps: { db: Db; tokens: TokenService }) {
  const users = createUserRepo(deps.db);
  const sessionUser = (id: number) => rememberedUser(deps.db, id, () => users.findSessionUser(id));

  return async function resolve(token: string): Promise<RequestUser | null> {
    const result = await deps.tokens.verify(token);
    if (!result.ok) return null;
    const { userId, impersonatorId } = result.claims;
    const user = await sessionUser(userId);
    if (!user?.isActive) return null;
    if (impersonatorId !== null) {
      const admin = await sessionUser(impersonatorId);
      if (!admin?.isActive || !admin.roles.includes('admin')) return null;
    }
    return { id: user.id, roles: user.roles.filter(isRole), assignedVenueId: user.assignedVenueId, impersonatorId };
  };
}

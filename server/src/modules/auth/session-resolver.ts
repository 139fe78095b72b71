import { isRole } from '@shared/roles';
import type { Db } from '../../db/client';
import type { SessionClaims, TokenService } from '../../security/jwt';
import { rememberedUser } from '../../security/session-cache';
import type { RequestUser } from '../../types';
import type { RevokedKeys } from '../devices/device-guard';
import type { EndedSessions } from './ended-sessions';
import { createUserRepo } from '../user/user.repo';

/** What a session token stands for: its user, or why it is refused. */
export type SessionResolution =
  | { ok: true; user: RequestUser; claims: SessionClaims }
  | { ok: false; reason: 'invalid' | 'expired' | 'device_revoked' };

export interface SessionDeps {
  db: Db;
  tokens: TokenService;
  revokedDevices: RevokedKeys;
  endedSessions: EndedSessions;
}

/**
 * The per-request session check, shared by the bearer header, the websocket handshake and the
 * token refresh. A token is good while its signature holds, its user is active, its generation
 * is the user's current one (logout, a new password or deactivation moved it on), an
 * impersonating admin is still an active admin in the generation the impersonation began in,
 * its sign-in was not ended by logout, and the floor device it was issued on (if any) is not
 * revoked.
 *
 * It costs no query in a burst: the user row and the ended sessions are remembered
 * (security/session-cache.ts, ended-sessions.ts), the revoked devices for REVOKED_TTL_MS
 * (device-guard.ts). A change made through this process forgets them at once; another server
 * process forgets a user or the ended sessions when the database's notice of the change arrives
 * (on PostgreSQL, while it listens), else within SESSION_CACHE_MS (2 s), and sees a revocation
 * within REVOKED_TTL_MS (5 s).
 */
export function createSessionResolver(deps: SessionDeps) {
  const users = createUserRepo(deps.db);
  const sessionUser = (id: number) => rememberedUser(deps.db, id, () => users.findSessionUser(id));

  /** Is this (signature-checked) session still alive? */
  async function check(claims: SessionClaims): Promise<SessionResolution> {
    const { userId, impersonatorId, impersonator, deviceKey, gen, sid } = claims;
    const user = await sessionUser(userId);
    if (!user?.isActive || user.sessionGeneration !== gen) return { ok: false, reason: 'invalid' };
    if (sid !== null && (await deps.endedSessions.has(sid))) return { ok: false, reason: 'invalid' };
    if (impersonatorId !== null) {
      const admin = await sessionUser(impersonatorId);
      if (!admin?.isActive || !admin.roles.includes('admin')) return { ok: false, reason: 'invalid' };
      if (admin.sessionGeneration !== impersonator?.gen) return { ok: false, reason: 'invalid' };
    }
    if (deviceKey !== null && (await deps.revokedDevices.has(deviceKey))) {
      return { ok: false, reason: 'device_revoked' };
    }
    const requestUser: RequestUser = {
      id: user.id,
      roles: user.roles.filter(isRole),
      assignedVenueId: user.assignedVenueId,
      impersonatorId,
    };
    return { ok: true, user: requestUser, claims };
  }

  return async function resolve(token: string): Promise<SessionResolution> {
    const result = await deps.tokens.verify(token);
    if (!result.ok) return result;
    return check(result.claims);
  };
}

export type SessionResolver = ReturnType<typeof createSessionResolver>;

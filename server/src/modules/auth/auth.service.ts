import type { FastifyRequest } from 'fastify';
import type { Language } from '@shared/constants';
import type { CurrentUser } from '@shared/schemas/auth';
import { floorDeviceAllowed, type LoginResponse } from '@shared/schemas/device-session';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { bearerToken, sessionOf } from '../../http/session';
import { newSessionId } from '../../security/jwt';
import { hashPassword, needsRehash, verifyPassword } from '../../security/passwords';
import { createProfileRepo } from '../user/profile.repo';
import { createUserRepo } from '../user/user.repo';
import { loadCurrentUser } from './current-user';
import { createSessionResolver } from './session-resolver';

/** Sign-in with a password, token refresh, the current user and impersonation. */
export function createAuthService(ctx: AppContext) {
  const users = createUserRepo(ctx.db);
  const profiles = createProfileRepo(ctx.db);
  const resolveSession = createSessionResolver(ctx);

  /** The claims of the request's own (already resolved) session token. */
  async function claimsOf(request: FastifyRequest) {
    sessionOf(request);
    const result = await ctx.tokens.verify(bearerToken(request.headers.authorization) ?? '');
    if (!result.ok) throw new AppError('unauthorized');
    return result.claims;
  }

  async function currentUser(request: FastifyRequest): Promise<CurrentUser> {
    const session = sessionOf(request);
    const user = await users.findById(session.id);
    if (!user) throw new AppError('unauthorized');
    return loadCurrentUser({ users, profiles }, user, session.impersonatorId);
  }

  return {
    /** Wrong password and unknown user answer alike, after the same hashing work. */
    async login(
      request: FastifyRequest,
      { username, password, device_id: deviceKey }: { username: string; password: string; device_id?: string },
    ): Promise<LoginResponse> {
      const user = await users.findByLogin(username);
      const ok = await verifyPassword(password, user?.passwordHash ?? null, ctx.config.scryptN);
      if (!user || !ok) {
        await ctx.audit.record(request, {
          action: 'auth.login_failed',
          actorUserId: null,
          targetUserId: user?.id,
          details: { username },
        });
        throw new AppError('invalid_credentials');
      }
      if (!user.isActive) throw new AppError('account_inactive');
      if (!user.emailConfirmed) throw new AppError('email_not_confirmed');
      // Floor staff sign in on a device; its sessions and credential name it, and die with it.
      const floorDevice = floorDeviceAllowed(user.roles, user.assignedVenueId) && deviceKey ? deviceKey : null;
      if (floorDevice !== null && (await ctx.revokedDevices.has(floorDevice))) throw new AppError('device_revoked');
      // Raising SCRYPT_N upgrades each stored hash at its owner's next sign-in.
      const passwordHash = needsRehash(user.passwordHash!, ctx.config.scryptN)
        ? await hashPassword(password, ctx.config.scryptN)
        : undefined;
      await ctx.db.transaction(async (tx) => {
        await users.update(user.id, { lastLogin: new Date(), ...(passwordHash && { passwordHash }) }, tx);
        await ctx.audit.record(
          request,
          { action: 'auth.login', actorUserId: user.id, details: { method: 'password' } },
          tx,
        );
      });
      const gen = user.sessionGeneration;
      const sid = newSessionId();
      const token = await ctx.tokens.issue(user.id, gen, sid, floorDevice);
      // Floor staff also get a device credential: their tablet keeps working across a relaunch.
      if (floorDevice === null) return { token };
      const device = await ctx.tokens.issueDevice({
        userId: user.id,
        venue: user.assignedVenueId!,
        gen,
        deviceKey: floorDevice,
        sid,
      });
      return { token, device_token: device.token, device_expires_at: device.expiresAt.toISOString() };
    },

    /**
     * A floor device's credential for a session token, while the user is active, has not ended
     * their sessions since (logout, a new password), still holds a floor role and still works
     * at the venue the credential was issued for, and while the device the credential names
     * is not revoked (whatever device a request body claims to be).
     */
    async exchangeDevice(deviceToken: string): Promise<string> {
      const result = await ctx.tokens.verifyDevice(deviceToken);
      if (!result.ok) throw new AppError(result.reason === 'expired' ? 'token_expired' : 'invalid_token');
      if (await ctx.revokedDevices.has(result.claims.deviceKey)) throw new AppError('device_revoked');
      if (await ctx.endedSessions.has(result.claims.sid)) throw new AppError('invalid_token');
      const user = await users.findById(result.claims.userId);
      if (!user?.isActive || user.sessionGeneration !== result.claims.gen) throw new AppError('invalid_token');
      if (!floorDeviceAllowed(user.roles, user.assignedVenueId) || user.assignedVenueId !== result.claims.venue) {
        throw new AppError('invalid_token');
      }
      return ctx.tokens.issueFromDevice(result.claims);
    },

    /** A new token for a live session (session-resolver.ts), until orig_iat + JWT_REFRESH_MAX_SECONDS. */
    async refresh(token: string): Promise<string> {
      const result = await resolveSession(token);
      if (!result.ok) {
        if (result.reason === 'device_revoked') throw new AppError('device_revoked');
        throw new AppError(result.reason === 'expired' ? 'token_expired' : 'invalid_token');
      }
      if (!ctx.tokens.canRefresh(result.claims)) throw new AppError('token_expired');
      return ctx.tokens.refresh(result.claims);
    },

    currentUser,

    async updateCurrentUser(request: FastifyRequest, patch: { language?: Language }): Promise<CurrentUser> {
      const session = sessionOf(request);
      if (patch.language) await users.update(session.id, { language: patch.language });
      return currentUser(request);
    },

    async impersonate(request: FastifyRequest, targetId: number): Promise<string> {
      const admin = sessionOf(request);
      const adminSession = await claimsOf(request);
      if (!ctx.config.impersonationEnabled) throw new AppError('forbidden');
      if (admin.impersonatorId !== null) throw new AppError('forbidden');
      if (targetId === admin.id) throw fieldError('user_id', 'not_allowed');
      const target = await users.findById(targetId);
      if (!target) throw new AppError('not_found');
      if (!target.isActive) throw new AppError('account_inactive');
      await ctx.audit.record(request, { action: 'auth.impersonate', targetUserId: target.id });
      return ctx.tokens.issueImpersonation(target.id, target.sessionGeneration, adminSession);
    },

    async unimpersonate(request: FastifyRequest): Promise<string> {
      const session = sessionOf(request);
      if (session.impersonatorId === null) throw new AppError('not_impersonating');
      // The admin's session as it was before (its own orig_iat): leaving never starts a new window.
      const admin = ctx.tokens.issueUnimpersonated(await claimsOf(request));
      if (admin === null) throw new AppError('not_impersonating');
      await ctx.audit.record(request, {
        action: 'auth.unimpersonate',
        actorUserId: session.impersonatorId,
        impersonatorId: null,
        targetUserId: session.id,
      });
      return admin;
    },

    /**
     * The signed-in user's new password, confirmed by the current one. Whoever knew the old
     * password may hold a session: every session and floor-device credential of the user ends,
     * and this sign-in goes on with the token answered. An admin acting as someone never sets
     * that person's password.
     */
    async changePassword(
      request: FastifyRequest,
      input: { current_password: string; password: string },
    ): Promise<{ token: string }> {
      const session = sessionOf(request);
      if (session.impersonatorId !== null) throw new AppError('forbidden');
      const user = await users.findById(session.id);
      if (!user) throw new AppError('unauthorized');
      if (!(await verifyPassword(input.current_password, user.passwordHash, ctx.config.scryptN))) {
        await ctx.audit.record(request, { action: 'auth.password_change_failed' });
        throw fieldError('current_password', 'password_incorrect');
      }
      const passwordHash = await hashPassword(input.password, ctx.config.scryptN);
      const gen = await ctx.db.transaction(async (tx) => {
        await users.update(user.id, { passwordHash }, tx);
        await ctx.audit.record(request, { action: 'auth.password_changed' }, tx);
        return users.endSessions(user.id, tx);
      });
      if (gen === null) throw new AppError('unauthorized');
      return { token: await ctx.tokens.issue(user.id, gen, newSessionId()) };
    },

    /**
     * Logout ends this sign-in's session on the server, not only on the device: this token, its
     * refreshes and the floor device credential issued with it are refused from now on, while
     * the user's other devices stay signed in (a stable login shared by three tablets: one
     * signs out at the end of a shift, the others keep working). A password change or reset
     * and deactivation end every session instead. An impersonating admin's logout ends the
     * admin's own sign-in, never the user's.
     */
    async logout(request: FastifyRequest): Promise<void> {
      const session = sessionOf(request);
      const claims = await claimsOf(request);
      await ctx.audit.record(request, { action: 'auth.logout' });
      const owner = session.impersonatorId ?? session.id;
      // A token from before session ids names no sign-in: end every session of the user.
      if (claims.sid === null) {
        await users.endSessions(owner);
        return;
      }
      const alive = Math.max(ctx.config.jwtRefreshMaxSeconds, ctx.config.floorDeviceSessionHours * 3600);
      await ctx.endedSessions.end(claims.sid, owner, new Date(Date.now() + (alive + ctx.config.jwtTtlSeconds) * 1000));
    },
  };
}

import type { FastifyRequest } from 'fastify';
import type { Language } from '@shared/constants';
import type { CurrentUser } from '@shared/schemas/auth';
import { floorDeviceAllowed, type LoginResponse } from '@shared/schemas/device-session';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import { hashPassword, needsRehash, verifyPassword } from '../../security/passwords';
import { createProfileRepo } from '../user/profile.repo';
import { createUserRepo } from '../user/user.repo';
import { loadCurrentUser } from './current-user';

/** Sign-in with a password, token refresh, the current user and impersonation. */
export function createAuthService(ctx: AppContext) {
  const users = createUserRepo(ctx.db);
  const profiles = createProfileRepo(ctx.db);

  async function currentUser(request: FastifyRequest): Promise<CurrentUser> {
    const session = sessionOf(request);
    const user = await users.findById(session.id);
    if (!user) throw new AppError('unauthorized');
    return loadCurrentUser({ users, profiles }, user, session.impersonatorId);
  }

  return {
    /** Wrong password and unknown user answer alike, after the same hashing work. */
    async login(request: FastifyRequest, username: string, password: string): Promise<LoginResponse> {
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
      const token = await ctx.tokens.issue(user.id);
      // Floor staff also get a device credential: their tablet keeps working across a relaunch.
      if (!floorDeviceAllowed(user.roles, user.assignedVenueId)) return { token };
      const device = await ctx.tokens.issueDevice(user.id, user.assignedVenueId!);
      return { token, device_token: device.token, device_expires_at: device.expiresAt.toISOString() };
    },

    /**
     * A floor device's credential for a session token (issue 11 §2), while the user is active,
     * still holds a floor role and still works at the venue the credential was issued for.
     */
    async exchangeDevice(deviceToken: string): Promise<string> {
      const result = await ctx.tokens.verifyDevice(deviceToken);
      if (!result.ok) throw new AppError(result.reason === 'expired' ? 'token_expired' : 'invalid_token');
      const user = await users.findById(result.claims.userId);
      if (!user?.isActive) throw new AppError('invalid_token');
      if (!floorDeviceAllowed(user.roles, user.assignedVenueId) || user.assignedVenueId !== result.claims.venue) {
        throw new AppError('invalid_token');
      }
      return ctx.tokens.issueFromDevice(result.claims);
    },

    /** A new token for a live session, until orig_iat + JWT_REFRESH_MAX_SECONDS. */
    async refresh(token: string): Promise<string> {
      const result = await ctx.tokens.verify(token);
      if (!result.ok) throw new AppError(result.reason === 'expired' ? 'token_expired' : 'invalid_token');
      if (!ctx.tokens.canRefresh(result.claims)) throw new AppError('token_expired');
      const user = await users.findById(result.claims.userId);
      if (!user?.isActive) throw new AppError('invalid_token');
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
      if (!ctx.config.impersonationEnabled) throw new AppError('forbidden');
      if (admin.impersonatorId !== null) throw new AppError('forbidden');
      if (targetId === admin.id) throw fieldError('user_id', 'not_allowed');
      const target = await users.findById(targetId);
      if (!target) throw new AppError('not_found');
      if (!target.isActive) throw new AppError('account_inactive');
      await ctx.audit.record(request, { action: 'auth.impersonate', targetUserId: target.id });
      return ctx.tokens.issue(target.id, admin.id);
    },

    async unimpersonate(request: FastifyRequest): Promise<string> {
      const session = sessionOf(request);
      if (session.impersonatorId === null) throw new AppError('not_impersonating');
      await ctx.audit.record(request, {
        action: 'auth.unimpersonate',
        actorUserId: session.impersonatorId,
        impersonatorId: null,
        targetUserId: session.id,
      });
      return ctx.tokens.issue(session.impersonatorId);
    },

    async logout(request: FastifyRequest): Promise<void> {
      sessionOf(request);
      await ctx.audit.record(request, { action: 'auth.logout' });
    },
  };
}

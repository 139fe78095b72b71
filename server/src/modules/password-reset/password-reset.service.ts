import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { renderMail } from '../../mail/templates';
import { hashPassword } from '../../security/passwords';
import { decodeUid, encodeUid, type UserTokenState } from '../../security/user-tokens';
import { createUserRepo, type UserRow } from '../user/user.repo';

/** A reset link dies when the password changes or the user signs in (Django's rule). */
const resetState = (user: UserRow): UserTokenState => ({
  id: user.id,
  state: `${user.passwordHash ?? ''}|${user.lastLogin?.getTime() ?? ''}`,
});

/**
 * The page where the user chooses a (new) password: the reset link, also the onboarding e-mail's
 * sign-in link for an account without a password yet.
 */
export function passwordLinkOf(ctx: Pick<AppContext, 'config' | 'userTokens'>, user: UserRow): string {
  const token = ctx.userTokens.make('password_reset', resetState(user));
  return `${ctx.config.publicUrl}/passwordReset?uid=${encodeUid(user.id)}&token=${encodeURIComponent(token)}`;
}

export function createPasswordResetService(ctx: AppContext) {
  const users = createUserRepo(ctx.db);

  /** The user a (uid, token) pair was made for, if the link is still good. */
  async function holderOf(uid: string, token: string): Promise<UserRow | null> {
    const id = decodeUid(uid);
    const user = id === null ? undefined : await users.findById(id);
    if (!user?.isActive) return null;
    return ctx.userTokens.check('password_reset', resetState(user), token) ? user : null;
  }

  return {
    /** Mails a reset link to an active account; the answer never tells whether one exists. */
    async request(request: FastifyRequest, email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user?.isActive) return;
      const link = passwordLinkOf(ctx, user);
      const mail = renderMail('password_reset', user.language, {
        name: user.firstName || user.username,
        link,
        validitySeconds: ctx.config.passwordResetTtlSeconds,
      });
      ctx.mailer.send({ to: user.email, ...mail });
      await ctx.audit.record(request, {
        action: 'auth.password_reset_requested',
        actorUserId: null,
        targetUserId: user.id,
      });
    },

    async confirm(request: FastifyRequest, uid: string, token: string, password: string): Promise<void> {
      const user = await holderOf(uid, token);
      if (!user) throw new AppError('link_invalid');
      const passwordHash = await hashPassword(password, ctx.config.scryptN);
      // The link came by e-mail, so following it also confirms the address. The link is good
      // while the old hash is stored: replacing it atomically makes the link work once, even
      // when it is sent twice at the same moment.
      const replaced = await users.replacePassword(user.id, user.passwordHash, { passwordHash, emailConfirmed: true });
      if (!replaced) throw new AppError('link_invalid');
      // Whoever knew the old password may hold a session: a new password ends them all.
      await users.endSessions(user.id);
      await ctx.audit.record(request, { action: 'auth.password_reset', actorUserId: user.id });
    },

    /** For the reset page: is the link good, and does the account have a password yet? */
    async hasUsablePassword(uid: string, token: string, username?: string) {
      const user = await holderOf(uid, token);
      const named =
        !username || [user?.username, user?.email].some((n) => n?.toLowerCase() === username.trim().toLowerCase());
      const valid = !!user && named;
      return { valid, has_usable_password: valid && user.passwordHash !== null };
    },
  };
}

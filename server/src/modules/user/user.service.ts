import type { FastifyRequest } from 'fastify';
import type { Language } from '@shared/constants';
import { isRole } from '@shared/roles';
import type { RegistrationRequest } from '@shared/schemas/auth';
import type { UserSummary } from '@shared/schemas/user';
import type { ListQuery } from '@shared/schemas/pagination';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { pageOf } from '../../http/pagination';
import { sessionOf } from '../../http/session';
import { renderMail } from '../../mail/templates';
import { hashPassword } from '../../security/passwords';
import { decodeUid, encodeUid, type UserTokenState } from '../../security/user-tokens';
import { createProfileRepo } from './profile.repo';
import { createUserRepo, type UserRow } from './user.repo';

/** A confirmation link dies once the address is confirmed (or changed). */
const confirmState = (user: UserRow): UserTokenState => ({
  id: user.id,
  state: `${user.email}|${user.emailConfirmed}`,
});

const toSummary = (u: UserRow): UserSummary => ({
  id: u.id,
  username: u.username,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  roles: u.roles.filter(isRole),
  is_active: u.isActive,
});

export function createUserService(ctx: AppContext) {
  const users = createUserRepo(ctx.db);
  const profiles = createProfileRepo(ctx.db);

  function mailConfirmation(user: UserRow): void {
    const token = ctx.userTokens.make('confirm_email', confirmState(user));
    const link = `${ctx.config.publicUrl}/registration/confirm?uid=${encodeUid(user.id)}&token=${encodeURIComponent(token)}`;
    const mail = renderMail('confirm_email', user.language, {
      name: user.firstName || user.username,
      link,
      validitySeconds: ctx.config.emailConfirmTtlSeconds,
    });
    ctx.mailer.send({ to: user.email, ...mail });
  }

  return {
    /** Self-registration: an unconfirmed account with the chosen role and its empty profile. */
    async register(request: FastifyRequest, input: RegistrationRequest, language: Language): Promise<void> {
      const email = input.email.toLowerCase();
      if (await users.loginTaken(email)) throw fieldError('email', 'email_taken');
      const passwordHash = await hashPassword(input.password, ctx.config.scryptN);
      const user = await ctx.db
        .transaction(async (tx) => {
          const created = await users.insert(
            {
              username: email,
              email,
              passwordHash,
              firstName: input.first_name,
              lastName: input.last_name,
              roles: [input.role],
              language,
            },
            tx,
          );
          await profiles.insert(
            input.role,
            [{ userId: created.id, firstName: created.firstName, lastName: created.lastName, email }],
            tx,
          );
          await ctx.audit.record(
            request,
            { action: 'user.register', actorUserId: created.id, details: { role: input.role } },
            tx,
          );
          return created;
        })
        .catch((err: unknown) => {
          // Two registrations of one address at once: the unique index decides.
          throw isUniqueViolation(err) ? fieldError('email', 'email_taken') : err;
        });
      mailConfirmation(user);
    },

    async confirmEmail(request: FastifyRequest, uid: string, token: string): Promise<void> {
      const id = decodeUid(uid);
      const user = id === null ? undefined : await users.findById(id);
      if (!user || !ctx.userTokens.check('confirm_email', confirmState(user), token))
        throw new AppError('link_invalid');
      await users.update(user.id, { emailConfirmed: true });
      await ctx.audit.record(request, { action: 'user.email_confirmed', actorUserId: user.id });
    },

    async search(query: ListQuery & { q: string }): Promise<{ count: number; results: UserSummary[] }> {
      const { count, rows } = await users.search(query.q, pageOf(query));
      return { count, results: rows.map(toSummary) };
    },

    /**
     * Deactivates an account (every session of it ends at once: its generation moves on) or
     * reactivates it (its old sessions stay ended). An admin cannot lock themself out.
     */
    async setActive(request: FastifyRequest, id: number, isActive: boolean): Promise<UserSummary> {
      const admin = sessionOf(request);
      if (id === admin.id || id === admin.impersonatorId) throw fieldError('is_active', 'not_allowed');
      const user = await users.findById(id);
      if (!user) throw new AppError('not_found');
      if (isActive) await users.update(id, { isActive: true });
      else await users.deactivate(id);
      await ctx.audit.record(request, {
        action: isActive ? 'user.reactivate' : 'user.deactivate',
        targetUserId: id,
      });
      return toSummary((await users.findById(id))!);
    },
  };
}

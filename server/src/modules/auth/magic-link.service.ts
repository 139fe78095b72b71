import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { renderMail } from '../../mail/templates';
import { newSessionId } from '../../security/jwt';
import { newLinkToken, sha256 } from '../../security/random-tokens';
import { createUserRepo } from '../user/user.repo';
import { createVenueRepo } from '../venue/venue.repo';
import { createMagicLinkRepo } from './magic-link.repo';

/** Passwordless sign-in: a one-time, short-lived link by e-mail (optionally for a preshow). */
export function createMagicLinkService(ctx: AppContext) {
  const links = createMagicLinkRepo(ctx.db);
  const users = createUserRepo(ctx.db);
  const venues = createVenueRepo(ctx.db);

  return {
    /** Answers the same whether or not the address is known. */
    async request(request: FastifyRequest, email: string, preshow: number | undefined): Promise<void> {
      await links.purgeExpired();
      const user = await users.findByEmail(email);
      if (!user?.isActive) return;
      const venue = preshow === undefined ? undefined : await venues.findById(preshow);
      const token = newLinkToken();
      await links.insert({
        tokenHash: sha256(token),
        userId: user.id,
        purpose: 'magic_login',
        preshowVenueId: venue?.id ?? null,
        expiresAt: new Date(Date.now() + ctx.config.magicLinkTtlSeconds * 1000),
      });
      await ctx.audit.record(request, { action: 'auth.magic_link_sent', actorUserId: null, targetUserId: user.id });
      const link = `${ctx.config.publicUrl}/magic-login?token=${encodeURIComponent(token)}`;
      const mail = renderMail('magic_link', user.language, {
        name: user.firstName || user.username,
        link,
        validitySeconds: ctx.config.magicLinkTtlSeconds,
      });
      ctx.mailer.send({ to: user.email, ...mail });
    },

    /** Trades the link's token for a session; the link then is spent. */
    async redeem(request: FastifyRequest, token: string): Promise<{ token: string; preshow: number | null }> {
      const link = await links.findByHash(sha256(token));
      if (!link || link.purpose !== 'magic_login') throw new AppError('link_invalid');
      if (link.usedAt) throw new AppError('link_used');
      if (link.expiresAt.getTime() <= Date.now()) throw new AppError('link_expired');
      const user = await users.findById(link.userId);
      if (!user?.isActive) throw new AppError('account_inactive');
      return ctx.db.transaction(async (tx) => {
        if (!(await links.markUsed(link.id, tx))) throw new AppError('link_used');
        // Opening the link proves the address belongs to the user.
        await users.update(user.id, { lastLogin: new Date(), emailConfirmed: true }, tx);
        await ctx.audit.record(
          request,
          { action: 'auth.login', actorUserId: user.id, details: { method: 'magic_link' } },
          tx,
        );
        return {
          token: await ctx.tokens.issue(user.id, user.sessionGeneration, newSessionId()),
          preshow: link.preshowVenueId,
        };
      });
    },
  };
}

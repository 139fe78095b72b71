import { desc, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '@shared/schemas/auth';
import type { TermsVersion } from '@shared/schemas/configuration';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { termsAndConditions } from '../../db/schema';
import { sessionOf } from '../../http/session';
import { loadCurrentUser } from '../auth/current-user';
import { createProfileRepo } from '../user/profile.repo';
import { createUserRepo } from '../user/user.repo';
import { violatedUniqueIndex } from './pg-errors';

type TermsRow = typeof termsAndConditions.$inferSelect;

const toTerms = (row: TermsRow, currentId: number | undefined): TermsVersion => ({
  id: row.id,
  version: row.version,
  published_at: row.publishedAt.toISOString(),
  body: row.body,
  current: row.id === currentId,
});

/** Versioned terms and conditions: the one in force is the newest already published. */
export function createTermsService(ctx: AppContext) {
  const users = createUserRepo(ctx.db);
  const profiles = createProfileRepo(ctx.db);

  async function current(): Promise<TermsRow | undefined> {
    const [row] = await ctx.db
      .select()
      .from(termsAndConditions)
      .where(lte(termsAndConditions.publishedAt, new Date()))
      .orderBy(desc(termsAndConditions.publishedAt))
      .limit(1);
    return row;
  }

  return {
    async list(): Promise<{ count: number; results: TermsVersion[] }> {
      const rows = await ctx.db.select().from(termsAndConditions).orderBy(desc(termsAndConditions.publishedAt));
      const inForce = await current();
      return { count: rows.length, results: rows.map((row) => toTerms(row, inForce?.id)) };
    },

    async current(): Promise<TermsVersion> {
      const row = await current();
      if (!row) throw new AppError('not_found');
      return toTerms(row, row.id);
    },

    async create(
      request: FastifyRequest,
      input: { version: string; published_at?: string; body: string },
    ): Promise<TermsVersion> {
      const [row] = await ctx.db
        .insert(termsAndConditions)
        .values({
          version: input.version,
          body: input.body,
          publishedAt: input.published_at ? new Date(input.published_at) : new Date(),
        })
        .returning()
        .catch((err: unknown) => {
          throw violatedUniqueIndex(err) !== undefined ? fieldError('version', 'duplicate') : err;
        });
      await ctx.audit.record(request, { action: 'terms.create', details: { id: row!.id, version: row!.version } });
      return toTerms(row!, (await current())?.id);
    },

    /** A rider accepts the version in force; anything else is `not_current`. */
    async accept(request: FastifyRequest, version: string): Promise<CurrentUser> {
      const session = sessionOf(request);
      const inForce = await current();
      if (!inForce || inForce.version !== version) throw fieldError('version', 'not_current');
      const user = await ctx.db.transaction(async (tx) => {
        const updated = await users.update(
          session.id,
          { termsAcceptedVersion: version, termsAcceptedAt: new Date() },
          tx,
        );
        if (!updated) throw new AppError('unauthorized');
        await ctx.audit.record(request, { action: 'terms.accept', details: { version } }, tx);
        return updated;
      });
      return loadCurrentUser({ users, profiles }, user, session.impersonatorId);
    },
  };
}

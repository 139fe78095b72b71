import { asc, count, ilike, max, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PersonSummary } from '@shared/schemas/participation';
import type { ListQuery } from '@shared/schemas/pagination';
import { fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { employers, horses, riders } from '../../db/schema';
import { pageOf } from '../../http/pagination';
import type { RequestUser } from '../../types';
import { horseValues, toHorse, type HorseInput } from '../horse/horse-wire';
import { listVenue } from '../venue/venue-scope';
import { LIST_AT_VENUE, type AtVenueKind } from './at-venue';
import { createPeopleRepo, type PersonKind } from './people.repo';
import { toPersonSummary } from './person-summary';
import { containsPattern } from './search-pattern';

/** The first bookkeeping reference id handed out. */
const FIRST_BOOKKEEPING_REF_ID = 10001;

/** Finding people and horses for the show office and the stable. */
export function createPeopleService(ctx: AppContext) {
  const people = createPeopleRepo(ctx.db);

  return {
    async search(kind: PersonKind, query: ListQuery & { search?: string }) {
      const { count, rows } = await people.search(kind, query.search, pageOf(query));
      return { count, results: rows.map((row): PersonSummary => toPersonSummary(row)) };
    },

    /** Admins name the venue; staff get their own. */
    async listAtVenue(user: RequestUser, kind: AtVenueKind, query: ListQuery & { venue?: number }) {
      const venueId = listVenue(user, query.venue);
      if (venueId === undefined) throw fieldError('venue', 'required');
      return LIST_AT_VENUE[kind](ctx.db, venueId, pageOf(query));
    },

    async horses(query: ListQuery & { search?: string }) {
      let where: SQL | undefined;
      if (query.search) {
        const pattern = containsPattern(query.search);
        where = or(ilike(horses.name, pattern), ilike(horses.feiId, pattern), ilike(horses.nationalId, pattern));
      }
      const page = pageOf(query);
      const [total] = await ctx.db.select({ n: count() }).from(horses).where(where);
      const rows = await ctx.db
        .select()
        .from(horses)
        .where(where)
        .orderBy(asc(horses.name), asc(horses.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, results: rows.map(toHorse) };
    },

    async createHorse(request: FastifyRequest, input: HorseInput) {
      const row = await ctx.db
        .transaction(async (tx) => {
          const [created] = await tx.insert(horses).values(horseValues(input)).returning();
          await ctx.audit.record(
            request,
            { action: 'horse.create', details: { id: created!.id, name: input.name } },
            tx,
          );
          return created!;
        })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? fieldError('fei_id', 'duplicate') : err;
        });
      return toHorse(row);
    },

    /** One more than the highest reference id of riders and employers (from 10001). */
    async nextBookkeepingRefId(): Promise<{ next: number }> {
      const [r] = await ctx.db.select({ top: max(riders.bookkeepingRefId) }).from(riders);
      const [e] = await ctx.db.select({ top: max(employers.bookkeepingRefId) }).from(employers);
      const top = Math.max(r?.top ?? 0, e?.top ?? 0);
      return { next: Math.max(top + 1, FIRST_BOOKKEEPING_REF_ID) };
    },
  };
}

import { and, asc, count, eq, ilike, inArray, max, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { can } from '@shared/permissions';
import type { PersonAtVenue, PersonSummary } from '@shared/schemas/participation';
import type { ListQuery } from '@shared/schemas/pagination';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { employers, horses, participationHorses, riders } from '../../db/schema';
import { pageOf } from '../../http/pagination';
import type { RequestUser } from '../../types';
import { horseValues, toHorse, type HorseInput } from '../horse/horse-wire';
import { canActOnVenue } from '../venue/venue-access';
import { listVenue } from '../venue/venue-scope';
import { LIST_AT_VENUE, type AtVenueKind } from './at-venue';
import { createPeopleRepo, type PersonKind } from './people.repo';
import { toPersonSummary } from './person-summary';
import { containsPattern } from './search-pattern';

/** The first bookkeeping reference id handed out. */
const FIRST_BOOKKEEPING_REF_ID = 10001;

/** A person as a floor role sees them: no contact details (issue 11 §7). */
export type FloorPerson = Omit<PersonSummary, 'email'>;
const withoutContact = <T extends PersonSummary>({ email: _email, ...rest }: T): Omit<T, 'email'> => rest;

/**
 * The venue a user without `policy` is narrowed to: their assigned venue, where they must be
 * staff. `null` for users who pass the policy and see everything.
 */
function narrowedVenue(user: RequestUser, policy: 'people.search.all' | 'horse.search.all'): number | null {
  if (can(user.roles, policy)) return null;
  const venueId = user.assignedVenueId;
  if (venueId === null || !canActOnVenue(user, venueId)) throw new AppError('no_assigned_venue', { status: 403 });
  return venueId;
}

/** Finding people and horses for the show office and the stable. */
export function createPeopleService(ctx: AppContext) {
  const people = createPeopleRepo(ctx.db);

  return {
    /** The show office finds everyone; the stable only its venue's participants, without e-mails. */
    async search(user: RequestUser, kind: PersonKind, query: ListQuery & { search?: string }) {
      const venueId = narrowedVenue(user, 'people.search.all');
      const { count, rows } = await people.search(kind, query.search, pageOf(query), venueId ?? undefined);
      const found = rows.map((row): PersonSummary => toPersonSummary(row));
      return { count, results: venueId === null ? found : found.map((p): FloorPerson => withoutContact(p)) };
    },

    /** Admins name the venue; staff get their own. Contact details only for the show office. */
    async listAtVenue(user: RequestUser, kind: AtVenueKind, query: ListQuery & { venue?: number; search?: string }) {
      const venueId = listVenue(user, query.venue);
      if (venueId === undefined) throw fieldError('venue', 'required');
      const listed = await LIST_AT_VENUE[kind](ctx.db, venueId, pageOf(query), query.search);
      if (can(user.roles, 'people.search.all')) return listed;
      return {
        count: listed.count,
        results: listed.results.map((p): Omit<PersonAtVenue, 'email'> => withoutContact(p)),
      };
    },

    /** Every horse on record for the office, riders and employers; the stable the horses entered at its venue. */
    async horses(user: RequestUser, query: ListQuery & { search?: string }) {
      const venueId = narrowedVenue(user, 'horse.search.all');
      let where: SQL | undefined;
      if (venueId !== null) {
        const entered = ctx.db
          .select({ id: participationHorses.horseId })
          .from(participationHorses)
          .where(eq(participationHorses.venueId, venueId));
        where = inArray(horses.id, entered);
      }
      if (query.search) {
        const pattern = containsPattern(query.search);
        where = and(
          where,
          or(ilike(horses.name, pattern), ilike(horses.feiId, pattern), ilike(horses.nationalId, pattern)),
        );
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

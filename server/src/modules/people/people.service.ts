import { and, asc, count, eq, ilike, inArray, max, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { can } from '@shared/permissions';
import type { PersonAtVenue, PersonSummary } from '@shared/schemas/participation';
import type { ListQuery } from '@shared/schemas/pagination';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { employers, horses, participationHorses, riderHorses, riders } from '../../db/schema';
import { pageOf } from '../../http/pagination';
import type { RequestUser } from '../../types';
import { horseValues, toHorse, type HorseInput } from '../horse/horse-wire';
import { currentEmployeesOf } from '../owner/owner-access';
import { canActOnVenue } from '../venue/venue-access';
import { listVenue } from '../venue/venue-scope';
import { LIST_AT_VENUE, type AtVenueKind } from './at-venue';
import { createPeopleRepo, type PersonKind } from './people.repo';
import { toPersonSummary } from './person-summary';
import { containsPattern } from './search-pattern';

/** The first bookkeeping reference id handed out. */
const FIRST_BOOKKEEPING_REF_ID = 10001;

/** A person as a floor role sees them: no contact details. */
export type FloorPerson = Omit<PersonSummary, 'email'>;
const withoutContact = <T extends PersonSummary>({ email: _email, ...rest }: T): Omit<T, 'email'> => rest;

/**
 * The venue a user who may not search everyone is narrowed to: their assigned venue, where they
 * must be staff. `null` for admins, who see everything.
 */
function narrowedVenue(user: RequestUser): number | null {
  if (can(user.roles, 'people.search.all')) return null;
  const venueId = user.assignedVenueId;
  if (venueId === null || !canActOnVenue(user, venueId)) throw new AppError('no_assigned_venue', { status: 403 });
  return venueId;
}

/** The horses a user without `horse.search.all` may list; undefined: every horse. */
function horseScope(ctx: AppContext, user: RequestUser): SQL | undefined {
  if (can(user.roles, 'horse.search.all')) return undefined;
  const scopes: SQL[] = [];
  const venueId = user.assignedVenueId;
  if (venueId !== null && canActOnVenue(user, venueId)) {
    const entered = ctx.db
      .select({ id: participationHorses.horseId })
      .from(participationHorses)
      .where(eq(participationHorses.venueId, venueId));
    scopes.push(inArray(horses.id, entered));
  }
  if (user.roles.includes('employer')) {
    const ridden = ctx.db
      .select({ id: riderHorses.horseId })
      .from(riderHorses)
      .where(inArray(riderHorses.riderId, currentEmployeesOf(ctx.db, user.id)));
    scopes.push(inArray(horses.id, ridden));
  }
  if (!scopes.length) throw new AppError('no_assigned_venue', { status: 403 });
  return or(...scopes);
}

/** Finding people and horses: everyone for admins, the people of their venue for its staff. */
export function createPeopleService(ctx: AppContext) {
  const people = createPeopleRepo(ctx.db);

  return {
    /**
     * Admins find everyone; the show office and the stable only the people taking part at their
     * venue, the stable without e-mails (and not by e-mail either).
     */
    async search(user: RequestUser, kind: PersonKind, query: ListQuery & { search?: string }) {
      const venueId = narrowedVenue(user);
      const contact = can(user.roles, 'people.contact');
      const { count, rows } = await people.search(kind, query.search, pageOf(query), venueId ?? undefined, contact);
      const found = rows.map((row): PersonSummary => toPersonSummary(row));
      return { count, results: contact ? found : found.map((p): FloorPerson => withoutContact(p)) };
    },

    /** Admins name the venue; staff get their own. Contact details only for the show office. */
    async listAtVenue(user: RequestUser, kind: AtVenueKind, query: ListQuery & { venue?: number; search?: string }) {
      const venueId = listVenue(user, query.venue);
      if (venueId === undefined) throw fieldError('venue', 'required');
      const listed = await LIST_AT_VENUE[kind](ctx.db, venueId, pageOf(query), query.search);
      if (can(user.roles, 'people.contact')) return listed;
      return {
        count: listed.count,
        results: listed.results.map((p): Omit<PersonAtVenue, 'email'> => withoutContact(p)),
      };
    },

    /**
     * Every horse on record for the office and riders; the stable the horses entered at its
     * venue; an employer its current employees' horses.
     */
    async horses(user: RequestUser, query: ListQuery & { search?: string }) {
      let where = horseScope(ctx, user);
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

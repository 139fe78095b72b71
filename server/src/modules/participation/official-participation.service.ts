import { asc, count, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { OFFICIAL_FUNCTIONS, type OfficialParticipation } from '@shared/schemas/participation';
import type { ListQuery } from '@shared/schemas/pagination';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { isForeignKeyViolation } from '../configuration/pg-errors';
import { officialParticipations, officials } from '../../db/schema';
import { pageOf } from '../../http/pagination';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { toPersonSummary } from '../people/person-summary';
import { assertVenueAccess } from '../venue/venue-access';
import { listVenue } from '../venue/venue-scope';
import { createVenueRepo } from '../venue/venue.repo';
import { partyBalances, partyKey } from './party-balances';

type OfficialFunction = (typeof OFFICIAL_FUNCTIONS)[number];
export interface OfficialParticipationFields {
  function?: OfficialFunction;
  date_from?: string | null;
  date_to?: string | null;
  days?: number;
  day_rate?: number;
  travel?: number;
  per_diem?: number;
  withholding_bp?: number;
}

const t = officialParticipations;
type Row = typeof t.$inferSelect;

const columnsOf = (input: OfficialParticipationFields) => ({
  function: input.function,
  dateFrom: input.date_from,
  dateTo: input.date_to,
  days: input.days,
  dayRateMinor: input.day_rate,
  travelMinor: input.travel,
  perDiemMinor: input.per_diem,
  withholdingBp: input.withholding_bp,
});

function checkDates(from: string | null | undefined, to: string | null | undefined): void {
  if (from && to && to < from) throw fieldError('date_to', 'too_small');
}

const duplicateFunction = (err: unknown): never => {
  throw isUniqueViolation(err) ? fieldError('function', 'duplicate') : err;
};

/** Officials working at a venue: function, days and fee rates, with their balance there. */
export function createOfficialParticipationService(ctx: AppContext) {
  const venues = createVenueRepo(ctx.db);

  async function view(where: SQL | undefined, page?: { limit: number; offset: number }) {
    const query = ctx.db
      .select({ entry: t, official: officials })
      .from(t)
      .innerJoin(officials, eq(officials.id, t.officialId))
      .where(where)
      .orderBy(asc(officials.lastName), asc(officials.firstName), asc(t.id));
    const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
    const parties = rows.map((r) => ({ venueId: r.entry.venueId, type: 'official', id: r.official.id }));
    const balances = await partyBalances(ctx.db, parties);
    return rows.map(({ entry, official }, i): OfficialParticipation => ({
      id: entry.id,
      venue: entry.venueId,
      official: toPersonSummary(official),
      function: (OFFICIAL_FUNCTIONS as readonly string[]).includes(entry.function)
        ? (entry.function as OfficialFunction)
        : 'other',
      date_from: entry.dateFrom,
      date_to: entry.dateTo,
      days: entry.days,
      day_rate: entry.dayRateMinor,
      travel: entry.travelMinor,
      per_diem: entry.perDiemMinor,
      withholding_bp: entry.withholdingBp,
      balance: balances.get(partyKey(parties[i]!)) ?? 0,
    }));
  }

  async function accessible(user: RequestUser, id: number, office: boolean): Promise<Row> {
    const [row] = await ctx.db.select().from(t).where(eq(t.id, id));
    if (!row) throw new AppError('not_found');
    assertVenueAccess(user, row.venueId, { office });
    return row;
  }

  return {
    async list(user: RequestUser, query: ListQuery & { venue?: number }) {
      const venueId = listVenue(user, query.venue);
      const where = venueId === undefined ? undefined : eq(t.venueId, venueId);
      const [total] = await ctx.db.select({ n: count() }).from(t).where(where);
      return { count: total?.n ?? 0, results: await view(where, pageOf(query)) };
    },

    async create(
      request: FastifyRequest,
      input: OfficialParticipationFields & { venue: number; official: number; function: OfficialFunction },
    ): Promise<OfficialParticipation> {
      assertVenueAccess(sessionOf(request), input.venue, { office: true });
      if (!(await venues.findById(input.venue))) throw fieldError('venue', 'does_not_exist');
      const [official] = await ctx.db
        .select({ id: officials.id })
        .from(officials)
        .where(eq(officials.id, input.official));
      if (!official) throw fieldError('official', 'does_not_exist');
      checkDates(input.date_from, input.date_to);
      const id = await ctx.db
        .transaction(async (tx) => {
          const [created] = await tx
            .insert(t)
            .values({ ...columnsOf(input), venueId: input.venue, officialId: input.official, function: input.function })
            .returning({ id: t.id });
          await ctx.audit.record(
            request,
            { action: 'officialParticipation.create', details: { id: created!.id, ...input } },
            tx,
          );
          return created!.id;
        })
        .catch(duplicateFunction);
      return (await view(eq(t.id, id)))[0]!;
    },

    async update(
      request: FastifyRequest,
      id: number,
      patch: OfficialParticipationFields,
    ): Promise<OfficialParticipation> {
      const row = await accessible(sessionOf(request), id, true);
      checkDates(
        patch.date_from === undefined ? row.dateFrom : patch.date_from,
        patch.date_to === undefined ? row.dateTo : patch.date_to,
      );
      await ctx.db
        .transaction(async (tx) => {
          await tx
            .update(t)
            .set({ ...columnsOf(patch), updatedAt: new Date() })
            .where(eq(t.id, id));
          await ctx.audit.record(request, { action: 'officialParticipation.update', details: { id, ...patch } }, tx);
        })
        .catch(duplicateFunction);
      return (await view(eq(t.id, id)))[0]!;
    },

    /** A participation with a compensation bill stays (the bill names it): 409 in_use. */
    async delete(request: FastifyRequest, id: number): Promise<void> {
      await accessible(sessionOf(request), id, true);
      await ctx.db
        .transaction(async (tx) => {
          await tx.delete(t).where(eq(t.id, id));
          await ctx.audit.record(request, { action: 'officialParticipation.delete', details: { id } }, tx);
        })
        .catch((err: unknown) => {
          throw isForeignKeyViolation(err) ? new AppError('in_use') : err;
        });
    },
  };
}

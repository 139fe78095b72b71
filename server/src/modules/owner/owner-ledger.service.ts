import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { OwnerShow, OwnerType, Report } from '@shared/schemas/owner';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import {
  accounts,
  officialParticipations,
  transactions as t,
  users,
  venueParticipations,
  venues,
} from '../../db/schema';
import { sessionOf } from '../../http/session';
import { createInviteRepo } from '../invite/invite.repo';
import { isPartyAtVenue } from '../participation/party-at-venue';
import { ownerFor, type Owner } from './owner-access';
import { statementCsv, statementPdf, type Statement } from './report-file';
import { entriesOf, statementEntries } from './statement.repo';

/** The owner's money at shows: reports (statements) to download, shows and balances per venue. */
export function createOwnerLedgerService(ctx: AppContext) {
  const inviteRepo = createInviteRepo(ctx.db);
  const reach = (request: FastifyRequest, type: OwnerType, id: number) =>
    ownerFor(ctx.db, sessionOf(request), type, id);

  /**
   * Per venue: the party account's balance and, for a rider, the venue participation; for an
   * official, the venues they work at (their first official participation there), with or
   * without entries yet.
   */
  async function shows(owner: Owner, onlyWithAccount: boolean): Promise<{ results: OwnerShow[] }> {
    const balances = await ctx.db
      .select({ venue: accounts.venueId, balance: accounts.balanceMinor })
      .from(accounts)
      .where(and(eq(accounts.kind, 'party'), eq(accounts.partyType, owner.type), eq(accounts.partyId, owner.id)));
    const participations =
      owner.type === 'rider' && !onlyWithAccount
        ? await ctx.db
            .select({ venue: venueParticipations.venueId, id: venueParticipations.id })
            .from(venueParticipations)
            .where(eq(venueParticipations.riderId, owner.id))
        : owner.type === 'official' && !onlyWithAccount
          ? await ctx.db
              .select({ venue: officialParticipations.venueId, id: officialParticipations.id })
              .from(officialParticipations)
              .where(eq(officialParticipations.officialId, owner.id))
              .orderBy(asc(officialParticipations.id))
          : [];
    const ids = [...new Set([...balances, ...participations].map((row) => row.venue))];
    if (!ids.length) return { results: [] };
    const rows = await ctx.db
      .select()
      .from(venues)
      .where(inArray(venues.id, ids))
      .orderBy(desc(sql`coalesce(${venues.startDate}, '1900-01-01')`), asc(venues.name));
    return {
      results: rows.map((venue) => ({
        venue: venue.id,
        venue_name: venue.name,
        date_from: venue.startDate,
        date_to: venue.endDate,
        currency: venue.currency,
        participation: participations.find((p) => p.venue === venue.id)?.id ?? null,
        balance_minor: balances.find((b) => b.venue === venue.id)?.balance ?? 0,
      })),
    };
  }

  async function statement(owner: Owner, venueId: number): Promise<Statement> {
    const [venue] = await ctx.db.select().from(venues).where(eq(venues.id, venueId));
    if (!venue) throw new AppError('not_found');
    const lines = await statementEntries(ctx.db, owner, venue);
    const { results } = await shows(owner, true);
    return {
      owner: await inviteRepo.ownerName(owner.type, owner.id),
      venue: venue.name,
      currency: venue.currency,
      balanceMinor: results.find((show) => show.venue === venueId)?.balance_minor ?? 0,
      lines,
    };
  }

  return {
    async reports(request: FastifyRequest, type: OwnerType, id: number): Promise<{ results: Report[] }> {
      const owner = await reach(request, type, id);
      const rows = await ctx.db
        .select({ venue: venues.id, venue_name: venues.name, count: count() })
        .from(t)
        .innerJoin(venues, eq(venues.id, t.venueId))
        .where(entriesOf(owner))
        .groupBy(venues.id, venues.name)
        .orderBy(asc(venues.name));
      return { results: rows.map((row) => ({ ...row, formats: ['csv', 'pdf'] })) };
    },

    /** The statement file and its name; in the reader's language. Only of a venue the party is at. */
    async report(request: FastifyRequest, type: OwnerType, id: number, venueId: number, format: 'csv' | 'pdf') {
      const owner = await reach(request, type, id);
      if (owner.access !== 'admin' && !(await isPartyAtVenue(ctx.db, type, venueId, id))) {
        throw new AppError('not_found');
      }
      const data = await statement(owner, venueId);
      const [reader] = await ctx.db
        .select({ language: users.language })
        .from(users)
        .where(eq(users.id, sessionOf(request).id));
      const language = reader?.language ?? '';
      const fileName = `statement-${type}-${id}-venue-${venueId}.${format}`;
      if (format === 'csv') {
        return { fileName, contentType: 'text/csv; charset=utf-8', body: Buffer.from(statementCsv(data, language)) };
      }
      return { fileName, contentType: 'application/pdf', body: await statementPdf(data, language) };
    },

    async shows(request: FastifyRequest, type: OwnerType, id: number) {
      return shows(await reach(request, type, id), false);
    },

    async balance(request: FastifyRequest, type: OwnerType, id: number) {
      return shows(await reach(request, type, id), true);
    },
  };
}

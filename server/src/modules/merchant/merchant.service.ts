import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { evclFeesQuery } from '@shared/schemas/people';
import type { PersonAtVenue } from '@shared/schemas/participation';
import type { PreshowVenue } from '@shared/schemas/preshow';
import type { ListQuery } from '@shared/schemas/pagination';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { grooms, merchantParticipations, riders, venueParticipations, venues } from '../../db/schema';
import { pageOf } from '../../http/pagination';
import { verifyQr } from '../../security/qr';
import type { RequestUser } from '../../types';
import { ownerFor, ownProfile } from '../owner/owner-access';
import { partyBalances, partyKey } from '../participation/party-balances';
import { toPersonSummary } from '../people/person-summary';
import { toPreshowVenue } from '../venue/venue.service';
import { containsPattern } from '../people/search-pattern';
import { merchantFees } from './merchant-fees';

/** A name, or a head number of one of the rider's horses at the venue. */
function matching(search: string): SQL {
  const pattern = containsPattern(search);
  const byName = or(
    ilike(sql`${riders.firstName} || ' ' || ${riders.lastName}`, pattern),
    ilike(sql`${riders.lastName} || ' ' || ${riders.firstName}`, pattern),
  )!;
  if (!/^\d{1,9}$/.test(search)) return byName;
  return or(
    byName,
    sql`EXISTS (SELECT 1 FROM participation_horses ph
      WHERE ph.venue_participation_id = ${venueParticipations.id} AND ph.head_number = ${Number(search)})`,
  )!;
}

/** The merchant's side: whom to charge at a venue (name, head number, QR code) and its fees. */
export function createMerchantService(ctx: AppContext) {
  /**
   * A merchant works as itself (admins may look on behalf of any) and looks up riders only at
   * the shows it is registered at, as it sells nowhere else: another show's people are none of
   * its business (403).
   */
  async function assertSellsAt(user: RequestUser, venueId: number | undefined): Promise<number> {
    if (venueId === undefined) throw fieldError('venue', 'required');
    if (user.roles.includes('admin')) return venueId;
    const own = await ownProfile(ctx.db, user, 'merchant');
    const [registered] = await ctx.db
      .select({ id: merchantParticipations.id })
      .from(merchantParticipations)
      .where(and(eq(merchantParticipations.venueId, venueId), eq(merchantParticipations.merchantId, own.id)));
    if (!registered) throw new AppError('forbidden');
    return venueId;
  }

  async function ridersAt(venueId: number, where: SQL | undefined, query: ListQuery) {
    const condition = and(eq(venueParticipations.venueId, venueId), where);
    const page = pageOf(query);
    const [total] = await ctx.db
      .select({ n: count() })
      .from(venueParticipations)
      .innerJoin(riders, eq(riders.id, venueParticipations.riderId))
      .where(condition);
    const rows = await ctx.db
      .select({ rider: riders, participation: venueParticipations })
      .from(venueParticipations)
      .innerJoin(riders, eq(riders.id, venueParticipations.riderId))
      .where(condition)
      .orderBy(asc(riders.lastName), asc(riders.firstName), asc(riders.id))
      .limit(page.limit)
      .offset(page.offset);
    const payers = rows.map(({ participation: p }) => ({ venueId, type: p.payerType, id: p.payerId }));
    const balances = await partyBalances(ctx.db, payers);
    const results: PersonAtVenue[] = rows.map(({ rider, participation }, i) => ({
      ...toPersonSummary(rider),
      participation: participation.id,
      balance: balances.get(partyKey(payers[i]!)) ?? 0,
    }));
    return { count: total?.n ?? 0, results };
  }

  return {
    async fees(user: RequestUser, merchantId: number, query: z.infer<typeof evclFeesQuery>) {
      await ownerFor(ctx.db, user, 'merchant', merchantId);
      return merchantFees(ctx.db, merchantId, query.venue, pageOf(query));
    },

    /** The shows the merchant is registered at and that are not over: where it may sell. */
    async venues(user: RequestUser): Promise<{ count: number; results: PreshowVenue[] }> {
      const own = await ownProfile(ctx.db, user, 'merchant');
      const rows = await ctx.db
        .select({ venue: venues })
        .from(merchantParticipations)
        .innerJoin(venues, eq(venues.id, merchantParticipations.venueId))
        .where(
          and(
            eq(merchantParticipations.merchantId, own.id),
            or(isNull(venues.endDate), sql`${venues.endDate} >= (now() AT TIME ZONE ${venues.timeZone})::date`),
          ),
        )
        .orderBy(sql`${venues.startDate} ASC NULLS LAST`, venues.name, venues.id);
      return { count: rows.length, results: rows.map((r) => toPreshowVenue(r.venue)) };
    },

    async riders(user: RequestUser, query: ListQuery & { venue?: number; search?: string }) {
      const venueId = await assertSellsAt(user, query.venue);
      return ridersAt(venueId, query.search ? matching(query.search) : undefined, query);
    },

    /** The rider of a genuine rider's or groom's QR code, when they take part at the venue; else 404 unknown_qr. */
    async byQr(user: RequestUser, code: string, venueId: number | undefined): Promise<PersonAtVenue> {
      const venue = await assertSellsAt(user, venueId);
      // A code that is not genuine, of someone gone, or of a rider not at this show: all unknown here.
      const ref = verifyQr(ctx.config.qrSecret, code);
      if (!ref) throw new AppError('unknown_qr');
      let riderId = ref.id;
      if (ref.type === 'g') {
        const [groom] = await ctx.db.select({ riderId: grooms.riderId }).from(grooms).where(eq(grooms.id, ref.id));
        if (!groom) throw new AppError('unknown_qr');
        riderId = groom.riderId;
      }
      const { results } = await ridersAt(venue, eq(riders.id, riderId), { page: 1, page_size: 1 });
      if (!results[0]) throw new AppError('unknown_qr');
      return results[0];
    },
  };
}

import { and, asc, eq, ne, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { MerchantAtVenue, MerchantsAtVenue } from '@shared/schemas/participation';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { accounts, merchantParticipations as mp, merchants } from '../../db/schema';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { toPersonSummary } from '../people/person-summary';
import { assertKnownVenueAccess } from '../venue/venue-access';

/**
 * The merchants registered at a show (its saddlery, the farrier's stand): the show office adds
 * and removes them. Only a registered merchant sells at the show, is sold to there, and is paid
 * out its takings there (participation/party-at-venue.ts).
 */
export function createMerchantParticipationService(ctx: AppContext) {
  async function view(venueId: number, merchantId?: number): Promise<MerchantAtVenue[]> {
    const rows = await ctx.db
      .select({ merchant: merchants, registeredAt: mp.createdAt })
      .from(mp)
      .innerJoin(merchants, eq(merchants.id, mp.merchantId))
      .where(and(eq(mp.venueId, venueId), merchantId === undefined ? undefined : eq(mp.merchantId, merchantId)))
      .orderBy(asc(merchants.companyName), asc(merchants.lastName), asc(merchants.id));
    return rows.map(({ merchant, registeredAt }) => ({
      ...toPersonSummary(merchant),
      registered_at: registeredAt.toISOString(),
    }));
  }

  return {
    async list(user: RequestUser, venueId: number): Promise<MerchantsAtVenue> {
      await assertKnownVenueAccess(ctx.db, user, venueId, { office: true });
      return { results: await view(venueId) };
    },

    /** Registers a merchant at the show; registering it again changes nothing. */
    async add(request: FastifyRequest, venueId: number, merchantId: number): Promise<MerchantAtVenue> {
      await assertKnownVenueAccess(ctx.db, sessionOf(request), venueId, { office: true });
      const [merchant] = await ctx.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId));
      if (!merchant) throw fieldError('merchant', 'does_not_exist');
      await ctx.db.transaction(async (tx) => {
        const created = await tx.insert(mp).values({ venueId, merchantId }).onConflictDoNothing().returning();
        if (created.length)
          await ctx.audit.record(
            request,
            { action: 'merchantParticipation.create', details: { venue: venueId, merchant: merchantId } },
            tx,
          );
      });
      return (await view(venueId, merchantId))[0]!;
    },

    /**
     * Removes a merchant from the show. One the show still owes takings to, or that owes the
     * show, stays (409 in_use): without its registration its balance could not be paid out.
     */
    async remove(request: FastifyRequest, venueId: number, merchantId: number): Promise<void> {
      await assertKnownVenueAccess(ctx.db, sessionOf(request), venueId, { office: true });
      await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: mp.id })
          .from(mp)
          .where(and(eq(mp.venueId, venueId), eq(mp.merchantId, merchantId)))
          .for('update');
        if (!row) throw new AppError('not_found');
        const [open] = await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(
            and(
              eq(accounts.venueId, venueId),
              eq(accounts.partyType, 'merchant'),
              eq(accounts.partyId, merchantId),
              or(eq(accounts.kind, 'merchant'), eq(accounts.kind, 'party')),
              ne(accounts.balanceMinor, 0),
            ),
          )
          .limit(1);
        if (open) throw new AppError('in_use');
        await tx.delete(mp).where(eq(mp.id, row.id));
        await ctx.audit.record(
          request,
          { action: 'merchantParticipation.delete', details: { venue: venueId, merchant: merchantId } },
          tx,
        );
      });
    },
  };
}

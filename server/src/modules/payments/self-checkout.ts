import { cardMinimumOf, type PayingPartyType, type SelfCheckout } from '@shared/schemas/payments';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../types';
import { partySign } from '../ledger/wire';
import { ownerFor } from '../owner/owner-access';
import { statementEntries } from '../owner/statement.repo';
import { resolvePayer } from '../participation/payer';
import { isAdmin, paysFor } from './payment-access';
import { createPaymentsRepo } from './payments.repo';

/** Kinds that take from the party (a reversal counts as the kind it reverses). */
const DEBITS = ['charge', 'fee', 'sale', 'payout'];

/**
 * Self-checkout (rider shows: `shows/:riderId/:venueId/selfCheckout`): the rider's statement of
 * one show and what is left to pay, and who pays it (DOMAIN.md "Payer": the rider, or the
 * employer of an employed rider: then the rider sees it, the employer pays). Reachable by the
 * rider, their employer and admins (owner-access); it works without card payments set up.
 *
 *   lines    the entries of the payer's account that are the rider's (the rider's own account;
 *            for an employer, the entries it paid for this rider), signed as the party sees them
 *   charged  what those lines charged (charges, fees, sales, refunds paid out), net of reversals
 *   paid     what those lines paid (payments, credits)
 *   open     what the payer owes at the venue (its account's balance, negated; 0 when settled)
 */
export function createSelfCheckout(ctx: AppContext) {
  const repo = createPaymentsRepo(ctx.db);

  return async (user: RequestUser, riderId: number, venueId: number): Promise<SelfCheckout> => {
    await ownerFor(ctx.db, user, 'rider', riderId);
    const venue = await repo.venue(venueId);
    if (!venue) throw new AppError('not_found');
    const found = (await resolvePayer(ctx.db, riderId)) ?? { type: 'rider' as const, id: riderId };
    const payer = { type: found.type as PayingPartyType, id: found.id };
    const entries =
      payer.type === 'rider'
        ? await statementEntries(ctx.db, { type: 'rider', id: riderId }, venue, { accountOnly: true })
        : (await statementEntries(ctx.db, { type: 'rider', id: riderId }, venue)).filter(
            (e) => e.partyType === payer.type && e.partyId === payer.id,
          );
    const lines = entries.map((e) => ({
      transaction: e.id,
      date: e.date,
      kind: e.kind,
      description: e.description,
      quantity: e.quantity,
      amount: partySign(e.originalKind) * e.grossMinor || 0,
      debit: DEBITS.includes(e.originalKind),
    }));
    const party = await repo.party(payer);
    const balance = await repo.balanceAt(venue.id, payer);
    const pending = (await repo.pendingAt([venue.id], payer)).get(venue.id) ?? 0;
    return {
      venue: venue.id,
      venue_name: venue.name,
      currency: venue.currency,
      enabled: venue.selfCheckout,
      payer: { party_type: payer.type, party_id: payer.id, name: party?.name ?? '' },
      lines: lines.map(({ debit: _debit, ...line }) => line),
      charged: -lines.filter((l) => l.debit).reduce((sum, l) => sum + l.amount, 0) || 0,
      paid: lines.filter((l) => !l.debit).reduce((sum, l) => sum + l.amount, 0),
      open: Math.max(0, -balance),
      pending,
      minimum: cardMinimumOf(venue.currency),
      can_pay: isAdmin(user) || paysFor(user, payer.type, party?.userId ?? null),
    };
  };
}

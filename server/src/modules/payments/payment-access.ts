import { eq } from 'drizzle-orm';
import type { PayingPartyType } from '@shared/schemas/payments';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { RequestUser } from '../../types';
import { canActOnVenue } from '../venue/venue-access';
import type { CardPaymentRow, PaymentsRepo } from './payments.repo';

/**
 * Who may do what with cards and card payments. Anything a user may not reach is 404,
 * so ids of other people's records reveal nothing (as owner-access.ts does).
 *
 *   saved cards      the user themself, or an admin
 *   paying a party   a party the user is (their own profile of that type, holding the role: an
 *                    employer pays for its own account), or an admin for anyone
 *   a payment        its payer, the party's user, the venue's office, admins
 */

export const isAdmin = (user: RequestUser): boolean => user.roles.includes('admin');

/** The user whose cards are touched: the signed-in user themself, or any user for an admin. */
export async function cardOwner(db: Db, user: RequestUser, userId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || (row.id !== user.id && !isAdmin(user))) throw new AppError('not_found');
  return row;
}

export interface Payer {
  type: PayingPartyType;
  id: number;
  /** The party's login (whose saved cards pay for it); null when it has none. */
  userId: number | null;
  name: string;
}

/** May `user` pay for this party? (no admin bypass here: see `payerFor`) */
export const paysFor = (user: RequestUser, type: PayingPartyType, partyUserId: number | null): boolean =>
  partyUserId !== null && partyUserId === user.id && user.roles.includes(type);

/** The party `user` pays for; `missing` is thrown when there is no such party or it is not theirs. */
export async function payerFor(
  repo: PaymentsRepo,
  user: RequestUser,
  type: PayingPartyType,
  id: number,
  missing: () => AppError,
): Promise<Payer> {
  const party = await repo.party({ type, id });
  if (!party || (!isAdmin(user) && !paysFor(user, type, party.userId))) throw missing();
  return { type, id, userId: party.userId, name: party.name };
}

/** May `user` read this payment (the confirmPayment page, the office)? */
export async function mayReadPayment(repo: PaymentsRepo, user: RequestUser, row: CardPaymentRow): Promise<boolean> {
  if (isAdmin(user) || row.userId === user.id) return true;
  if (canActOnVenue(user, row.venueId, { office: true })) return true;
  const party = await repo.party({ type: row.partyType as PayingPartyType, id: row.partyId });
  return party?.userId === user.id;
}

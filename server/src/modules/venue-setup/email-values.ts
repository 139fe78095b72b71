import { formatMoney } from '@shared/money';
import type { Db } from '../../db/client';
import { partyBalances, type PartyAt } from '../participation/party-balances';
import { createProfileRepo } from '../user/profile.repo';
import type { VenueRow } from '../venue/venue.repo';

/*
 * The values e-mail placeholders are filled with (EMAIL_PLACEHOLDERS): shared by a template's
 * test send and the e-mail runs to a venue's people.
 */

/** `2026-12-04` → `4.12.2026` (the app's display format). */
const displayDay = (day: string) => day.split('-').reverse().map(Number).join('.');

/** The venue's dates, `4.12.2026 – 7.12.2026` (empty without dates). */
export const venueDates = (v: Pick<VenueRow, 'startDate' | 'endDate'>) =>
  [v.startDate, v.endDate]
    .filter((d): d is string => !!d)
    .map(displayDay)
    .join(' – ');

/** An amount in the venue's currency, as `{balance}` shows it. */
export const venueMoney = (minor: number, venue: Pick<VenueRow, 'currency' | 'currencyDisplay'>) =>
  formatMoney(minor, venue.currencyDisplay || venue.currency);

/** The profiles a user holds, as parties at the venue. */
export async function userPartiesAt(db: Db, userId: number, venueId: number): Promise<PartyAt[]> {
  const ids = await createProfileRepo(db).idsOf(userId);
  return (
    [
      ['rider', ids.riderId],
      ['employer', ids.employerId],
      ['official', ids.officialId],
      ['simpleuser', ids.simpleUserId],
      ['merchant', ids.merchantId],
    ] as const
  ).flatMap(([type, id]) => (id === null ? [] : [{ venueId, type, id }]));
}

/** The sum of the parties' balances (minor units); a party without an account there counts 0. */
export async function balanceOf(db: Db, parties: readonly PartyAt[]): Promise<number> {
  const balances = await partyBalances(db, parties);
  return [...balances.values()].reduce((sum, b) => sum + b, 0);
}

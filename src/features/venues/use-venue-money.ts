import { minorToDecimalString, type Minor } from '@shared/money';
import { formatAmount } from '@/lib/format';
import { useVenue } from './api/get-venue';

/** Formats amounts of a venue: two decimals and the venue's currency (bare while it loads). */
export function useVenueMoney(venueId: number): (minor: Minor) => string {
  const venue = useVenue(venueId).data;
  return (minor) => (venue ? formatAmount(minor, venue) : minorToDecimalString(minor));
}

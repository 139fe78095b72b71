import type { CardPayment } from '@shared/schemas/payments';
import { href } from '@/lib/paths';

/** Where the payer goes back to from a payment's outcome: the show's self-checkout, else their balance. */
export function backLinkOf(payment: Pick<CardPayment, 'party_type' | 'party_id' | 'venue' | 'origin'>): string {
  switch (payment.party_type) {
    case 'rider':
      return payment.origin === 'checkout'
        ? href('riderShowSelfCheckout', { riderId: payment.party_id, venueId: payment.venue })
        : href('riderBalance');
    case 'employer':
      return href('employerBalance');
    case 'official':
      return href('officialBalance');
    case 'simpleuser':
      return href('simpleuserBalance');
    default:
      return href('chooseDashboard');
  }
}

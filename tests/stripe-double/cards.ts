/**
 * The provider's own test cards, as far as Paddock uses them
 * (https://docs.stripe.com/testing): what a confirmation with each one does.
 */

export type CardBehaviour =
  /** Succeeds. */
  | { kind: 'ok' }
  /** Declined when charged (a setup of 4000000000000002 is declined too). */
  | { kind: 'decline'; code: string; declineCode: string; message: string; onSetup: boolean }
  /**
   * 3-D Secure: `always` asks on every payment (off-session ones are declined with
   * authentication_required); `setup` asks on setup and on-session payments, and lets
   * off-session payments of a card set up with authentication through.
   */
  | { kind: 'three_d_secure'; when: 'always' | 'setup' };

const DECLINED = 'Your card was declined.';

const CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': { kind: 'ok' },
  '5555555555554444': { kind: 'ok' },
  '4000002760003184': { kind: 'three_d_secure', when: 'always' },
  '4000002500003155': { kind: 'three_d_secure', when: 'setup' },
  '4000000000000002': {
    kind: 'decline',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: DECLINED,
    onSetup: true,
  },
  /** Attaching succeeds, charging is declined (the provider's card for declines of saved cards). */
  '4000000000000341': {
    kind: 'decline',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: DECLINED,
    onSetup: false,
  },
  '4000000000009995': {
    kind: 'decline',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
    onSetup: false,
  },
};

export const behaviourOf = (number: string): CardBehaviour => CARDS[number] ?? { kind: 'ok' };

export const AUTHENTICATION_REQUIRED = {
  code: 'authentication_required',
  declineCode: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

export const AUTHENTICATION_FAILED = {
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/** The Luhn check every card number passes. */
export function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

/** The provider's fee in the double: 1.5 % of the amount, rounded half up, plus 0.25. */
export const feeOf = (amount: number): number => Math.floor((amount * 15 + 500) / 1000) + 25;

/** The provider's smallest charge per currency (minor units). */
const MINIMUM: Record<string, number> = { pln: 200, gbp: 30 };
export const minimumOf = (currency: string): number => MINIMUM[currency] ?? 50;

import { CARD_MAX_MINOR } from '@shared/schemas/payments';
import { amountFromText } from '@/lib/amount-text';

/** Why an amount typed for a card payment cannot be paid. */
export type AmountProblem = 'required' | 'invalid' | 'below_minimum' | 'over_balance';

export interface AmountLimits {
  /** What is left to pay, in minor units. */
  open: number;
  /** The provider's minimum charge, in minor units. */
  minimum: number;
}

/**
 * The amount of a money field in minor units, exactly (no float arithmetic: the text is read
 * digit by digit, `12,34` in de and `12.34` in en are 1234), or why it cannot be paid: at least
 * the provider's minimum, at most what is open (and the provider's maximum).
 */
export function paymentAmount(
  text: string,
  { open, minimum }: AmountLimits,
  language?: string,
): { minor: number } | { problem: AmountProblem } {
  if (!text.trim()) return { problem: 'required' };
  const minor = amountFromText(text, language);
  if (minor === null || minor === 0) return { problem: 'invalid' };
  if (minor < minimum) return { problem: 'below_minimum' };
  if (minor > open || minor > CARD_MAX_MINOR) return { problem: 'over_balance' };
  return { minor };
}

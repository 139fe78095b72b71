import type { FieldErrors } from '@shared/errors';

export interface RatePeriod {
  rate_bp: number;
  valid_from: string;
  valid_to?: string | null;
}

/** `YYYY-MM-DD` today (UTC). */
export const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * Field errors of a tax type's rates, or null: a period must not end before it starts, and
 * periods must not overlap (so only the last one may be open-ended).
 */
export function rateErrors(rates: readonly RatePeriod[]): FieldErrors | null {
  const backwards: FieldErrors = {};
  rates.forEach((rate, i) => {
    if (rate.valid_to && rate.valid_to < rate.valid_from) backwards[i] = { valid_to: ['invalid_date'] };
  });
  if (Object.keys(backwards).length) return { rates: backwards };
  const sorted = [...rates].sort((a, b) => a.valid_from.localeCompare(b.valid_from));
  for (let i = 1; i < sorted.length; i++) {
    const before = sorted[i - 1]!;
    if (!before.valid_to || before.valid_to >= sorted[i]!.valid_from) return { rates: ['overlapping_rates'] };
  }
  return null;
}

/** The rate valid on `day`, if any. */
export function rateOn<T extends RatePeriod>(rates: readonly T[], day: string): T | undefined {
  return rates.find((r) => r.valid_from <= day && (!r.valid_to || r.valid_to >= day));
}

import { minorToDecimalString, parseAmount } from '@shared/money';

/**
 * Money fields are text fields ("12,50"): their value in minor units, or null when it is not
 * a non-negative amount.
 */
export function amountFromText(text: string): number | null {
  try {
    const minor = parseAmount(text);
    return minor >= 0 ? minor : null;
  } catch {
    return null;
  }
}

/** The text a money field starts with: "12.50", or empty for nothing. */
export function amountToText(minor: number | null | undefined): string {
  return minor === null || minor === undefined ? '' : minorToDecimalString(minor);
}

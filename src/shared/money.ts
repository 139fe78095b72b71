/**
 * Money is integer minor units, never floats (CONVENTIONS 6). Every conversion between
 * what a person types or reads and what is stored goes through this file.
 */
export type Minor = number;

export class MoneyError extends Error {}

/** A safe integer or an error: amounts beyond Number.MAX_SAFE_INTEGER are refused. */
export function safeMinor(value: number): Minor {
  if (!Number.isSafeInteger(value)) throw new MoneyError(`not a safe integer amount: ${value}`);
  return value;
}

/** Parse "12.5", "12,50", "-3" or "1 234.56" into minor units (2 decimals). */
export function parseAmount(text: string): Minor {
  const cleaned = text
    .trim()
    .replace(/[\s'\u00a0]/g, '')
    .replace(',', '.');
  const match = /^(-)?(\d+)(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match) throw new MoneyError(`not an amount: ${text}`);
  const [, sign, whole, frac = ''] = match;
  const minor = BigInt(whole!) * 100n + BigInt((frac + '00').slice(0, 2));
  const signed = sign ? -minor : minor;
  if (signed > BigInt(Number.MAX_SAFE_INTEGER) || signed < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new MoneyError(`amount too large: ${text}`);
  }
  return Number(signed);
}

/** "1234.50" style with exactly two decimals. */
export function minorToDecimalString(minor: Minor): string {
  safeMinor(minor);
  const negative = minor < 0;
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${negative ? '-' : ''}${whole}.${cents.toString().padStart(2, '0')}`;
}

/** Amounts are shown with exactly 2 decimals plus the venue currency (spec §9). */
export function formatMoney(minor: Minor, currency: string): string {
  return `${minorToDecimalString(minor)} ${currency}`;
}

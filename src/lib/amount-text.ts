import i18next from 'i18next';
import { MoneyError, minorToDecimalString } from '@shared/money';

/**
 * Money fields are text fields, typed the way the user's language writes amounts:
 * `12,50` and `1.234,50` in de and it, `12,50` and `1 234,50` in fr and pl, `12.50` and
 * `1,234.50` in en. The other separator is accepted as the decimal one where it cannot be read
 * as a thousands group: `12.50` in de is 12.50, `12,5` in en is 12.50; `1.250` in fr or pl
 * (a group or three decimals?) is refused. More than two decimals are refused, never rounded.
 */

interface Separators {
  decimal: string;
  /** The thousands separator besides spaces, if the language has one. */
  group: string | null;
}

const SEPARATORS: Record<string, Separators> = {
  en: { decimal: '.', group: ',' },
  de: { decimal: ',', group: '.' },
  it: { decimal: ',', group: '.' },
  fr: { decimal: ',', group: null },
  pl: { decimal: ',', group: null },
};

/** The separators of a language (`de-AT` → de); German's for anything else (spec §9 default). */
export function separatorsOf(language: string | undefined = i18next.language): Separators {
  const base = (language ?? 'de').toLowerCase().split('-')[0] ?? 'de';
  return SEPARATORS[base] ?? SEPARATORS.de!;
}

const escape = (char: string) => `\\${char}`;

/**
 * The amount in minor units (negative with a leading minus), or throws MoneyError when the text
 * is not an amount as `language` writes it (default: the app's language).
 */
export function parseLocalAmount(text: string, language?: string): number {
  const { decimal, group } = separatorsOf(language);
  const other = decimal === ',' ? '.' : ',';
  const cleaned = text.trim().replace(/[\s'\u00a0\u202f]/g, '');
  const signed = /^(-)?(.*)$/.exec(cleaned)!;
  const body = signed[2]!;
  const d = escape(decimal);
  let whole: string | undefined;
  let fraction = '';
  const patterns: RegExp[] = [
    new RegExp(`^(\\d+)(?:${d}(\\d{0,2}))?$`),
    ...(group ? [new RegExp(`^(\\d{1,3}(?:${escape(group)}\\d{3})+)(?:${d}(\\d{0,2}))?$`)] : []),
    // The other separator with one or two digits after it cannot be a thousands group.
    new RegExp(`^(\\d+)${escape(other)}(\\d{1,2})$`),
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(body);
    if (match) {
      whole = match[1]!.replace(/\D/g, '');
      fraction = match[2] ?? '';
      break;
    }
  }
  if (whole === undefined) throw new MoneyError(`not an amount: ${text}`);
  const minor = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  const value = signed[1] ? -minor : minor;
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new MoneyError(`amount too large: ${text}`);
  }
  return Number(value);
}

/**
 * Money fields are text fields ("12,50"): their value in minor units, or null when it is not
 * a non-negative amount in the app's language (or `language`).
 */
export function amountFromText(text: string, language?: string): number | null {
  try {
    const minor = parseLocalAmount(text, language);
    return minor >= 0 ? minor : null;
  } catch {
    return null;
  }
}

/** The text a money field starts with: "12,50" in de, "12.50" in en, or empty for nothing. */
export function amountToText(minor: number | null | undefined, language?: string): string {
  if (minor === null || minor === undefined) return '';
  const text = minorToDecimalString(minor);
  return separatorsOf(language).decimal === ',' ? text.replace('.', ',') : text;
}

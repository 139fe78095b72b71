/**
 * The clearing ledger's vocabulary and its pure rules (DOMAIN.md "Money"). Server and client
 * share them: the server posts with them, the client previews net, tax and gross with them.
 */
import type { Minor } from './money';

export const TRANSACTION_KINDS = ['charge', 'credit', 'payment', 'payout', 'fee', 'sale', 'reversal'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
/** What a person may post directly; reversals come from an edit or a delete. */
export const POSTABLE_KINDS = ['charge', 'credit', 'payment', 'payout', 'fee', 'sale'] as const;
export type PostableKind = (typeof POSTABLE_KINDS)[number];

export const TRANSACTION_SOURCES = ['stable', 'merchant', 'office', 'import', 'card', 'bank', 'system'] as const;
export type TransactionSource = (typeof TRANSACTION_SOURCES)[number];

/** Who pays or is paid. */
export const PARTY_TYPES = ['rider', 'employer', 'official', 'simpleuser', 'merchant'] as const;
export type PartyType = (typeof PARTY_TYPES)[number];

export const ACCOUNT_KINDS = [
  'party',
  'revenue',
  'tax',
  'merchant',
  'fees',
  'card',
  'cash',
  'prize',
  'payouts',
  /** Card clearing's cost: the provider's fee on each card payment. */
  'card_fees',
  /** Transfers received on the venue's bank account, matched from a statement. */
  'bank',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** Kinds of charge: a consumable's category, and the key of the events' tax configuration. */
export const CHARGE_CATEGORIES = [
  'entry_fee',
  'box',
  'shavings',
  'hay',
  'feed',
  'electricity',
  'parking',
  'services',
  'prize_money',
  'other',
] as const;
export type ChargeCategory = (typeof CHARGE_CATEGORIES)[number];

export const TAX_OVERRIDES = ['NO_OVERRIDE', 'FORCE', 'SKIP'] as const;
export type TaxOverride = (typeof TAX_OVERRIDES)[number];

/** Bounds of one line (spec: "negative or absurd quantities" are refused). */
export const MAX_QUANTITY = 10_000;
/** 100,000,000.00 per unit: beyond any show's price list, far inside the safe integer range. */
export const MAX_UNIT_PRICE_MINOR = 10_000_000_000;
/**
 * Hard cap of one entry's amount (gross, net, tax, fee), whatever the venue's own limit says:
 * 1,000,000,000.00. The venue's limit for one entry (venues.max_entry_minor) lies in 1..this.
 */
export const MAX_ENTRY_MINOR = 100_000_000_000;
/** A venue's limit for one entry unless its admin sets another: 10,000.00 in its currency. */
export const DEFAULT_ENTRY_LIMIT_MINOR = 1_000_000;
/**
 * Bound of every running total of an account (balance, charged, tax, paid): ±10,000,000,000.00.
 * An entry that would take an account past it is refused (the accounts' check constraint), so a
 * balance, and any sum over a venue's accounts up to ~9,000 accounts at the bound, stays a safe
 * integer (2^53 ≈ 9.007e15).
 */
export const ACCOUNT_BOUND_MINOR = 1_000_000_000_000;
/**
 * Bound of an account's turnover (Σ |posting|, reversals included): 100,000,000,000.00. Every
 * entry posts to a few venue accounts (revenue, tax per rate, cash, payouts, …), so any sum
 * over a venue's entries — filtered lists included — stays far inside the safe range, however
 * often entries are posted and reversed.
 */
export const ACCOUNT_VOLUME_BOUND_MINOR = 10_000_000_000_000;
/** An office entry above this share of the venue's limit asks for confirmation first. */
export const LARGE_ENTRY_SHARE = 0.1;

/** a × b / c rounded half away from zero, exactly (BigInt), for non-negative c. */
export function mulDivRound(a: Minor, b: number, c: number): Minor {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  const q = n / d;
  const r = n % d;
  const twice = (r < 0n ? -r : r) * 2n;
  const rounded = twice >= d ? q + (n < 0n ? -1n : 1n) : q;
  return Number(rounded);
}

export interface TaxInput {
  /** quantity × unit price, in minor units; may be negative (a correction line). */
  lineAmount: Minor;
  /** The line's entered amount includes tax (gross) or not (net). */
  pricesIncludeTax: boolean;
  /** Rate in basis points (2200 = 22 %). */
  rateBp: number;
  /** Whether the configuration applies the tax by default. */
  appliesByDefault: boolean;
  override: TaxOverride;
}

export interface TaxResult {
  net: Minor;
  tax: Minor;
  gross: Minor;
  /** The rate that was applied (0 when the tax was skipped). */
  rateBp: number;
  applied: boolean;
}

/**
 * Net, tax and gross of one line, rounded per line. FORCE applies the tax, SKIP removes it
 * (reverse charge: a gross price loses its tax part), NO_OVERRIDE follows the configuration.
 */
export function computeTax({ lineAmount, pricesIncludeTax, rateBp, appliesByDefault, override }: TaxInput): TaxResult {
  const applied = rateBp > 0 && (override === 'FORCE' || (override === 'NO_OVERRIDE' && appliesByDefault));
  if (pricesIncludeTax) {
    const taxPart = rateBp > 0 ? mulDivRound(lineAmount, rateBp, 10_000 + rateBp) : 0;
    const net = lineAmount - taxPart;
    return applied
      ? { net, tax: taxPart, gross: lineAmount, rateBp, applied }
      : { net, tax: 0, gross: net, rateBp: 0, applied };
  }
  if (!applied) return { net: lineAmount, tax: 0, gross: lineAmount, rateBp: 0, applied };
  const tax = mulDivRound(lineAmount, rateBp, 10_000);
  return { net: lineAmount, tax, gross: lineAmount + tax, rateBp, applied };
}

/** A merchant's fee on a sale: percentage (basis points) of the gross plus a fixed amount. */
export function merchantFee(gross: Minor, feePercentBp: number, feeFixedMinor: Minor): Minor {
  if (gross <= 0) return 0;
  return Math.min(gross, mulDivRound(gross, feePercentBp, 10_000) + feeFixedMinor);
}

/** "22" or "22,5" or "7.7" percent to basis points; null when it is not a rate between 0 and 100. */
export function parsePercent(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number(((match[2] ?? '') + '00').slice(0, 2));
  return bp <= 10_000 ? bp : null;
}

/** Basis points as a percent string: 2200 → "22", 770 → "7.7", 1250 → "12.5". */
export function formatPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const frac = Math.abs(bp % 100);
  if (frac === 0) return String(whole);
  return `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}

export interface EntryAmounts {
  gross: Minor;
  net: Minor;
  tax: Minor;
  /** The merchant's fee of a sale (0 otherwise). */
  fee: Minor;
}

export interface PlannedPosting {
  /** 'party' is the transaction's party; 'merchant' is the sale's merchant. */
  account: AccountKind;
  amount: Minor;
}

/**
 * The balanced journal entry of a transaction (its amounts are non-negative; the kind gives the
 * direction). Party balance: positive, the venue owes the party; negative, the party owes.
 *   charge   party −gross, revenue +net, tax +tax (prize_money category: prize instead of revenue)
 *   credit   party +gross, revenue −net, tax −tax (prize_money: prize −gross)
 *   payment  party +gross, card|cash −gross (card when the source is card)
 *   payout   party −gross, payouts +gross
 *   fee      party −gross, fees +net, tax +tax
 *   sale     party −gross, merchant +(gross − fee), fees +fee
 * A reversal posts the exact negation of the entry it reverses.
 */
export function planPostings(
  kind: PostableKind,
  amounts: EntryAmounts,
  options: { source: TransactionSource; category: ChargeCategory | string },
): PlannedPosting[] {
  const { gross, net, tax, fee } = amounts;
  const prize = options.category === 'prize_money';
  const lines: PlannedPosting[] = (() => {
    switch (kind) {
      case 'charge':
        return prize
          ? [
              { account: 'party', amount: -gross },
              { account: 'prize', amount: gross },
            ]
          : [
              { account: 'party', amount: -gross },
              { account: 'revenue', amount: net },
              { account: 'tax', amount: tax },
            ];
      case 'credit':
        return prize
          ? [
              { account: 'party', amount: gross },
              { account: 'prize', amount: -gross },
            ]
          : [
              { account: 'party', amount: gross },
              { account: 'revenue', amount: -net },
              { account: 'tax', amount: -tax },
            ];
      case 'payment':
        return [
          { account: 'party', amount: gross },
          { account: options.source === 'card' ? 'card' : options.source === 'bank' ? 'bank' : 'cash', amount: -gross },
        ];
      case 'payout':
        return [
          { account: 'party', amount: -gross },
          { account: 'payouts', amount: gross },
        ];
      case 'fee':
        return [
          { account: 'party', amount: -gross },
          { account: 'fees', amount: net },
          { account: 'tax', amount: tax },
        ];
      case 'sale':
        return [
          { account: 'party', amount: -gross },
          { account: 'merchant', amount: gross - fee },
          { account: 'fees', amount: fee },
        ];
    }
  })();
  return lines.filter((line) => line.amount !== 0);
}

/** Does a journal entry balance? */
export const isBalanced = (lines: readonly { amount: Minor }[]): boolean =>
  lines.reduce((sum, line) => sum + line.amount, 0) === 0;

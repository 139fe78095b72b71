import { isBalanced, planPostings, type AccountKind, type PostableKind, type TransactionSource } from '@shared/ledger';

/**
 * What an entry does to the accounts: its postings (planPostings, mapped onto accounts) and the
 * running totals besides the balance. Pure; the journal repo writes the result.
 *
 * Accounts: the party's (venue, 'party', party type, party id), the sale's merchant's
 * (venue, 'merchant', 'merchant', merchant id), one tax account per rate (venue, 'tax', '',
 * rate in basis points: VAT per rate is then a running total) and the venue's own
 * (venue, kind, '', 0).
 */

export interface AccountKey {
  kind: AccountKind;
  partyType: string;
  partyId: number;
}

export interface PostingLine extends AccountKey {
  amount: number;
}

export interface AccountDelta extends AccountKey {
  balance: number;
  charged: number;
  tax: number;
  paid: number;
  /** Σ |amount| of the postings (the account's turnover, bounded like the totals). */
  volume: number;
  postings: number;
}

/** The fields of a (non-reversal) transaction that decide its postings and totals. */
export interface EntryFigures {
  kind: PostableKind;
  partyType: string;
  partyId: number;
  merchantId: number | null;
  category: string;
  source: string;
  taxRateBp: number;
  gross: number;
  net: number;
  tax: number;
  fee: number;
}

/** Kinds that carry VAT; prize money is never a taxable supply of the venue. */
export const isTaxable = (kind: string, category: string): boolean =>
  (kind === 'charge' || kind === 'credit' || kind === 'fee') && category !== 'prize_money';

function accountOf(entry: EntryFigures, account: AccountKind): AccountKey {
  switch (account) {
    case 'party':
      return { kind: 'party', partyType: entry.partyType, partyId: entry.partyId };
    case 'merchant':
      if (entry.merchantId === null) throw new Error('a sale needs a merchant');
      return { kind: 'merchant', partyType: 'merchant', partyId: entry.merchantId };
    case 'tax':
      return { kind: 'tax', partyType: '', partyId: entry.taxRateBp };
    default:
      return { kind: account, partyType: '', partyId: 0 };
  }
}

/** The balanced journal entry of a transaction. */
export function postingLines(entry: EntryFigures): PostingLine[] {
  const lines = planPostings(entry.kind, entry, {
    source: entry.source as TransactionSource,
    category: entry.category,
  }).map((line) => ({ ...accountOf(entry, line.account), amount: line.amount }));
  if (!isBalanced(lines)) throw new Error('unbalanced journal entry');
  return lines;
}

const zero = (key: AccountKey): AccountDelta => ({
  ...key,
  balance: 0,
  charged: 0,
  tax: 0,
  paid: 0,
  volume: 0,
  postings: 0,
});

/**
 * The party's charged (charge, fee, sale), tax (charge, fee; a credit takes it back) and paid
 * (payment); the rate's tax account's VAT base (charged) and tax. `sign` −1 reverses them.
 */
export function totalsOf(entry: EntryFigures, sign: 1 | -1): AccountDelta[] {
  const party = zero(accountOf(entry, 'party'));
  const { kind, gross, net, tax } = entry;
  if (kind === 'charge' || kind === 'fee' || kind === 'sale') party.charged = sign * gross;
  if (kind === 'charge' || kind === 'fee') party.tax = sign * tax;
  if (kind === 'credit') party.tax = -sign * tax;
  if (kind === 'payment') party.paid = sign * gross;
  if (!isTaxable(kind, entry.category)) return [party];
  const vat = zero(accountOf(entry, 'tax'));
  const direction = kind === 'credit' ? -sign : sign;
  vat.charged = direction * net;
  vat.tax = direction * tax;
  return [party, vat];
}

const keyOf = (k: AccountKey) => `${k.kind}\u0000${k.partyType}\u0000${k.partyId}`;

/** Orders accounts the same way for every writer, so concurrent writers never deadlock. */
export const compareAccounts = (a: AccountKey, b: AccountKey): number =>
  a.kind < b.kind
    ? -1
    : a.kind > b.kind
      ? 1
      : a.partyType < b.partyType
        ? -1
        : a.partyType > b.partyType
          ? 1
          : a.partyId - b.partyId;

/** One delta per account: the postings' sum and count plus the other totals, in lock order. */
export function accountDeltas(lines: readonly PostingLine[], totals: readonly AccountDelta[]): AccountDelta[] {
  const byKey = new Map<string, AccountDelta>();
  const deltaOf = (key: AccountKey) => {
    const id = keyOf(key);
    let delta = byKey.get(id);
    if (!delta) {
      delta = zero({ kind: key.kind, partyType: key.partyType, partyId: key.partyId });
      byKey.set(id, delta);
    }
    return delta;
  };
  for (const line of lines) {
    const delta = deltaOf(line);
    delta.balance += line.amount;
    delta.volume += Math.abs(line.amount);
    delta.postings += 1;
  }
  for (const total of totals) {
    const delta = deltaOf(total);
    delta.charged += total.charged;
    delta.tax += total.tax;
    delta.paid += total.paid;
  }
  return [...byKey.values()].sort(compareAccounts);
}

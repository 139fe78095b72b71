import type { PartyType, TransactionKind, TransactionSource } from '@shared/ledger';
import type { Transaction } from '@shared/schemas/ledger';
import type { transactions } from '../../db/schema';

export type TransactionRow = typeof transactions.$inferSelect;

/** A transaction row with what its wire form names besides it. */
export interface WireRow {
  t: TransactionRow;
  partyName: string | null;
  beneficiaryName: string | null;
  merchantName: string | null;
  createdByName: string | null;
  /** The reversal that cancelled this entry. */
  reversedBy: number | null;
  /** For a reversal: the kind of the entry it reverses. */
  originalKind: string | null;
}

/** +1 when the kind credits the party (the venue owes more), −1 when it charges. */
export const partySign = (kind: string): 1 | -1 => (kind === 'credit' || kind === 'payment' ? 1 : -1);

/** Normalises −0 (from a sign times zero) to 0. */
const signed = (sign: number, amount: number) => sign * amount || 0;

/**
 * The wire form: net, tax and gross signed as they affect the party (a charge negative, a
 * payment positive; a reversal the opposite of what it reverses).
 */
export function toWire(row: WireRow): Transaction {
  const { t } = row;
  const sign = partySign(row.originalKind ?? t.kind);
  return {
    id: t.id,
    venue: t.venueId,
    kind: t.kind as TransactionKind,
    party: { type: t.partyType as PartyType, id: t.partyId, name: row.partyName ?? '' },
    beneficiary: t.beneficiaryRiderId === null ? null : { id: t.beneficiaryRiderId, name: row.beneficiaryName ?? '' },
    merchant: t.merchantId === null ? null : { id: t.merchantId, name: row.merchantName ?? '' },
    consumable: t.consumableId,
    vec: t.vecId,
    category: t.category,
    description: t.description,
    quantity: t.quantity,
    unit_price: t.unitPriceMinor,
    tax_type: t.taxTypeId,
    tax_rate_bp: t.taxRateBp,
    prices_include_tax: t.pricesIncludeTax,
    net: signed(sign, t.netMinor),
    tax: signed(sign, t.taxMinor),
    gross: signed(sign, t.grossMinor),
    fee: t.feeMinor,
    currency: t.currency,
    source: t.source as TransactionSource,
    created_by: t.createdByUserId === null ? null : { id: t.createdByUserId, name: row.createdByName ?? '' },
    device_id: t.deviceId,
    occurred_at: t.occurredAt.toISOString(),
    recorded_at: t.recordedAt.toISOString(),
    invoice: t.invoiceId,
    reversal_of: t.reversalOfId,
    reversed_by: row.reversedBy,
    replaces: t.replacesId,
    editable: t.invoiceId === null && row.reversedBy === null && t.kind !== 'reversal',
  };
}

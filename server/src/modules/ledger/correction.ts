import type { PartyType, PostableKind, TransactionSource } from '@shared/ledger';
import type { TransactionEdit } from '@shared/schemas/ledger';
import type { RequestUser } from '../../types';
import type { EntryFigures, PostingLine } from './effects';
import type { EntrySpec, EntryValues } from './entry';
import type { TransactionRow } from './wire';

/**
 * Corrections (DOMAIN.md "Money is append-only"): an entry is never changed; a reversal posts
 * the exact negation of its postings, and an edit posts a new entry with the merged fields.
 */

export const figuresOf = (row: TransactionRow): EntryFigures => ({
  kind: row.kind as PostableKind,
  partyType: row.partyType,
  partyId: row.partyId,
  merchantId: row.merchantId,
  category: row.category,
  source: row.source,
  taxRateBp: row.taxRateBp,
  gross: row.grossMinor,
  net: row.netMinor,
  tax: row.taxMinor,
  fee: row.feeMinor,
});

const negate = (amount: number) => -amount || 0;

/** The reversal row of an entry: the same line with every amount negated. */
export function reversalValues(
  row: TransactionRow,
  user: RequestUser,
  deviceId: string | null,
  idempotencyKey: string | null,
): EntryValues & { reversalOfId: number } {
  const now = new Date();
  const { id: _id, invoiceId: _invoice, externalRef: _ref, ...line } = row;
  return {
    ...line,
    kind: 'reversal',
    quantity: negate(row.quantity),
    netMinor: negate(row.netMinor),
    taxMinor: negate(row.taxMinor),
    grossMinor: negate(row.grossMinor),
    feeMinor: negate(row.feeMinor),
    createdByUserId: user.id,
    impersonatorId: user.impersonatorId,
    deviceId,
    occurredAt: now,
    recordedAt: now,
    idempotencyKey,
    reversalOfId: row.id,
    replacesId: null,
  };
}

export const negatedLines = (lines: readonly PostingLine[]): PostingLine[] =>
  lines.map((line) => ({ ...line, amount: negate(line.amount) }));

/**
 * The new entry of an edit: the old entry's fields, overridden by the edit's. A new consumable
 * brings its own description, price and category unless the edit names them; the party and its
 * beneficiary stay; the tax is resolved again (the edit's tax type, else consumable and event).
 */
export function editedSpec(row: TransactionRow, edit: TransactionEdit, idempotencyKey: string | null): EntrySpec {
  const newConsumable = edit.consumable != null && edit.consumable !== row.consumableId;
  const keep = <T>(given: T | undefined, old: T): T | undefined => given ?? (newConsumable ? undefined : old);
  return {
    venueId: row.venueId,
    kind: row.kind as PostableKind,
    partyType: row.partyType as PartyType,
    partyId: row.partyId,
    keptBeneficiaryRiderId: row.beneficiaryRiderId,
    consumableId: edit.consumable !== undefined ? edit.consumable : row.consumableId,
    keptConsumableId: row.consumableId,
    vecId: edit.vec !== undefined ? edit.vec : row.vecId,
    category: keep(edit.category, row.category),
    description: keep(edit.description, row.description),
    quantity: edit.quantity ?? row.quantity,
    unitPrice: keep(edit.unit_price, row.unitPriceMinor),
    taxTypeId: edit.tax_type ?? null,
    merchantId: row.merchantId,
    source: row.source as TransactionSource,
    deviceId: edit.device_id ?? null,
    occurredAt: row.occurredAt,
    idempotencyKey,
    replacesId: row.id,
  };
}

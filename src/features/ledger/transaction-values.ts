import {
  MAX_QUANTITY,
  MAX_UNIT_PRICE_MINOR,
  type ChargeCategory,
  type PartyType,
  type PostableKind,
  type TransactionKind,
} from '@shared/ledger';
import i18next from 'i18next';
import type { Minor } from '@shared/money';
import { formatMoney } from '@/lib/format';
import type { Transaction, TransactionEdit, TransactionInput } from '@shared/schemas/ledger';
import { amountToText, parseLocalAmount } from '@/lib/amount-text';
import { translateFieldError } from '@/lib/form-errors';

/** What the office posts by hand; a merchant's sale comes from the merchant's own screens. */
export const OFFICE_KINDS = ['charge', 'credit', 'payment', 'payout', 'fee'] as const satisfies PostableKind[];
export type OfficeKind = (typeof OFFICE_KINDS)[number];

/** Money moved, not goods sold: one amount, no tax, no consumable. */
export const isMoneyKind = (kind: TransactionKind) => kind === 'payment' || kind === 'payout';

/** The form's fields, named as the API names them so server field errors land on them. */
export interface TransactionValues {
  party_type: PartyType;
  party_id: string | null;
  kind: OfficeKind;
  /** Ids as select values; '' is none. */
  consumable: string;
  vec: string;
  category: ChargeCategory;
  description: string;
  quantity: number | string;
  /** As typed, the way the app's language writes amounts: "12,50" in de, "12.50" in en. */
  unit_price: string;
  tax_type: string;
}

export function newTransactionValues(partyType: PartyType = 'rider'): TransactionValues {
  return {
    party_type: partyType,
    party_id: null,
    kind: 'charge',
    consumable: '',
    vec: '',
    category: 'other',
    description: '',
    quantity: 1,
    unit_price: '',
    tax_type: '',
  };
}

const idText = (id: number | null) => (id === null ? '' : String(id));

export function editTransactionValues(entry: Transaction): TransactionValues {
  return {
    party_type: entry.party.type,
    party_id: String(entry.party.id),
    kind: (OFFICE_KINDS as readonly string[]).includes(entry.kind) ? (entry.kind as OfficeKind) : 'charge',
    consumable: idText(entry.consumable),
    vec: idText(entry.vec),
    category: entry.category as ChargeCategory,
    description: entry.description,
    quantity: entry.quantity,
    unit_price: amountToText(entry.unit_price),
    tax_type: idText(entry.tax_type),
  };
}

/** The unit price in minor units, or null when it is empty or not an amount as the app's language writes it. */
export function unitPriceOf(text: string): Minor | null {
  if (!text.trim()) return null;
  try {
    return parseLocalAmount(text);
  } catch {
    return null;
  }
}

const idOf = (text: string) => (text ? Number(text) : null);

const ledgerText = (key: string, options?: Record<string, unknown>) => i18next.t(`ledger:form.${key}`, options);

/**
 * Client checks before anything is sent; the server checks again. Nothing is clamped or
 * corrected: a quantity of 0, -3 or 100000 and an amount that is not one are refused on their field.
 */
export function validateTransaction(values: TransactionValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.party_id) errors.party_id = translateFieldError('required');
  const quantity = typeof values.quantity === 'number' ? values.quantity : Number(values.quantity);
  if (isMoneyKind(values.kind)) {
    // One amount: the quantity is not asked.
  } else if (values.quantity === '' || !Number.isInteger(quantity) || quantity < 1)
    errors.quantity = ledgerText('quantityMin');
  else if (quantity > MAX_QUANTITY) errors.quantity = ledgerText('quantityMax', { max: MAX_QUANTITY });
  const price = unitPriceOf(values.unit_price);
  if (!values.unit_price.trim()) {
    if (!values.consumable || isMoneyKind(values.kind)) errors.unit_price = translateFieldError('required');
  } else if (price === null) errors.unit_price = ledgerText('amountInvalid', { example: amountToText(1250) });
  else if (price < 1) errors.unit_price = translateFieldError('too_small');
  else if (price > MAX_UNIT_PRICE_MINOR) errors.unit_price = translateFieldError('too_big');
  return errors;
}

/** The error of an entry whose gross is above the venue's limit, else null. */
export function overLimitError(gross: Minor | null, limit: Minor, currency: string): string | null {
  return gross !== null && Math.abs(gross) > limit
    ? ledgerText('overLimit', { limit: formatMoney(limit, currency) })
    : null;
}

/** The editable part of a line, shared by a new entry and an edit. */
function lineOf(values: TransactionValues) {
  const money = isMoneyKind(values.kind);
  return {
    description: values.description.trim() || undefined,
    quantity: money ? 1 : Number(values.quantity),
    unit_price: unitPriceOf(values.unit_price) ?? undefined,
    ...(!money && {
      consumable: idOf(values.consumable),
      vec: idOf(values.vec),
      category: values.category,
      tax_type: idOf(values.tax_type),
    }),
  };
}

export function toTransactionInput(values: TransactionValues, venue: number): TransactionInput {
  return {
    venue,
    kind: values.kind,
    party_type: values.party_type,
    party_id: Number(values.party_id),
    source: 'office',
    ...lineOf(values),
  };
}

export function toTransactionEdit(values: TransactionValues): TransactionEdit {
  return lineOf(values);
}

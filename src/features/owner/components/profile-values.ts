import type { OwnerType } from '@shared/schemas/owner';
import { minorToDecimalString, parseAmount } from '@shared/money';
import type { Profile, ProfileInput } from '../api/profile';

/** The form's values: text fields as typed, and the official's functions. */
export type ProfileValues = Record<string, string | string[]>;

const CONTACT = ['email', 'phone', 'address', 'postal_code', 'city', 'country'] as const;
const NAMES = ['first_name', 'last_name'] as const;

/** The kind's fields in form order (PROFILE_SCHEMAS input), the official's functions apart. */
export const PROFILE_FIELDS: Record<OwnerType, readonly string[]> = {
  rider: [...NAMES, 'fei_id', 'national_id', 'registration_id', 'nationality', 'birth_date', ...CONTACT],
  employer: ['company_name', 'vat_id', 'leitweg_id', ...NAMES, ...CONTACT],
  official: [...NAMES, 'fei_id', 'nationality', ...CONTACT],
  simpleuser: [...NAMES, ...CONTACT],
  merchant: ['company_name', 'vat_id', ...NAMES, ...CONTACT],
};

/** Shown and sent only when an admin is signed in (the server refuses them from anyone else). */
export const ADMIN_FIELDS: Record<OwnerType, readonly string[]> = {
  rider: ['tax_override', 'bookkeeping_ref_id'],
  employer: ['bookkeeping_ref_id'],
  official: [],
  simpleuser: [],
  merchant: ['fee_percent_bp', 'fee_fixed_minor'],
};

export const REQUIRED_FIELDS = new Set(['first_name', 'last_name', 'company_name']);
const UPPERCASE = new Set(['country', 'nationality']);
/** Basis points and minor units are typed like amounts: "2.50" (%) and "1.00". */
const AMOUNTS = new Set(['fee_percent_bp', 'fee_fixed_minor']);

function amount(text: string): number {
  try {
    return parseAmount(text);
  } catch {
    return Number.NaN;
  }
}

export function profileValues(type: OwnerType, profile?: Partial<Profile>): ProfileValues {
  const source = (profile ?? {}) as Record<string, unknown>;
  const values: ProfileValues = {};
  for (const field of [...PROFILE_FIELDS[type], ...ADMIN_FIELDS[type]]) {
    const value = source[field];
    if (AMOUNTS.has(field)) values[field] = typeof value === 'number' ? minorToDecimalString(value) : '0.00';
    else if (field === 'tax_override') values[field] = typeof value === 'string' ? value : 'NO_OVERRIDE';
    else values[field] = value === null || value === undefined ? '' : String(value);
  }
  if (type === 'official') values.functions = Array.isArray(source.functions) ? (source.functions as string[]) : [];
  return values;
}

/** What is sent: empty optional fields as null, amounts in minor units / basis points. */
export function profileInput(type: OwnerType, values: ProfileValues, admin: boolean): ProfileInput {
  const input: Record<string, unknown> = {};
  for (const field of [...PROFILE_FIELDS[type], ...(admin ? ADMIN_FIELDS[type] : [])]) {
    const text = String(values[field] ?? '').trim();
    if (AMOUNTS.has(field)) input[field] = amount(text);
    else if (field === 'bookkeeping_ref_id') input[field] = text === '' ? null : Number(text);
    else if (REQUIRED_FIELDS.has(field) || field === 'tax_override') input[field] = text;
    else input[field] = text === '' ? null : UPPERCASE.has(field) ? text.toUpperCase() : text;
  }
  if (type === 'official') input.functions = values.functions ?? [];
  return input as ProfileInput;
}

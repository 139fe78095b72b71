import type { z } from 'zod';
import type { OwnerType } from '@shared/schemas/owner';
import { PROFILE_SCHEMAS } from '@shared/schemas/people';

/**
 * Profiles on the wire: snake_case fields of PROFILE_SCHEMAS ↔ the camelCase columns of the
 * profile tables (schema/profiles.ts). One mapping for every kind.
 */
type Row = Record<string, unknown> & { id: number; userId: number | null };

export type ProfileOf<K extends OwnerType> = z.infer<(typeof PROFILE_SCHEMAS)[K]['wire']>;

const columnOf = (field: string) => field.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/** Fields only an admin may set (a bookkeeping reference, the tax override, a merchant's fees). */
export const ADMIN_ONLY_FIELDS: Record<OwnerType, readonly string[]> = {
  rider: ['tax_override', 'bookkeeping_ref_id'],
  employer: ['bookkeeping_ref_id'],
  official: [],
  simpleuser: [],
  merchant: ['fee_percent_bp', 'fee_fixed_minor'],
};

export function toProfile<K extends OwnerType>(kind: K, row: Row, termsAccepted: boolean): ProfileOf<K> {
  const fields = Object.keys(PROFILE_SCHEMAS[kind].wire.shape);
  return Object.fromEntries(
    fields.map((field) => {
      if (field === 'user') return [field, row.userId];
      if (field === 'terms_accepted') return [field, termsAccepted];
      return [field, row[columnOf(field)] ?? null];
    }),
  ) as ProfileOf<K>;
}

/** The columns an input names; a field left out keeps its value. */
export function profileColumns(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input)
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => [columnOf(field), value]),
  );
}

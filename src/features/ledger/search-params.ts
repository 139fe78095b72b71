import { PARTY_TYPES, type PartyType } from '@shared/ledger';

/** A positive whole number from the query string, or undefined. */
export function idParam(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : undefined;
}

/** A party type from the query string, or undefined. */
export function partyTypeParam(value: string | null): PartyType | undefined {
  return (PARTY_TYPES as readonly string[]).includes(value ?? '') ? (value as PartyType) : undefined;
}

import { feiPersonIdField } from '@shared/schemas/owner';
import type { LookupBy, PersonFound } from '@shared/schemas/people';
import { ApiError } from '@/lib/api-error';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import type { PersonKind } from './search-people';

/** POST /api/v1/people/lookup/ {kind, by, value}: exactly that person (id and name), 404 when none. */
export function lookupPerson(kind: PersonKind, by: LookupBy, value: string): Promise<PersonFound> {
  return api.post<PersonFound>('people/lookup/', { kind, by, value });
}

/**
 * Someone new to the venue by what the office was told: an e-mail (has an @), an FEI id (digits
 * only, tried as a national id too, as some federations number alike) or a national id. `null`
 * when nobody has exactly that.
 */
export async function findNewPerson(kind: PersonKind, text: string): Promise<PersonFound | null> {
  const value = text.trim();
  requireParams({ data: value });
  const ways: LookupBy[] = value.includes('@')
    ? ['email']
    : feiPersonIdField.safeParse(value).success
      ? ['fei_id', 'national_id']
      : ['national_id'];
  for (const by of ways) {
    try {
      return await lookupPerson(kind, by, value);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  return null;
}

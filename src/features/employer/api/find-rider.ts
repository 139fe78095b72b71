import type { LookupBy, PersonFound } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { requireParams, type RequiredParam } from '@/lib/require-params';

export const FIND_BY = ['email', 'fei_id', 'national_id'] as const satisfies readonly LookupBy[];
export type FindBy = LookupBy;
const PARAM = { email: 'email', fei_id: 'feiId', national_id: 'nationalId' } as const satisfies Record<
  FindBy,
  RequiredParam
>;

/**
 * POST /api/v1/employer/findRider/ {by, value}: the rider with exactly that e-mail, FEI id or
 * national id — id and name only — 404 when none.
 */
export function findRider(by: FindBy, value: string): Promise<PersonFound> {
  const text = value.trim();
  requireParams({ [PARAM[by]]: text });
  return api.post<PersonFound>('employer/findRider/', { by, value: text });
}

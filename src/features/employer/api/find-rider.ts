import type { PersonSummary } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';

export const FIND_BY = ['email', 'feiId', 'nationalId'] as const;
export type FindBy = (typeof FIND_BY)[number];

/**
 * POST /api/v1/rider/getByEmail/ {email}, getByFEIId/ {feiId} or getByNationalID/ {nationalID}:
 * the rider with that id, 404 when none.
 */
export function findRider(by: FindBy, value: string): Promise<PersonSummary> {
  const text = value.trim();
  switch (by) {
    case 'email':
      requireParams({ email: text });
      return api.post<PersonSummary>('rider/getByEmail/', { email: text });
    case 'feiId':
      requireParams({ feiId: text });
      return api.post<PersonSummary>('rider/getByFEIId/', { feiId: text });
    case 'nationalId':
      requireParams({ nationalId: text });
      return api.post<PersonSummary>('rider/getByNationalID/', { nationalID: text });
  }
}

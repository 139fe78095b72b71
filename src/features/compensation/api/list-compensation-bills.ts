import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompensationBillList } from '@shared/schemas/compensation';
import { api } from '@/lib/api-client';
import { compensationKeys } from '../keys';

/** GET /api/v1/official/{id}/compensationBills/: the official's bills. */
export async function listCompensationBills(official: number): Promise<CompensationBillList> {
  return api.get<CompensationBillList>(`official/${official}/compensationBills/`);
}

export function useCompensationBills(official: number) {
  return useQuery(
    queryOptions({ queryKey: compensationKeys.official(official), queryFn: () => listCompensationBills(official) }),
  );
}

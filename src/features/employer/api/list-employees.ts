import { useQuery } from '@tanstack/react-query';
import type { Employment } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { employerKeys } from './keys';

/** GET /api/v1/employer/{id}/employees/: every employment of the employer, pending and past too. */
export function listEmployees(employer: number): Promise<{ count: number; results: Employment[] }> {
  requireParams({ employer });
  return api.get(`employer/${employer}/employees/`);
}

export function useEmployees(employer: number) {
  return useQuery({ queryKey: employerKeys.employees(employer), queryFn: () => listEmployees(employer) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Employment } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { employerKeys } from './keys';

/** POST /api/v1/employer/addEmployee/ {employer, rider} → a pending employment (the rider confirms it). */
export function addEmployee(employer: number, rider: number): Promise<Employment> {
  requireParams({ employer, rider });
  return api.post<Employment>('employer/addEmployee/', { employer, rider });
}

export function useAddEmployee(employer: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rider: number) => addEmployee(employer, rider),
    onSuccess: () => client.invalidateQueries({ queryKey: employerKeys.employees(employer) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Employment } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { riderKeys } from './keys';

export type EmploymentAnswer = 'confirm' | 'cancel';

/** POST /api/v1/rider/confirmEmployment/ or cancelEmployment/ {employmentId}: the rider's answer to a pending employment. */
export function respondEmployment(employmentId: number, answer: EmploymentAnswer): Promise<Employment> {
  requireParams({ employment: employmentId });
  return api.post<Employment>(`rider/${answer}Employment/`, { employmentId });
}

export function useRespondEmployment(rider: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ employmentId, answer }: { employmentId: number; answer: EmploymentAnswer }) =>
      respondEmployment(employmentId, answer),
    onSuccess: () => client.invalidateQueries({ queryKey: riderKeys.employment(rider) }),
  });
}

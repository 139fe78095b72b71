import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Employment, endEmploymentInput } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { employerKeys } from './keys';

export type EndEmploymentInput = z.input<typeof endEmploymentInput>;

/** POST /api/v1/employer/endEmployment/ {employmentId, date_to}; an ended one answers 409. */
export function endEmployment(input: EndEmploymentInput): Promise<Employment> {
  requireParams({ employment: input.employmentId });
  return api.post<Employment>('employer/endEmployment/', input);
}

export function useEndEmployment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endEmployment,
    onSuccess: (ended) => client.invalidateQueries({ queryKey: employerKeys.employees(ended.employer.id) }),
  });
}

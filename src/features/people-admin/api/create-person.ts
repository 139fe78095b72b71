import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OwnerType } from '@shared/schemas/owner';
import type { PROFILE_SCHEMAS } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { peopleAdminKeys } from './keys';

export type PersonInput = z.input<(typeof PROFILE_SCHEMAS)[OwnerType]['input']>;

/** POST /api/v1/{kind}/ (admins): a new profile, without a login yet → the profile with its id. */
export function createPerson(kind: OwnerType, input: PersonInput): Promise<{ id: number }> {
  requireParams({ data: input });
  return api.post<{ id: number }>(`${kind}/`, input);
}

export function useCreatePerson(kind: OwnerType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PersonInput) => createPerson(kind, input),
    onSuccess: () => client.invalidateQueries({ queryKey: peopleAdminKeys.kind(kind) }),
  });
}

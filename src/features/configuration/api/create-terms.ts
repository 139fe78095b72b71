import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { termsInput, TermsVersion } from '@shared/schemas/configuration';
import { api } from '@/lib/api-client';
import { configurationKeys } from './keys';

export type TermsInput = z.input<typeof termsInput>;

/** POST /api/v1/termsAndConditions/ (admins): a new version; versions are never edited. */
export function createTerms(input: TermsInput): Promise<TermsVersion> {
  return api.post<TermsVersion>('termsAndConditions/', input);
}

export function useCreateTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTerms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationKeys.terms }),
  });
}

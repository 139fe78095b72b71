import { useMutation, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/schemas/auth';
import type { TermsVersion } from '@shared/schemas/configuration';
import { api } from '@/lib/api-client';
import { useAppStore } from '@/lib/store';

/** GET /api/v1/termsAndConditions/current/ (public): the terms in force. */
export async function getCurrentTerms(): Promise<TermsVersion> {
  return api.get<TermsVersion>('termsAndConditions/current/');
}

export function useCurrentTerms(enabled: boolean) {
  return useQuery({ queryKey: ['owner', 'terms'], queryFn: getCurrentTerms, enabled });
}

/** PATCH /api/v1/rider/acceptTC/ {version}: the rider accepts; the answer is the updated current user. */
export async function acceptTerms(version: string): Promise<CurrentUser> {
  return api.patch<CurrentUser>('rider/acceptTC/', { version });
}

export function useAcceptTerms() {
  return useMutation({ mutationFn: acceptTerms, onSuccess: (user) => useAppStore.getState().setUser(user) });
}

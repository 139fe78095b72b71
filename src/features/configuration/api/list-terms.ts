import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TermsVersion } from '@shared/schemas/configuration';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import { api } from '@/lib/api-client';
import { configurationKeys } from './keys';

export interface TermsList {
  count: number;
  results: TermsVersion[];
}

/** GET /api/v1/termsAndConditions/: every published and scheduled version. */
export function listTerms(): Promise<TermsList> {
  return api.get<TermsList>('termsAndConditions/', { params: { page_size: MAX_PAGE_SIZE } });
}

export const termsQueryOptions = () => queryOptions({ queryKey: configurationKeys.terms, queryFn: listTerms });

export function useTerms() {
  return useQuery(termsQueryOptions());
}

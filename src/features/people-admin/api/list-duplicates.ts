import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { duplicateGroup } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { peopleAdminKeys } from './keys';

export type DuplicateGroup = z.infer<typeof duplicateGroup>;

/** GET /api/v1/horse/duplicates/: horses that look like one another (same name, or same FEI id). */
export function listDuplicates(): Promise<{ results: DuplicateGroup[] }> {
  return api.get('horse/duplicates/');
}

export function useDuplicates() {
  return useQuery({
    queryKey: peopleAdminKeys.duplicates,
    queryFn: listDuplicates,
    select: (data) => ({ count: data.results.length, results: data.results }),
  });
}

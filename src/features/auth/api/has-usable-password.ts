import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { hasUsablePasswordResponse } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

export type HasUsablePassword = z.infer<typeof hasUsablePasswordResponse>;

/** POST /api/v1/user/hasUsablePassword/: is the reset link valid, and is this a first password? */
export function hasUsablePassword(input: { uid: string; token: string }): Promise<HasUsablePassword> {
  return api.post<HasUsablePassword>('user/hasUsablePassword/', input);
}

export const hasUsablePasswordQueryOptions = (uid: string, token: string) =>
  queryOptions({
    queryKey: ['auth', 'has-usable-password', uid, token],
    queryFn: () => hasUsablePassword({ uid, token }),
    staleTime: Infinity,
  });

/** Asks only when the link carried both parts. */
export function useHasUsablePassword(uid: string | null, token: string | null) {
  return useQuery({ ...hasUsablePasswordQueryOptions(uid ?? '', token ?? ''), enabled: Boolean(uid && token) });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';

/** POST /_passwordReset/ {email}: answers the same whether or not the account exists. */
export async function requestPasswordReset(input: { email: string }): Promise<{ detail: string }> {
  requireParams({ email: input.email });
  return api.post<{ detail: string }>('/_passwordReset/', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ConfirmEmailInput {
  uid: string;
  token: string;
}

/** POST /api/v1/user/confirmEmail/ with the uid and token from the e-mailed link. */
export function confirmEmail(input: ConfirmEmailInput): Promise<{ detail: string }> {
  return api.post<{ detail: string }>('user/confirmEmail/', input);
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}

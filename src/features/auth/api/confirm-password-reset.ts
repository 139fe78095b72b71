import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ConfirmPasswordResetInput {
  uid: string;
  token: string;
  password: string;
  password2: string;
}

/** POST /_passwordReset/{uidb64}/{token}/ {password, password2}. */
export function confirmPasswordReset({
  uid,
  token,
  ...passwords
}: ConfirmPasswordResetInput): Promise<{ detail: string }> {
  return api.post<{ detail: string }>(
    `/_passwordReset/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`,
    passwords,
  );
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}

import { useMutation } from '@tanstack/react-query';
import type { RegistrationRequest } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

/** POST /api/v1/user/register/: creates an unconfirmed account and e-mails a link. */
export function register(input: RegistrationRequest): Promise<{ detail: string }> {
  return api.post<{ detail: string }>('user/register/', input);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

import { useMutation } from '@tanstack/react-query';
import type { EmailMessageInput } from '@shared/schemas/email-runs';
import { api } from '@/lib/api-client';

export interface SendOnboardingToSelf {
  venue: number;
  input: EmailMessageInput;
}

/** POST /api/v1/venue/{id}/sendOnboardingEmailToSelf/: the onboarding e-mail, filled for the signed-in admin, to them. */
export function sendOnboardingToSelf({ venue, input }: SendOnboardingToSelf): Promise<{ detail: string }> {
  return api.post<{ detail: string }>(`venue/${venue}/sendOnboardingEmailToSelf/`, input);
}

export function useSendOnboardingToSelf() {
  return useMutation({ mutationFn: sendOnboardingToSelf });
}

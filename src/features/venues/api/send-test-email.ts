import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/v1/emailTemplate/{id}/send/ {venue}: the template, filled in, to the signed-in user. */
export function sendTestEmail({ templateId, venueId }: { templateId: number; venueId: number }) {
  return api.post<{ detail: string }>(`emailTemplate/${templateId}/send/`, { venue: venueId });
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}

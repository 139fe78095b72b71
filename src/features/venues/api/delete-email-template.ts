import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailTemplate } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

/** DELETE /api/v1/emailTemplate/{id}/ (admins). */
export function deleteEmailTemplate(template: Pick<EmailTemplate, 'id' | 'venue'>): Promise<void> {
  return api.delete(`emailTemplate/${template.id}/`);
}

export function useDeleteEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmailTemplate,
    onSuccess: (_, template) => queryClient.invalidateQueries({ queryKey: venueKeys.emailTemplates(template.venue) }),
  });
}

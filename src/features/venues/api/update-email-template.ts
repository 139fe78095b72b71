import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailTemplate } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import type { EmailTemplateInput } from './create-email-template';
import { venueKeys } from './keys';

/** PATCH /api/v1/emailTemplate/{id}/ (admins). */
export function updateEmailTemplate({
  id,
  ...input
}: Partial<EmailTemplateInput> & { id: number }): Promise<EmailTemplate> {
  return api.patch<EmailTemplate>(`emailTemplate/${id}/`, input);
}

export function useUpdateEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailTemplate,
    onSuccess: (template) => queryClient.invalidateQueries({ queryKey: venueKeys.emailTemplates(template.venue) }),
  });
}

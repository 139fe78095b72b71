import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EmailTemplate, emailTemplateInput } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

export type EmailTemplateInput = z.input<typeof emailTemplateInput>;

/** POST /api/v1/emailTemplate/ (admins). */
export function createEmailTemplate(input: EmailTemplateInput): Promise<EmailTemplate> {
  return api.post<EmailTemplate>('emailTemplate/', input);
}

export function useCreateEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmailTemplate,
    onSuccess: (template) => queryClient.invalidateQueries({ queryKey: venueKeys.emailTemplates(template.venue) }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import type { EmailTemplate } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { venueKeys } from './keys';

export interface EmailTemplateList {
  count: number;
  results: EmailTemplate[];
}

/** GET /api/v1/emailTemplate/?venue=: the venue's e-mail templates. */
export async function listEmailTemplates(venueId: number | null): Promise<EmailTemplateList> {
  requireParams({ venue: venueId });
  return api.get<EmailTemplateList>('emailTemplate/', { params: { venue: venueId, page_size: MAX_PAGE_SIZE } });
}

export const emailTemplatesQueryOptions = (venueId: number) =>
  queryOptions({ queryKey: venueKeys.emailTemplates(venueId), queryFn: () => listEmailTemplates(venueId) });

export function useEmailTemplates(venueId: number) {
  return useQuery(emailTemplatesQueryOptions(venueId));
}

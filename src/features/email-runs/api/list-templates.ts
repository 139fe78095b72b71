import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import type { EmailTemplate } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { emailRunKeys } from '../keys';

/** GET /api/v1/emailTemplate/?venue=: the venue's e-mail templates, to send one. */
export async function listTemplates(venue: number): Promise<EmailTemplate[]> {
  const page = await api.get<{ count: number; results: EmailTemplate[] }>('emailTemplate/', {
    params: { venue, page_size: MAX_PAGE_SIZE },
  });
  return page.results;
}

export const templatesQueryOptions = (venue: number) =>
  queryOptions({ queryKey: emailRunKeys.templates(venue), queryFn: () => listTemplates(venue) });

export function useTemplates(venue: number) {
  return useQuery(templatesQueryOptions(venue));
}

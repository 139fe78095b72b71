import { useMutation } from '@tanstack/react-query';
import type { EmailRunPreview, EmailRunPreviewRequest } from '@shared/schemas/email-runs';
import { api } from '@/lib/api-client';

export interface PreviewEmailRun {
  venue: number;
  input: EmailRunPreviewRequest;
}

/**
 * POST /api/v1/venue/{id}/emailRun/preview/: how many the run would reach, the first of them,
 * and the message as the first gets it. Nothing is sent.
 */
export function previewEmailRun({ venue, input }: PreviewEmailRun): Promise<EmailRunPreview> {
  return api.post<EmailRunPreview>(`venue/${venue}/emailRun/preview/`, input);
}

export function usePreviewEmailRun() {
  return useMutation({ mutationFn: previewEmailRun });
}

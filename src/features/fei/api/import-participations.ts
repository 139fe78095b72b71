import { useMutation } from '@tanstack/react-query';
import type { FeiPreview } from '@shared/schemas/fei';
import { api } from '@/lib/api-client';

/** POST /api/v1/venue/{id}/importParticipations/ {commit}: the venue's show entries from the web service. */
export function importParticipations({ venue, commit }: { venue: number; commit: boolean }): Promise<FeiPreview> {
  return api.post<FeiPreview>(`venue/${venue}/importParticipations/`, { commit });
}

export function useImportParticipations() {
  return useMutation({ mutationFn: importParticipations });
}

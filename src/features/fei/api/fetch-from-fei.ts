import { useMutation } from '@tanstack/react-query';
import type { FeiPreview } from '@shared/schemas/fei';
import { api } from '@/lib/api-client';

/** POST /api/v1/venue/{id}/fetch_from_fei/ {fei_id}: a show's entries from the FEI web service, previewed. */
export function fetchFromFei({ venue, feiId }: { venue: number; feiId: string }): Promise<FeiPreview> {
  return api.post<FeiPreview>(`venue/${venue}/fetch_from_fei/`, { fei_id: feiId });
}

export function useFetchFromFei() {
  return useMutation({ mutationFn: fetchFromFei });
}

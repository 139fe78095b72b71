import type { FeiPreview } from '@shared/schemas/fei';
import { api } from '@/lib/api-client';

/** GET /api/v1/venue/{id}/feiImport/{importId}/: a stored preview with its state and run (after the run ended). */
export function getFeiImport(venue: number, id: number): Promise<FeiPreview> {
  return api.get<FeiPreview>(`venue/${venue}/feiImport/${id}/`);
}

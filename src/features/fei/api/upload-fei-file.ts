import { useMutation } from '@tanstack/react-query';
import type { FeiPreview } from '@shared/schemas/fei';
import { api } from '@/lib/api-client';

export type FeiFileKind = 'participations' | 'masterlist';

/**
 * POST /api/v1/venue/{id}/uploadFeiParticipations/ (or uploadFeiMasterlist/) as form data, the
 * file under `file`: the server keeps it and answers the preview; nothing else changes.
 */
export function uploadFeiFile({ venue, kind, file }: { venue: number; kind: FeiFileKind; file: File }) {
  const form = new FormData();
  form.append('file', file, file.name);
  const path = kind === 'participations' ? 'uploadFeiParticipations' : 'uploadFeiMasterlist';
  return api.post<FeiPreview>(`venue/${venue}/${path}/`, form);
}

export function useUploadFeiFile() {
  return useMutation({ mutationFn: uploadFeiFile });
}

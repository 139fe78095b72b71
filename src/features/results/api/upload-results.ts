import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResultsUpload } from '@shared/schemas/results';
import { api } from '@/lib/api-client';
import { resultsKeys } from '../keys';

export interface UploadResults {
  venue: number;
  competition: number;
  file: File;
  /** false: the preview (nothing saved); true: every row saved at once, or nothing. */
  commit: boolean;
}

/** POST /api/v1/venue/{id}/uploadResults/ as form data: `file`, `competition`, `commit`. */
export function uploadResults({ venue, competition, file, commit }: UploadResults): Promise<ResultsUpload> {
  const form = new FormData();
  form.append('competition', String(competition));
  form.append('commit', String(commit));
  form.append('file', file, file.name);
  return api.post<ResultsUpload>(`venue/${venue}/uploadResults/`, form);
}

export function useUploadResults() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadResults,
    onSuccess: (result) => {
      if (result.committed) void client.invalidateQueries({ queryKey: resultsKeys.all });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatementImport } from '@shared/schemas/payouts';
import { api } from '@/lib/api-client';
import { bankStatementKeys } from '../keys';

/**
 * POST /api/v1/venue/{id}/bankStatements/ as form data (the file under `file`): the camt.053 is
 * matched and its payments posted once. The same file again answers `already_imported`.
 */
export function uploadStatement({ venue, file }: { venue: number; file: File }): Promise<StatementImport> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<StatementImport>(`venue/${venue}/bankStatements/`, form);
}

export function useUploadStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadStatement,
    onSuccess: () => void client.invalidateQueries({ queryKey: bankStatementKeys.all }),
  });
}

import { useMutation } from '@tanstack/react-query';
import type { SyncState } from '@shared/schemas/sync';
import { api } from '@/lib/api-client';

/**
 * POST /api/v1/venue/start_sync/: no payload reads the registry over HTTP; with a file, the
 * export file is sent as form data under `file`.
 */
export function startSync(file?: File | null): Promise<{ run: number; status: SyncState }> {
  if (!file) return api.post('venue/start_sync/');
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post('venue/start_sync/', form);
}

export function useStartSync() {
  return useMutation({ mutationFn: startSync });
}

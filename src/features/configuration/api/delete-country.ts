import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { configurationKeys } from './keys';

/** DELETE /api/v1/country/{code}/ (admins); a country still in use answers 409. */
export function deleteCountry(code: string): Promise<void> {
  return api.delete(`country/${encodeURIComponent(code)}/`);
}

export function useDeleteCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCountry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationKeys.countries }),
  });
}

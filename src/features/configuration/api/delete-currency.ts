import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { configurationKeys } from './keys';

/** DELETE /api/v1/currency/{code}/ (admins); a currency still in use answers 409. */
export function deleteCurrency(code: string): Promise<void> {
  return api.delete(`currency/${encodeURIComponent(code)}/`);
}

export function useDeleteCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCurrency,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationKeys.currencies }),
  });
}

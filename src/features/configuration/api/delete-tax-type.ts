import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { configurationKeys } from './keys';

/** DELETE /api/v1/taxType/{id}/ (admins); a type still configured or posted answers 409. */
export function deleteTaxType(id: number): Promise<void> {
  return api.delete(`taxType/${id}/`);
}

export function useDeleteTaxType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTaxType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationKeys.taxTypes }),
  });
}

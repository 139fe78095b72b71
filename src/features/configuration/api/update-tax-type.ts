import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxType, TaxTypeInput } from '@shared/schemas/configuration';
import { api } from '@/lib/api-client';
import { configurationKeys } from './keys';

/** PATCH /api/v1/taxType/{id}/ (admins): code, name and the full list of rates. */
export function updateTaxType({ id, ...input }: TaxTypeInput & { id: number }): Promise<TaxType> {
  return api.patch<TaxType>(`taxType/${id}/`, input);
}

export function useUpdateTaxType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTaxType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationKeys.taxTypes }),
  });
}

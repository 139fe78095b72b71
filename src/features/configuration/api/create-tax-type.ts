import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxType, TaxTypeInput } from '@shared/schemas/configuration';
import { api } from '@/lib/api-client';
import { configurationKeys } from './keys';

/** POST /api/v1/taxType/ (admins): the type with its rates. */
export function createTaxType(input: TaxTypeInput): Promise<TaxType> {
  return api.post<TaxType>('taxType/', input);
}

export function useCreateTaxType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTaxType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationKeys.taxTypes }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Currency } from '@shared/schemas/configuration';
import { api } from '@/lib/api-client';
import type { CurrencyInput } from './create-currency';
import { configurationKeys } from './keys';

/** PATCH /api/v1/currency/{code}/ (admins): the code is the key and stays. */
export function updateCurrency({ code, ...input }: CurrencyInput): Promise<Currency> {
  return api.patch<Currency>(`currency/${encodeURIComponent(code)}/`, input);
}

export function useUpdateCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCurrency,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationKeys.currencies }),
  });
}

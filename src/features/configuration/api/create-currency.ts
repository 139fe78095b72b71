import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Currency, currencyInput } from '@shared/schemas/configuration';
import { api } from '@/lib/api-client';
import { configurationKeys } from './keys';

export type CurrencyInput = z.input<typeof currencyInput>;

/** POST /api/v1/currency/ (admins). */
export function createCurrency(input: CurrencyInput): Promise<Currency> {
  return api.post<Currency>('currency/', input);
}

export function useCreateCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCurrency,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationKeys.currencies }),
  });
}

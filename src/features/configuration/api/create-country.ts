import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Country, countryInput } from '@shared/schemas/configuration';
import { api } from '@/lib/api-client';
import { configurationKeys } from './keys';

export type CountryInput = z.input<typeof countryInput>;

/** POST /api/v1/country/ (admins). */
export function createCountry(input: CountryInput): Promise<Country> {
  return api.post<Country>('country/', input);
}

export function useCreateCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCountry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationKeys.countries }),
  });
}

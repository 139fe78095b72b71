import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Country } from '@shared/schemas/configuration';
import { api } from '@/lib/api-client';
import type { CountryInput } from './create-country';
import { configurationKeys } from './keys';

/** PATCH /api/v1/country/{code}/ (admins): the code is the key and stays. */
export function updateCountry({ code, ...input }: CountryInput): Promise<Country> {
  return api.patch<Country>(`country/${encodeURIComponent(code)}/`, input);
}

export function useUpdateCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCountry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationKeys.countries }),
  });
}

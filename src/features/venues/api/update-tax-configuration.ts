import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TaxConfiguration, taxConfigurationInput } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

export type TaxConfigurationInput = z.input<typeof taxConfigurationInput>;

/** PATCH /api/v1/venueEventCategory/{id}/taxConfiguration/ (admins). */
export function updateTaxConfiguration({
  vecId,
  ...input
}: TaxConfigurationInput & { vecId: number }): Promise<TaxConfiguration> {
  return api.patch<TaxConfiguration>(`venueEventCategory/${vecId}/taxConfiguration/`, input);
}

export function useUpdateTaxConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTaxConfiguration,
    onSuccess: (configuration) =>
      queryClient.setQueryData(venueKeys.taxConfiguration(configuration.vec), configuration),
  });
}

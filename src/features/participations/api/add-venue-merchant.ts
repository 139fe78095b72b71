import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MerchantAtVenue } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { participationKeys } from './keys';

export interface AddVenueMerchant {
  venueId: number;
  merchant: number;
}

/** POST /api/v1/venue/{id}/merchants/: registers a merchant at the show (only then it sells there). */
export function addVenueMerchant({ venueId, merchant }: AddVenueMerchant): Promise<MerchantAtVenue> {
  return api.post<MerchantAtVenue>(`venue/${venueId}/merchants/`, { merchant });
}

export function useAddVenueMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addVenueMerchant,
    onSuccess: (_, { venueId }) => queryClient.invalidateQueries({ queryKey: participationKeys.merchants(venueId) }),
  });
}

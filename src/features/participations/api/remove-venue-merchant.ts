import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { participationKeys } from './keys';

export interface RemoveVenueMerchant {
  venueId: number;
  merchant: number;
}

/** DELETE /api/v1/venue/{id}/merchants/{merchantId}/: 409 in_use while its balance at the show is open. */
export function removeVenueMerchant({ venueId, merchant }: RemoveVenueMerchant): Promise<void> {
  return api.delete(`venue/${venueId}/merchants/${merchant}/`);
}

export function useRemoveVenueMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeVenueMerchant,
    onSuccess: (_, { venueId }) => queryClient.invalidateQueries({ queryKey: participationKeys.merchants(venueId) }),
  });
}

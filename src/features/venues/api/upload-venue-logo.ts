import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VenueDetail } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

/** Logo files the server takes (png, jpeg, svg, webp up to 512 kB). */
export const LOGO_FILE_FILTER = '*.png; *.jpg; *.jpeg; *.svg; *.webp';

/** POST /api/v1/venue/{id}/whitelabel_logo/ with the file as form field `file`. */
export function uploadVenueLogo({ venueId, file }: { venueId: number; file: File }): Promise<VenueDetail> {
  const body = new FormData();
  body.append('file', file);
  return api.post<VenueDetail>(`venue/${venueId}/whitelabel_logo/`, body);
}

export function useUploadVenueLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadVenueLogo,
    onSuccess: (venue) => queryClient.setQueryData(venueKeys.detail(venue.id), venue),
  });
}

import { useAppStore } from '@/lib/store';

/** The venue the floor screens work at: the signed-in user's venue (the route guards require one). */
export function useFloorVenue(): number {
  return useAppStore((state) => state.activeVenue?.id ?? state.user?.assigned_venue ?? 0);
}

/** The venue's name and currency as the snapshot or the session knows them. */
export function useVenueLabel(sync: { venueName: string; currency: string; currencyDisplay: string } | undefined) {
  const active = useAppStore((state) => state.activeVenue);
  return {
    name: sync?.venueName || active?.name || '',
    currency: sync?.currencyDisplay || sync?.currency || active?.currencyDisplay || active?.currency || '',
  };
}

import { createContext, createElement, useContext, type ReactNode } from 'react';
import { useAppStore } from '@/lib/store';

/**
 * The venue a floor screen works at when a page names one (the admin's views of any venue); null: the signed-in user's venue.
 */
const FloorVenueContext = createContext<number | null>(null);

/** Every floor component below works at `venue`: its reads, its sync and its writes. */
export function FloorVenueProvider({ venue, children }: { venue: number; children: ReactNode }) {
  return createElement(FloorVenueContext.Provider, { value: venue }, children);
}

/**
 * The venue the floor screens work at: the one a page gave (FloorVenueProvider), else the
 * signed-in user's venue (the route guards require one).
 */
export function useFloorVenue(): number {
  const given = useContext(FloorVenueContext);
  const own = useAppStore(ownVenue);
  return given ?? own;
}

const ownVenue = (state: ReturnType<typeof useAppStore.getState>) =>
  state.activeVenue?.id ?? state.user?.assigned_venue ?? 0;

/** The signed-in user's floor venue, outside React (a route's loader). */
export const currentFloorVenue = (): number => ownVenue(useAppStore.getState());

/**
 * The venue's name and currency as the snapshot or the session knows them; the session's active
 * venue only stands in while it is the venue the screen works at.
 */
export function useVenueLabel(sync: { venueName: string; currency: string; currencyDisplay: string } | undefined) {
  const venue = useFloorVenue();
  const active = useAppStore((state) => state.activeVenue);
  const fallback = active?.id === venue ? active : null;
  return {
    name: sync?.venueName || fallback?.name || '',
    currency: sync?.currencyDisplay || sync?.currency || fallback?.currencyDisplay || fallback?.currency || '',
  };
}

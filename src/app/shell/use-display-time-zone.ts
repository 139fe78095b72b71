import { useQuery } from '@tanstack/react-query';
import { useMatches } from 'react-router-dom';
import { can } from '@shared/permissions';
import { venueQueryOptions } from '@/features/venues/api/get-venue';
import { setDisplayTimeZone } from '@/lib/display-time-zone';
import { useAppStore } from '@/lib/store';

/**
 * The venue whose times a page shows: the one in its address (`/venues/:venueId/…`) for those
 * who may read it, else the signed-in staff's own venue. Times are then shown in that venue's
 * zone, as on its public live page, and the footer says which; null elsewhere (device's zone).
 */
export function useDisplayTimeZone(): { zone: string | null; settled: boolean } {
  const matches = useMatches();
  const user = useAppStore((state) => state.user);
  const activeVenue = useAppStore((state) => state.activeVenue);
  const param = matches.at(-1)?.params.venueId;
  const fromPath = param && /^\d+$/.test(param) ? Number(param) : null;
  const admin = can(user?.roles, 'dashboard.admin');
  // Only a venue the user may read: asking for another would answer 403 (and a red toast).
  const venueId =
    fromPath !== null && (admin || fromPath === user?.assigned_venue) ? fromPath : (user?.assigned_venue ?? null);
  // The staff's own venue came with the session (a floor tablet has it offline too).
  const own = venueId !== null && activeVenue?.id === venueId;
  const venue = useQuery({ ...venueQueryOptions(venueId ?? 0), enabled: venueId !== null && !own });
  const zone = venueId === null ? null : ((own ? activeVenue.time_zone : venue.data?.time_zone) ?? null);
  // Set while the shell renders, before the page below it formats any time.
  setDisplayTimeZone(zone);
  // The page waits for the venue (cached since sign-in for staff): no time is drawn in the wrong zone.
  // (offline, the query pauses: the page is drawn anyway)
  const settled = venueId === null || own || !venue.isPending || venue.fetchStatus === 'paused';
  return { zone, settled };
}

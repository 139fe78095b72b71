import { useQuery } from '@tanstack/react-query';
import type { LiveVenue } from '@shared/schemas/livescore';
import { VENUE_FIELDS } from './documents';
import { liveKeys } from './keys';
import { graphqlRequest } from './transport';

/** `venues`: the public's venues with a published competition; an admin's: all; an office's: also its own. */
export async function getLiveVenues(auth: boolean): Promise<LiveVenue[]> {
  const data = await graphqlRequest<{ venues: LiveVenue[] }>(`{ venues { ${VENUE_FIELDS} } }`, {}, { auth });
  return data.venues;
}

export function useLiveVenues(auth: boolean) {
  return useQuery({ queryKey: liveKeys.venues(auth), queryFn: () => getLiveVenues(auth) });
}

import type { LiveCompetition, LiveNow, LiveVenue } from '@shared/schemas/livescore';
import { COMPETITION_FIELDS, STARTER_FIELDS, VENUE_FIELDS } from './documents';
import { graphqlRequest } from './transport';

/** What a live page shows first: the venue, its competitions and what is running now. */
export interface LiveVenueSnapshot {
  venue: LiveVenue;
  competitions: LiveCompetition[];
  live: LiveNow;
}

const QUERY = `query LiveVenue($venueId: Int!) {
  venue(id: $venueId) { ${VENUE_FIELDS} }
  competitions(venueId: $venueId) { ${COMPETITION_FIELDS} }
  live(venueId: $venueId) {
    venueId
    current { ${COMPETITION_FIELDS} }
    nextStarters { ${STARTER_FIELDS} }
    latestResults { ${STARTER_FIELDS} }
  }
}`;

/** venue + competitions + live in one request. */
export function getLiveVenue(venueId: number, auth: boolean): Promise<LiveVenueSnapshot> {
  return graphqlRequest<LiveVenueSnapshot>(QUERY, { venueId }, { auth });
}

// The results pages: rankings, results, upload (one lazy chunk).
export { VenueRankingFormRoute, VenueRankingRoute, VenueRankingsRoute, VenueUploadResultsRoute } from './admin-routes';
export { OrganizerRankingRoute, OrganizerRankingsRoute } from './organizer-routes';

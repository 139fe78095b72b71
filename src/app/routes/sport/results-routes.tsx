import type { RouteObject } from 'react-router-dom';
import { allDigitsLoader, digitsLoader } from '../../guards/loaders';
import { lazyPage } from '../../lazy-route';
import { page } from '../../route-builders';

const results = () => import('./results/index');

/** The results pages: under /venues/:venueId for the admin. */
export const adminVenueResultsRoutes: RouteObject[] = [
  page(
    'venueRankings',
    lazyPage(results, (m) => m.VenueRankingsRoute),
  ),
  page(
    'venueRanking',
    lazyPage(results, (m) => m.VenueRankingRoute),
    { loader: digitsLoader('competitionId') },
  ),
  page(
    'venueRankingAdd',
    lazyPage(results, (m) => m.VenueRankingFormRoute),
    { loader: digitsLoader('competitionId') },
  ),
  page(
    'venueRankingEdit',
    lazyPage(results, (m) => m.VenueRankingFormRoute),
    { loader: allDigitsLoader },
  ),
  page(
    'venueActionsUploadResults',
    lazyPage(results, (m) => m.VenueUploadResultsRoute),
  ),
];

/** The results pages at the top of the admin's area. */
export const adminResultsRoutes: RouteObject[] = [];

/** The results pages of the organizer (children of /organizer). */
export const organizerResultsRoutes: RouteObject[] = [
  page(
    'organizerRankings',
    lazyPage(results, (m) => m.OrganizerRankingsRoute),
  ),
  page(
    'organizerRanking',
    lazyPage(results, (m) => m.OrganizerRankingRoute),
    { loader: digitsLoader('competitionId') },
  ),
];

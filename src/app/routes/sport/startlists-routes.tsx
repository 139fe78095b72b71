import type { RouteObject } from 'react-router-dom';
import { digitsLoader } from '../../guards/loaders';
import { lazyPage } from '../../lazy-route';
import { page } from '../../route-builders';

const startlists = () => import('./startlists/index');

/** The startlists pages: under /venues/:venueId for the admin. */
export const adminVenueStartlistsRoutes: RouteObject[] = [
  page(
    'venueStartlists',
    lazyPage(startlists, (m) => m.VenueStartlistsRoute),
  ),
  page(
    'venueStartlist',
    lazyPage(startlists, (m) => m.VenueStartlistRoute),
    { loader: digitsLoader('competitionId') },
  ),
];

/** The startlists pages at the top of the admin's area. */
export const adminStartlistsRoutes: RouteObject[] = [];

/** The startlists pages of the organizer (children of /organizer). */
export const organizerStartlistsRoutes: RouteObject[] = [
  page(
    'organizerStartlists',
    lazyPage(startlists, (m) => m.OrganizerStartlistsRoute),
  ),
  page(
    'organizerStartlist',
    lazyPage(startlists, (m) => m.OrganizerStartlistRoute),
    { loader: digitsLoader('competitionId') },
  ),
];

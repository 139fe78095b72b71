import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lazy-route';
import { page } from '../../route-builders';

const feiPages = () => import('./fei/index');

/** The fei pages: under /venues/:venueId for the admin. */
export const adminVenueFeiRoutes: RouteObject[] = [
  page(
    'venueImport',
    lazyPage(feiPages, (m) => m.VenueImportRoute),
  ),
  page(
    'venueActionsGenerateXMLResults',
    lazyPage(feiPages, (m) => m.VenueGenerateXmlResultsRoute),
  ),
];

/** The fei pages at the top of the admin's area. */
export const adminFeiRoutes: RouteObject[] = [];

/** The fei pages of the organizer (children of /organizer). */
export const organizerFeiRoutes: RouteObject[] = [];

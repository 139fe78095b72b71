import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lazy-route';
import { page } from '../../route-builders';

/** The live pages' chunk (GraphQL client and graphql-ws), loaded only by them. */
export const livePages = () => import('./live-pages');

/** The live pages: under /venues/:venueId for the admin. */
export const adminVenueLiveRoutes: RouteObject[] = [];

/** The live pages at the top of the admin's area: /livescore. */
export const adminLiveRoutes: RouteObject[] = [
  page(
    'livescore',
    lazyPage(livePages, (m) => m.LivescoreRoute),
  ),
];

/** The live pages of the organizer (children of /organizer). */
export const organizerLiveRoutes: RouteObject[] = [];

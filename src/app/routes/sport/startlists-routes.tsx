import type { RouteObject } from 'react-router-dom';

/** The startlists pages (issue 14): under /venues/:venueId for the admin. */
export const adminVenueStartlistsRoutes: RouteObject[] = [];

/** The startlists pages at the top of the admin's area. */
export const adminStartlistsRoutes: RouteObject[] = [];

/** The startlists pages of the organizer (children of /organizer). */
export const organizerStartlistsRoutes: RouteObject[] = [];

import type { RouteObject } from 'react-router-dom';

/** The results pages (issue 14): under /venues/:venueId for the admin. */
export const adminVenueResultsRoutes: RouteObject[] = [];

/** The results pages at the top of the admin's area. */
export const adminResultsRoutes: RouteObject[] = [];

/** The results pages of the organizer (children of /organizer). */
export const organizerResultsRoutes: RouteObject[] = [];

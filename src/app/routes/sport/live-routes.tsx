import type { RouteObject } from 'react-router-dom';

/** The live pages (issue 14): under /venues/:venueId for the admin. */
export const adminVenueLiveRoutes: RouteObject[] = [];

/** The live pages at the top of the admin's area. */
export const adminLiveRoutes: RouteObject[] = [];

/** The live pages of the organizer (children of /organizer). */
export const organizerLiveRoutes: RouteObject[] = [];

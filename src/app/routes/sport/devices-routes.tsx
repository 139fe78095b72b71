import type { RouteObject } from 'react-router-dom';

/** The devices pages (issue 14): under /venues/:venueId for the admin. */
export const adminVenueDevicesRoutes: RouteObject[] = [];

/** The devices pages at the top of the admin's area. */
export const adminDevicesRoutes: RouteObject[] = [];

/** The devices pages of the organizer (children of /organizer). */
export const organizerDevicesRoutes: RouteObject[] = [];

import type { RouteObject } from 'react-router-dom';

/** The fei pages (issue 14): under /venues/:venueId for the admin. */
export const adminVenueFeiRoutes: RouteObject[] = [];

/** The fei pages at the top of the admin's area. */
export const adminFeiRoutes: RouteObject[] = [];

/** The fei pages of the organizer (children of /organizer). */
export const organizerFeiRoutes: RouteObject[] = [];

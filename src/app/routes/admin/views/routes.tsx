import type { RouteObject } from 'react-router-dom';

/** The floor's and the office's views of any venue (issue 15): children of /venues/:venueId. */
export const adminVenueViewRoutes: RouteObject[] = [];

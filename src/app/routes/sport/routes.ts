import type { RouteObject } from 'react-router-dom';
import { adminDevicesRoutes, adminVenueDevicesRoutes, organizerDevicesRoutes } from './devices-routes';
import { adminFeiRoutes, adminVenueFeiRoutes, organizerFeiRoutes } from './fei-routes';
import { adminLiveRoutes, adminVenueLiveRoutes, organizerLiveRoutes } from './live-routes';
import { adminResultsRoutes, adminVenueResultsRoutes, organizerResultsRoutes } from './results-routes';
import { adminStartlistsRoutes, adminVenueStartlistsRoutes, organizerStartlistsRoutes } from './startlists-routes';

/** The sport's pages, one module per part, composed into the admin's and organizer's trees. */
export const adminVenueSportRoutes: RouteObject[] = [
  ...adminVenueStartlistsRoutes,
  ...adminVenueResultsRoutes,
  ...adminVenueFeiRoutes,
  ...adminVenueLiveRoutes,
  ...adminVenueDevicesRoutes,
];

export const adminSportRoutes: RouteObject[] = [
  ...adminStartlistsRoutes,
  ...adminResultsRoutes,
  ...adminFeiRoutes,
  ...adminLiveRoutes,
  ...adminDevicesRoutes,
];

export const organizerSportRoutes: RouteObject[] = [
  ...organizerStartlistsRoutes,
  ...organizerResultsRoutes,
  ...organizerFeiRoutes,
  ...organizerLiveRoutes,
  ...organizerDevicesRoutes,
];

import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lazy-route';
import { page } from '../../route-builders';

const devicePages = () => import('./devices/index');

/** The devices pages: under /venues/:venueId for the admin (none: /devices filters by venue). */
export const adminVenueDevicesRoutes: RouteObject[] = [];

/** The devices pages at the top of the admin's area. */
export const adminDevicesRoutes: RouteObject[] = [
  page(
    'devices',
    lazyPage(devicePages, (m) => m.AdminDevicesRoute),
  ),
];

/** The devices pages of the organizer (children of /organizer). */
export const organizerDevicesRoutes: RouteObject[] = [
  page(
    'organizerDevices',
    lazyPage(devicePages, (m) => m.OrganizerDevicesRoute),
  ),
];

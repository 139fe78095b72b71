import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lazy-route';
import { page } from '../../../route-builders';

const views = () => import('./index');

/** The floor's and the office's views of any venue: children of /venues/:venueId. */
export const adminVenueViewRoutes: RouteObject[] = [
  page(
    'venueOrganizerView',
    lazyPage(views, (m) => m.VenueOrganizerViewRoute),
  ),
  page(
    'venueVetcheckView',
    lazyPage(views, (m) => m.VenueVetcheckViewRoute),
  ),
  page(
    'venueSigninView',
    lazyPage(views, (m) => m.VenueSigninViewRoute),
  ),
  page(
    'venueWelcomedesk',
    lazyPage(views, (m) => m.VenueWelcomedeskRoute),
  ),
  page(
    'venueWelcomedeskAdd',
    lazyPage(views, (m) => m.VenueWelcomedeskAddRoute),
  ),
];

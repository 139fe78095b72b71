import type { RouteObject } from 'react-router-dom';
import { audienceLoader, digitsLoader, venueSetupLoader } from '../../guards/loaders';
import { lazyPage } from '../../lazy-route';
import { page } from '../../route-builders';
import { venueActionRoutes } from './actions/routes';
import { ledgerRoutes, venueLedgerRoutes } from './ledger/routes';
import { adminConsumablesRoutes } from './consumables/routes';
import { adminPeopleRoutes } from './people/routes';
import { setupRoutes, venueAddRoute, venueSetupRoutes } from './setup/routes';
import { adminSyncRoutes } from './sync/routes';
import { adminVenueViewRoutes } from './views/routes';
import { adminSportRoutes, adminVenueSportRoutes } from '../sport/routes';

const admin = () => import('./index');

/** The admin's pages: each behind the admin guard. */
export const adminRoutes: RouteObject[] = [
  page(
    'adminVenues',
    lazyPage(admin, (m) => m.VenuesRoute),
    { loader: audienceLoader('admin') },
  ),
  page(
    'errorReports',
    lazyPage(admin, (m) => m.ErrorReportsRoute),
    { loader: audienceLoader('admin') },
  ),
  page(
    'auditLog',
    lazyPage(admin, (m) => m.AuditLogRoute),
    { loader: audienceLoader('admin') },
  ),
  // A venue's set-up: the admin's, and its own organizer's (a show office sets up its show).
  { path: '/venues/:venueId', loader: venueSetupLoader, children: venueSetupRoutes },
  {
    loader: audienceLoader('admin'),
    children: [
      venueAddRoute,
      {
        path: '/venues/:venueId',
        loader: digitsLoader('venueId'),
        children: [...venueLedgerRoutes, ...venueActionRoutes, ...adminVenueSportRoutes, ...adminVenueViewRoutes],
      },
      ...setupRoutes,
      ...ledgerRoutes,
      ...adminPeopleRoutes,
      ...adminSportRoutes,
      ...adminSyncRoutes,
      ...adminConsumablesRoutes,
    ],
  },
];

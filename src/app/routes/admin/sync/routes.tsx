import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lazy-route';
import { page } from '../../../route-builders';

const syncPages = () => import('./index');

/** The data sync page (spec §4 "Sync"). */
export const adminSyncRoutes: RouteObject[] = [
  page(
    'adminSync',
    lazyPage(syncPages, (m) => m.SyncRoute),
  ),
];

import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lazy-route';
import { group, page } from '../../route-builders';

const stable = () => import('./index');

/** The stable's floor pages (/stable). */
export const stableRoutes: RouteObject = group('stable', 'stable', 'stableDashboard', [
  page(
    'stableDashboard',
    lazyPage(stable, (m) => m.StableDashboardRoute),
  ),
  page(
    'stableAddTransaction',
    lazyPage(stable, (m) => m.StableAddTransactionRoute),
  ),
  page(
    'stableTransactions',
    lazyPage(stable, (m) => m.StableTransactionsRoute),
  ),
  page(
    'stableQr',
    lazyPage(stable, (m) => m.StableQrRoute),
  ),
]);

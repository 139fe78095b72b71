import type { RouteObject } from 'react-router-dom';
import { lazyPage, lazyPageWithLoader } from '../../lazy-route';
import { group, layout, page } from '../../route-builders';

const stable = () => import('./index');

/** The stable's floor pages (/stable). */
export const stableRoutes: RouteObject = group('stable', 'stable', 'stableDashboard', [
  layout(
    lazyPage(stable, (m) => m.StableFloorLayout),
    [
      page(
        'stableDashboard',
        lazyPage(stable, (m) => m.StableDashboardRoute),
        { handle: { floorDashboard: 'stable' } },
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
        lazyPageWithLoader(
          stable,
          (m) => m.StableQrRoute,
          (m) => m.stableQrLoader,
        ),
      ),
    ],
  ),
]);

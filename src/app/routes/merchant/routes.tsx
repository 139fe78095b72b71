import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lazy-route';
import { ownerSections } from '../../owner-routes';
import { group, page } from '../../route-builders';

const merchant = () => import('./index');

/** The merchant's own pages (/merchant). */
export const merchantRoutes: RouteObject = group('merchant', 'merchant', 'merchantDashboard', [
  page(
    'merchantDashboard',
    lazyPage(merchant, (m) => m.MerchantDashboardRoute),
  ),
  ownerSections('merchant', 'merchant', undefined),
]);

import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lazy-route';
import { page } from '../../route-builders';

const dashboard = () => import('./index');

/** `/`: the signed-in user's choice of dashboard. */
export const dashboardRoutes: RouteObject[] = [
  page(
    'chooseDashboard',
    lazyPage(dashboard, (m) => m.ChooseDashboardRoute),
  ),
];

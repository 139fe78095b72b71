import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lazy-route';
import { page } from '../../route-builders';

const dashboard = () => import('./index');

/** `/`: the signed-in user's choice of dashboard; `/password`: their own password. */
export const dashboardRoutes: RouteObject[] = [
  page(
    'chooseDashboard',
    lazyPage(dashboard, (m) => m.ChooseDashboardRoute),
  ),
  page(
    'changePassword',
    lazyPage(dashboard, (m) => m.PasswordChangeRoute),
  ),
];

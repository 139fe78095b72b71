import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lazy-route';
import { page } from '../../../route-builders';

const consumablesPages = () => import('./index');

/** Every venue's price lists side by side. */
export const adminConsumablesRoutes: RouteObject[] = [
  page(
    'adminConsumables',
    lazyPage(consumablesPages, (m) => m.AdminConsumablesRoute),
  ),
];

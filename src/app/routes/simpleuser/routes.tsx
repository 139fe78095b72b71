import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lazy-route';
import { ownerSections } from '../../owner-routes';
import { group, page } from '../../route-builders';

const simpleuser = () => import('./index');

/** The simple user's own pages (/simpleuser). */
export const simpleuserRoutes: RouteObject = group('simpleuser', 'simpleuser', 'simpleuserOverview', [
  page(
    'simpleuserOverview',
    lazyPage(simpleuser, (m) => m.SimpleuserOverviewRoute),
  ),
  ownerSections('simpleuser', 'simpleuser', undefined),
]);

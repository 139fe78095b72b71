import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lazy-route';
import { ownerSections } from '../../owner-routes';
import { group, page } from '../../route-builders';

const official = () => import('./index');

/** The official's own pages (/official). */
export const officialRoutes: RouteObject = group('official', 'official', 'officialOverview', [
  page(
    'officialOverview',
    lazyPage(official, (m) => m.OfficialOverviewRoute),
  ),
  ownerSections('official', 'official', undefined),
]);

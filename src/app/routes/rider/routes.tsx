import type { RouteObject } from 'react-router-dom';
import { riderTermsLoader } from '../../guards/loaders';
import { lazyPage } from '../../lazy-route';
import { ownerSections } from '../../owner-routes';
import { group, page } from '../../route-builders';

const rider = () => import('./index');

/** The rider's own pages (/rider): the terms guard on all but the profile. */
export const riderRoutes: RouteObject = group('rider', 'rider', 'riderOverview', [
  page(
    'riderOverview',
    lazyPage(rider, (m) => m.RiderOverviewRoute),
    { loader: riderTermsLoader },
  ),
  page(
    'riderOverviewShow',
    lazyPage(rider, (m) => m.RiderOverviewShowRoute),
    { loader: riderTermsLoader },
  ),
  ownerSections('rider', 'rider', undefined, { riderTerms: true }),
]);

import type { RouteObject } from 'react-router-dom';
import { audienceLoader } from '../../guards/loaders';
import { lazyPage } from '../../lazy-route';
import { layout, page } from '../../route-builders';
import type { RouteHandle } from '../../route-handle';
import { PATHS } from '@/lib/paths';

const vetcheck = () => import('./index');

/** The vet-check's floor pages (/vetcheck): its own dashboard at the bare path. */
export const vetcheckRoutes: RouteObject = {
  path: PATHS.vetcheck.path,
  handle: { route: 'vetcheck' } satisfies RouteHandle,
  loader: audienceLoader('vetcheck'),
  children: [
    layout(
      lazyPage(vetcheck, (m) => m.FloorLayout),
      [
        {
          index: true,
          handle: { floorDashboard: 'vetcheck' } satisfies RouteHandle,
          lazy: lazyPage(vetcheck, (m) => m.VetcheckDashboardRoute),
        },
        page(
          'vetcheckList',
          lazyPage(vetcheck, (m) => m.VetcheckListRoute),
        ),
      ],
    ),
  ],
};

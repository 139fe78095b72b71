import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lazy-route';
import { group, layout, page } from '../../route-builders';

const welcomedesk = () => import('./index');

/** The welcome desk's floor pages (/welcomedesk). */
export const welcomedeskRoutes: RouteObject = group('welcomedesk', 'welcomedesk', 'welcomedeskList', [
  layout(
    lazyPage(welcomedesk, (m) => m.FloorLayout),
    [
      page(
        'welcomedeskList',
        lazyPage(welcomedesk, (m) => m.WelcomedeskListRoute),
      ),
      page(
        'welcomedeskAdd',
        lazyPage(welcomedesk, (m) => m.WelcomedeskAddRoute),
      ),
    ],
  ),
]);

import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lazy-route';
import { group, page } from '../../route-builders';

const welcomedesk = () => import('./index');

/** The welcome desk's floor pages (/welcomedesk). */
export const welcomedeskRoutes: RouteObject = group('welcomedesk', 'welcomedesk', 'welcomedeskList', [
  page(
    'welcomedeskList',
    lazyPage(welcomedesk, (m) => m.WelcomedeskListRoute),
  ),
  page(
    'welcomedeskAdd',
    lazyPage(welcomedesk, (m) => m.WelcomedeskAddRoute),
  ),
]);

import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lazy-route';
import { group, page } from '../../route-builders';

const signin = () => import('./index');

/** The sign-in desk's floor page (/signin). */
export const signinRoutes: RouteObject = group('signin', 'signin', 'signinList', [
  page(
    'signinList',
    lazyPage(signin, (m) => m.SigninListRoute),
  ),
]);

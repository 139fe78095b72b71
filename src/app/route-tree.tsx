import type { RouteObject } from 'react-router-dom';
import { signedInLoader } from './guards/loaders';
import { RequireSession } from './guards/require-session';
import type { RouteHandle } from './route-handle';
import { adminRoutes } from './routes/admin/routes';
import { dashboardRoutes } from './routes/dashboard/routes';
import { employerRoutes } from './routes/employer/routes';
import { merchantRoutes } from './routes/merchant/routes';
import { officialRoutes } from './routes/official/routes';
import { organizerRoutes } from './routes/organizer/routes';
import { publicRoutes } from './routes/public/routes';
import { riderRoutes } from './routes/rider/routes';
import { signinRoutes } from './routes/signin/routes';
import { simpleuserRoutes } from './routes/simpleuser/routes';
import { stableRoutes } from './routes/stable/routes';
import { vetcheckRoutes } from './routes/vetcheck/routes';
import { welcomedeskRoutes } from './routes/welcomedesk/routes';
import { DelayedSpinner } from './shell/busy-spinner';
import { NotFound } from './shell/not-found';
import { RootLayout } from './shell/root-layout';
import { RouteError } from './shell/route-error';

/*
 * The route tree, composed from one module per audience (src/app/routes/<audience>/routes.tsx).
 * Paths come from lib/paths (PATHS); every page's code is loaded on demand, one chunk per
 * audience (spec §2): those modules import their pages only lazily. Guards run as loaders before
 * a page renders; the after-navigation rules (preshow, whitelabel) run in the root layout.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <DelayedSpinner busy />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...publicRoutes,
          {
            element: <RequireSession />,
            loader: signedInLoader,
            children: [
              ...dashboardRoutes,
              ...adminRoutes,
              riderRoutes,
              employerRoutes,
              officialRoutes,
              simpleuserRoutes,
              merchantRoutes,
              organizerRoutes,
              stableRoutes,
              welcomedeskRoutes,
              signinRoutes,
              vetcheckRoutes,
            ],
          },
          { path: '*', element: <NotFound />, handle: { label: 'notFound' } satisfies RouteHandle },
        ],
      },
    ],
  },
];

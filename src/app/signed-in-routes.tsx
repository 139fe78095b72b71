import type { RouteObject } from 'react-router-dom';
import { adminRoutes } from './routes/admin/routes';
import { dashboardRoutes } from './routes/dashboard/routes';
import { employerRoutes } from './routes/employer/routes';
import { merchantRoutes } from './routes/merchant/routes';
import { officialRoutes } from './routes/official/routes';
import { organizerRoutes } from './routes/organizer/routes';
import { riderRoutes } from './routes/rider/routes';
import { signinRoutes } from './routes/signin/routes';
import { simpleuserRoutes } from './routes/simpleuser/routes';
import { stableRoutes } from './routes/stable/routes';
import { vetcheckRoutes } from './routes/vetcheck/routes';
import { welcomedeskRoutes } from './routes/welcomedesk/routes';

/**
 * Every audience's pages behind the sign-in (spec §2): one chunk, loaded when a navigation first
 * leaves the public pages (route-tree.tsx patches them in), so the sign-in page neither loads nor
 * walks them. Each audience's pages are lazy chunks of their own within.
 */
export const signedInRoutes: RouteObject[] = [
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
];

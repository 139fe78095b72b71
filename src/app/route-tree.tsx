import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router-dom';
import { signedInLoader } from './guards/loaders';
import { RequireSession } from './guards/require-session';
import type { RouteHandle } from './route-handle';
import { publicRoutes } from './routes/public/routes';
import { DelayedSpinner } from './shell/busy-spinner';
import { NotFound } from './shell/not-found';
import { RootLayout } from './shell/root-layout';
import { RouteError } from './shell/route-error';

/*
 * The route tree, composed from one module per audience (src/app/routes/<audience>/routes.tsx).
 * Paths come from lib/paths (PATHS); every page's code is loaded on demand, one chunk per
 * audience (spec §2): those modules import their pages only lazily. Guards run as loaders before
 * a page renders; the after-navigation rules (preshow, whitelabel) run in the root layout.
 *
 * The signed-in audiences' routes arrive on the first navigation that needs them
 * (patchRoutesOnNavigation): the sign-in page's code and first render stay small.
 */
const SIGNED_IN = 'signed-in';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <DelayedSpinner busy />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...publicRoutes,
          { id: SIGNED_IN, element: <RequireSession />, loader: signedInLoader, children: [] },
          { path: '*', element: <NotFound />, handle: { label: 'notFound' } satisfies RouteHandle },
        ],
      },
    ],
  },
];

/** The signed-in routes' chunk, loaded once (boot.tsx starts it early on a signed-in page). */
export const loadSignedInRoutes = () => import('./signed-in-routes').then((m) => m.signedInRoutes);

/**
 * Called by the router when a path matches no route but the splat (or a route with parameters):
 * adds the signed-in routes once, so the path is matched again against the whole tree.
 */
const patched = new WeakSet<object>();
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ patch, signal, matches }) => {
  const tree = matches[0]?.route ?? routes;
  if (patched.has(tree)) return;
  const children = await loadSignedInRoutes();
  if (signal.aborted || patched.has(tree)) return;
  patch(SIGNED_IN, children);
  patched.add(tree);
};

/** What every router of the app is created with. */
export const routerOptions = { patchRoutesOnNavigation };

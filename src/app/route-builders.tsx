import { Navigate, type RouteObject } from 'react-router-dom';
import type { AudienceKey } from '@shared/audiences';
import { href, PATHS, type PathKey, type StaticPathKey } from '@/lib/paths';
import { audienceLoader } from './guards/loaders';
import type { RouteHandle } from './route-handle';

/*
 * The pieces every audience's route module (src/app/routes/<audience>/routes.tsx) builds with.
 * Paths come from lib/paths (PATHS); a page's code is loaded on demand (`lazy`).
 */

/** One page at its PATHS pattern; `extra.handle` adds to its handle. */
export function page(
  key: PathKey,
  lazy: RouteObject['lazy'],
  extra: Omit<RouteObject, 'path' | 'lazy' | 'index' | 'handle'> & { handle?: RouteHandle } = {},
): RouteObject {
  const handle: RouteHandle = { route: key, ...extra.handle };
  return { path: PATHS[key].path, lazy, ...extra, handle } as RouteObject;
}

/** A page with sub-pages: `index` renders at its own path, `children` nest under it. */
export function section(
  key: PathKey,
  index: RouteObject['lazy'],
  children: RouteObject[],
  extra: Omit<RouteObject, 'path' | 'lazy' | 'index' | 'children'> = {},
): RouteObject {
  const handle: RouteHandle = { route: key };
  return {
    path: PATHS[key].path,
    handle,
    ...extra,
    children: [{ index: true, lazy: index }, ...children],
  } as RouteObject;
}

/** An audience's route group: its guard, and its bare path redirecting to `home`. */
export function group(key: PathKey, audience: AudienceKey, home: StaticPathKey, children: RouteObject[]): RouteObject {
  const handle: RouteHandle = { route: key };
  return {
    path: PATHS[key].path,
    handle,
    loader: audienceLoader(audience),
    children: [{ index: true, element: <Navigate to={href(home)} replace /> }, ...children],
  };
}

/**
 * Pages under one layout route without a path of its own (`lazy` gives its component): the
 * layout stays mounted while the user moves between them.
 */
export function layout(lazy: RouteObject['lazy'], children: RouteObject[]): RouteObject {
  return { lazy, children };
}

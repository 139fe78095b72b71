import type { UIMatch } from 'react-router-dom';
import type { AudienceKey } from '@shared/audiences';
import { href, parentOf, PATHS, type PathKey } from '@/lib/paths';

/** What a route tells the shell: its entry in PATHS, or a bare label for pages without one. */
export interface RouteHandle {
  route?: PathKey;
  label?: string;
  /**
   * A floor screen that is its audience's dashboard: the floor frame its layout keeps for the
   * audience's screens (floor-layout.tsx) shows that audience's dashboard above it instead of
   * the screen's heading.
   */
  floorDashboard?: AudienceKey;
}

/** The `routes` namespace key naming a matched route, if it has one. */
export function routeLabel(match: UIMatch): string | null {
  const handle = match.handle as RouteHandle | undefined;
  if (handle?.route) return PATHS[handle.route].label;
  return handle?.label ?? null;
}

export interface Crumb {
  pathname: string;
  /** Key in the `routes` namespace. */
  label: string;
}

/** The PATHS parents of a page, outermost first. */
function parentCrumbs(key: PathKey): Crumb[] {
  const parent = parentOf(key);
  return parent ? [...parentCrumbs(parent), { pathname: href(parent), label: PATHS[parent].label }] : [];
}

/**
 * The breadcrumbs of the current page: every labelled route it matched, each preceded by its
 * PATHS parents (for pages whose URL does not nest under the page they belong to).
 */
export function routeCrumbs(matches: UIMatch[]): Crumb[] {
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    const label = routeLabel(match);
    if (label === null) continue;
    const route = (match.handle as RouteHandle | undefined)?.route;
    for (const parent of route ? parentCrumbs(route) : []) {
      if (!crumbs.some((crumb) => crumb.pathname === parent.pathname)) crumbs.push(parent);
    }
    crumbs.push({ pathname: match.pathname, label });
  }
  return crumbs;
}

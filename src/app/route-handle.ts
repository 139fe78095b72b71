import type { UIMatch } from 'react-router-dom';
import { PATHS, type PathKey } from '@/lib/paths';

/** What a route tells the shell: its entry in PATHS, or a bare label for pages without one. */
export interface RouteHandle {
  route?: PathKey;
  label?: string;
}

/** The `routes` namespace key naming a matched route, if it has one. */
export function routeLabel(match: UIMatch): string | null {
  const handle = match.handle as RouteHandle | undefined;
  if (handle?.route) return PATHS[handle.route].label;
  return handle?.label ?? null;
}

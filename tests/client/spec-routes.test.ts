import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/route-tree';
import { signedInRoutes } from '@/app/signed-in-routes';
import { PATHS } from '@/lib/paths';
import { PADDOCK_ROUTES, SPEC_ROUTES, SUB_PAGES } from '../spec/coverage-table';

/*
 * Spec §2's screens (the table in tests/spec/coverage-table.ts) against the client's route tree:
 * each route of the table must be a page of the tree, and a URL of that shape must reach it
 * (not a neighbouring pattern, not "Route not found").
 */

/** The whole tree as the router has it after the signed-in routes are patched in. */
function wholeTree(): RouteObject[] {
  const patch = (list: RouteObject[]): RouteObject[] =>
    list.map((route) => ({
      ...route,
      children: route.id === 'signed-in' ? signedInRoutes : route.children && patch(route.children),
    })) as RouteObject[];
  return patch(routes);
}

const trim = (path: string) => (path === '/*' ? '*' : path.length > 1 ? path.replace(/\/+$/, '') : path);
const join = (parent: string, path: string | undefined) =>
  path === undefined ? parent : path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;

/** Every page (a route that renders something) with its full pattern. */
function pages(list: RouteObject[], parent = ''): Map<RouteObject, string> {
  const found = new Map<RouteObject, string>();
  for (const route of list) {
    const full = route.index ? parent : join(parent, route.path);
    if (route.lazy || route.element || route.Component) found.set(route, trim(full || '/'));
    if (route.children) for (const [child, path] of pages(route.children, full)) found.set(child, path);
  }
  return found;
}

/** A URL of the pattern's shape: digits for ids, a QR code for the stable's scanner, no optional segment. */
function sample(pattern: string): string {
  if (pattern === '*') return '/no/such/page';
  return (
    pattern
      .split('/')
      .filter((segment) => !segment.endsWith('?'))
      .map((segment) => (segment === ':code' ? 'r12-0123456789ab' : segment.startsWith(':') ? '12' : segment))
      .join('/') || '/'
  );
}

const tree = wholeTree();
const allPages = pages(tree);
const patterns = new Set(allPages.values());

describe('spec §2 routes (tests/spec/coverage-table.ts)', () => {
  it('lists each route of the table once', () => {
    const listed = SPEC_ROUTES.flatMap((row) => row.paths.map((path) => `${row.audience} ${path}`));
    expect(SPEC_ROUTES.length).toBeGreaterThan(80);
    expect(new Set(listed).size).toBe(listed.length);
  });

  for (const row of SPEC_ROUTES) {
    it(`${row.audience}: ${row.spec}`, () => {
      for (const path of row.paths) {
        expect(patterns, `no page at ${path}`).toContain(trim(path));
        const matches = matchRoutes(tree, sample(path)) ?? [];
        const last = matches.at(-1);
        expect(last, `${sample(path)} matches nothing`).toBeDefined();
        expect(allPages.get(last!.route), `${sample(path)} reaches another page`).toBe(trim(path));
      }
    });
  }

  it('every page of lib/paths is a spec route, a sub-page of one, or a Paddock addition', () => {
    const listed = new Set([...SPEC_ROUTES.flatMap((row) => row.paths), ...SUB_PAGES, ...PADDOCK_ROUTES].map(trim));
    const unlisted = Object.values(PATHS)
      .map((entry) => trim(entry.path as string))
      .filter((path) => !listed.has(path));
    expect(unlisted).toEqual([]);
    for (const path of [...SUB_PAGES, ...PADDOCK_ROUTES]) expect(patterns, `no page at ${path}`).toContain(trim(path));
  });
});

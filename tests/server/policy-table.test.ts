import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { can } from '@shared/permissions';
import type { Role } from '@shared/roles';
import { DEMO_USERS } from '../../server/src/db/demo-data';
import type { RoutePolicy } from '../../server/src/types';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

interface Route {
  method: string;
  url: string;
  policy: RoutePolicy | undefined;
}

/** Every route as Fastify registers it (HEAD twins left out). */
async function routeTable() {
  const routes: Route[] = [];
  const collect = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, policy: route.config?.policy });
    }
  };
  const app = await server().buildApp({}, collect);
  await app.ready();
  return { app, routes };
}

/** Path parameters become ids that do not exist: allowed callers then get 404 or 400, never 403. */
const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, '999999');

const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/v1/config/',
  'GET /api/v1/venue/check_hostname/',
  'GET /api/v1/venue/:id/preshow/',
  'GET /api/v1/termsAndConditions/current/',
  'GET /api/v1/venue/public/',
  'GET /static/dist/translations.json',
  'POST /_passwordReset/',
  'POST /_passwordReset/:uidb64/:token/',
  'POST /api/token/auth/',
  'POST /api/token/magic/',
  'POST /api/token/refresh/',
  'POST /api/v1/attendance/',
  'POST /api/v1/attendance/confirm/',
  'POST /api/v1/errorReport/',
  'POST /api/v1/invite/check/',
  'POST /api/v1/user/confirmEmail/',
  'POST /api/v1/user/hasUsablePassword/',
  'POST /api/v1/user/magicLink/',
  'POST /api/v1/user/register/',
];

describe('the policy table', () => {
  it('names a policy on every API route; exactly the known routes are public', async () => {
    const { routes } = await routeTable();
    const api = routes.filter(
      (r) => /^\/(api|_passwordReset|static\/dist)\//.test(r.url) && !r.url.startsWith('/api/docs'),
    );
    expect(api.length).toBeGreaterThan(20);
    expect(api.filter((r) => !r.policy)).toEqual([]);
    expect(
      api
        .filter((r) => r.policy === 'public')
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('answers 403 exactly when can(roles, policy) is false, for every route and demo role', async () => {
    const { app, routes } = await routeTable();
    const guarded = routes.filter(
      (r): r is Route & { policy: Exclude<RoutePolicy, 'public'> } => !!r.policy && r.policy !== 'public',
    );
    const tokens = new Map<string, string>();
    for (const demo of DEMO_USERS) tokens.set(demo.username, await server().login(demo.username));

    const mismatches: string[] = [];
    let checked = 0;
    for (const route of guarded) {
      const anonymous = await app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'GET' ? undefined : {},
      });
      if (anonymous.statusCode !== 401)
        mismatches.push(`anonymous ${route.method} ${route.url}: ${anonymous.statusCode}`);
      for (const demo of DEMO_USERS) {
        const res = await app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { authorization: `Bearer ${tokens.get(demo.username)}` },
          payload: route.method === 'GET' ? undefined : {},
        });
        const allowed = can(demo.roles as Role[], route.policy);
        const ok = allowed ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === 403;
        if (!ok)
          mismatches.push(
            `${demo.username} ${route.method} ${route.url} (${route.policy}): ${res.statusCode} ${res.body}`,
          );
        checked++;
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBe(guarded.length * DEMO_USERS.length);
  });
});

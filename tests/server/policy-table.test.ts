import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AUTHENTICATED, can, POLICIES, rolesFor, type Policy } from '@shared/permissions';
import type { Role } from '@shared/roles';
import { REGISTRATION_ROLES } from '@shared/schemas/auth';
import { DEMO_USERS } from '../../server/src/demo/demo-data';
import type { RoutePolicy } from '../../server/src/types';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

interface Route {
  method: string;
  url: string;
  policy: RoutePolicy | undefined;
  /** Left out of the OpenAPI document (schema.hide). */
  hidden: boolean;
}

/** Every route as Fastify registers it (HEAD twins left out). */
async function routeTable() {
  const routes: Route[] = [];
  const collect = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        const hidden = !!(route.schema as { hide?: boolean } | undefined)?.hide;
        routes.push({ method, url: route.url, policy: route.config?.policy, hidden });
      }
    }
  };
  const app = await server().buildApp({}, collect);
  await app.ready();
  return { app, routes };
}

/** Path parameters (`:id`, OpenAPI's `{id}`) become ids that do not exist: allowed callers get 404 or 400, not 403. */
const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+|\{[A-Za-z0-9_]+\}/g, '999999');

/** Writes carry an empty body: authorization is decided before the body is validated. */
const bodyFor = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});

const guardedPath = (url: string) => /^\/(api|_passwordReset|static\/dist)\//.test(url) && !url.startsWith('/api/docs');

interface Operation {
  method: string;
  /** As Fastify writes it (`:id`), to compare with the route table. */
  url: string;
  policy: string | undefined;
}

/** Every operation of the OpenAPI document the running app serves at /api/docs/json. */
async function documented(app: Awaited<ReturnType<typeof routeTable>>['app']): Promise<Operation[]> {
  const res = await app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as { paths: Record<string, Record<string, { 'x-policy'?: string }>> };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const url = path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
      if (guardedPath(url)) operations.push({ method: method.toUpperCase(), url, policy: operation['x-policy'] });
    }
  }
  return operations;
}

const PUBLIC_ROUTES = [
  'GET /api/health',
  // the balancer's liveness and readiness checks (nothing but their status)
  'GET /api/live',
  'GET /api/ready',
  // live scores: GraphQL queries and the subscription's websocket; what each viewer sees is decided in the service
  'GET /api/graphql',
  'POST /api/graphql',
  'GET /api/v1/config/',
  'GET /api/v1/venue/check_hostname/',
  'GET /api/v1/venue/:id/preshow/',
  // the public live page's manifest
  'GET /api/v1/venue/:id/live.webmanifest',
  'GET /api/v1/termsAndConditions/current/',
  'GET /api/v1/venue/public/',
  'GET /static/dist/translations.json',
  'POST /_passwordReset/',
  'POST /_passwordReset/:uidb64/:token/',
  'POST /api/token/auth/',
  'POST /api/token/device/',
  'POST /api/token/magic/',
  'POST /api/token/refresh/',
  'POST /api/v1/attendance/',
  'POST /api/v1/attendance/confirm/',
  'POST /api/v1/errorReport/',
  'POST /api/v1/invite/check/',
  // the registration form's check: `exists` only unless the caller may look riders up
  'POST /api/v1/rider/checkRiderExists/',
  'POST /api/v1/stripe/webhook/',
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

  it('documents every operation with its policy in the OpenAPI document', async () => {
    const { app, routes } = await routeTable();
    const operations = await documented(app);
    const fromDocs = operations.map((o) => `${o.method} ${o.url} ${o.policy ?? '(none)'}`).sort();
    const fromRoutes = routes
      .filter((r) => guardedPath(r.url) && !r.hidden)
      .map((r) => `${r.method} ${r.url} ${r.policy ?? '(none)'}`)
      .sort();
    expect(fromDocs).toEqual(fromRoutes);
    // A route may stay out of the document only if it is public: the walk below would miss it.
    expect(routes.filter((r) => guardedPath(r.url) && r.hidden && r.policy !== 'public')).toEqual([]);
    // Every policy an operation names is in the table (or says on purpose that it is public).
    expect(operations.filter((o) => o.policy !== 'public' && !(o.policy! in POLICIES))).toEqual([]);
  });

  it('walks every OpenAPI operation as every demo role: 403 exactly when the table says no', async () => {
    const { app } = await routeTable();
    const operations = (await documented(app)).filter(
      (o): o is Operation & { policy: Policy } => o.policy !== undefined && o.policy !== 'public',
    );
    expect(operations.length).toBeGreaterThan(100);
    const tokens = new Map<string, string>();
    for (const demo of DEMO_USERS) tokens.set(demo.username, await server().login(demo.username));

    const mismatches: string[] = [];
    let checked = 0;
    for (const op of operations) {
      const request = { method: op.method as 'GET', url: concrete(op.url), payload: bodyFor(op.method) };
      const anonymous = await app.inject(request);
      if (anonymous.statusCode !== 401) mismatches.push(`anonymous ${op.method} ${op.url}: ${anonymous.statusCode}`);
      for (const demo of DEMO_USERS) {
        const res = await app.inject({
          ...request,
          headers: { authorization: `Bearer ${tokens.get(demo.username)}` },
        });
        const allowed = can(demo.roles as Role[], op.policy);
        const ok = allowed ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === 403;
        if (!ok)
          mismatches.push(
            `${demo.username} ${op.method} ${op.url} (${op.policy}, ${allowed ? 'allowed' : 'refused'}): ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        checked++;
        // Logout ends the user's sessions on the server: the walk goes on with a new one.
        if (res.statusCode === 200 && op.url === '/api/auth/user/logout/')
          tokens.set(demo.username, await server().login(demo.username));
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBe(operations.length * DEMO_USERS.length);
  });
});

/**
 * The roles anyone can give themselves: the ones the public registration form offers, and employer
 * while signing up as an employer is open to every signed-in user. Stated apart from the table,
 * so that a table that hands one of them someone else's data fails here even though the routes
 * obey it faithfully (which is all the walk above can check).
 */
const SELF_SERVICE: readonly Role[] = [
  ...REGISTRATION_ROLES,
  ...(POLICIES['employer.register'] === AUTHENTICATED ? (['employer'] as const) : []),
];

/** Policies that read people other than oneself (names, contact details, who takes part where). */
const PEOPLE_DATA: readonly Policy[] = [
  'user.search',
  'people.search',
  'people.search.all',
  'people.contact',
  'people.lookup',
  'people.atVenue',
  'rider.lookup',
  'attendance.read',
  'participation.read',
  'venue.users',
  'audit.read',
  'balances.read',
];

/** Who may search everyone, and who may find someone new by exact value: the rest search their venue. */
const EXPECTED: Partial<Record<Policy, readonly Role[]>> = {
  'people.search.all': ['admin'],
  'people.lookup': ['admin', 'organizer', 'showoffice'],
  'rider.lookup': ['admin', 'organizer', 'showoffice'],
  'people.contact': ['admin', 'organizer', 'showoffice'],
};

describe('the policy table keeps people data need-to-know', () => {
  it('gives no role anyone can give themselves a policy that reads other people', () => {
    const leaks = PEOPLE_DATA.flatMap((policy) =>
      rolesFor(policy)
        .filter((role) => SELF_SERVICE.includes(role))
        .map((role) => `${policy}: ${role}`),
    );
    expect(leaks).toEqual([]);
    expect(SELF_SERVICE).toContain('employer');
  });

  it("gives a self-made employer not the horse list: only its employees' horses, narrowed in the service", () => {
    expect(rolesFor('horse.search.all')).not.toContain('employer');
  });

  it('lets only admins search everyone; the show office finds someone new by exact value', () => {
    for (const [policy, roles] of Object.entries(EXPECTED)) {
      expect([...rolesFor(policy as Policy)].sort(), policy).toEqual([...roles].sort());
    }
  });
});

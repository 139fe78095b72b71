import { can } from '@shared/permissions';
import { AppError } from '../app-error';
import type { App } from '../types';

/** Paths whose routes must declare a policy; docs and the PWA's files are public by nature. */
const GUARDED = /^\/(api|_passwordReset|static\/dist)(\/|$)/;
const DOCS = /^\/api\/docs(\/|$)/;

/**
 * Authorization: one hook reads the route's policy (src/shared/permissions.ts) and asks `can()`.
 * It runs on request, before the body is validated, so a caller without the right learns nothing
 * about the input. A route under /api without a policy is a start-up error.
 */
export function registerAuthorization(app: App): void {
  app.addHook('onRoute', (route) => {
    if (GUARDED.test(route.url) && !DOCS.test(route.url) && !route.config?.policy) {
      throw new Error(`Route ${route.method} ${route.url} has no policy: add config.policy (or 'public').`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const policy = request.routeOptions.config.policy;
    if (!policy || policy === 'public') return;
    if (!request.user) throw new AppError('unauthorized');
    if (!can(request.user.roles, policy)) throw new AppError('forbidden');
  });
}

import {
  currentUser,
  impersonateRequest,
  loginRequest,
  passwordChangeRequest,
  passwordChangeResponse,
  refreshRequest,
  tokenResponse,
  updateCurrentUser,
} from '@shared/schemas/auth';
import { okResponse } from '@shared/schemas/common';
import { deviceExchangeRequest, loginResponse } from '@shared/schemas/device-session';
import type { AppContext } from '../../context';
import { limitBy } from '../../plugins/rate-limit';
import type { App } from '../../types';
import { createAuthService } from './auth.service';

/** Sign-in, refresh and the session user (spec §7 "Authentication and session"). */
export function authRoutes(app: App, ctx: AppContext): void {
  const auth = createAuthService(ctx);
  const tags = ['auth'];

  app.post(
    '/api/token/auth/',
    {
      schema: {
        tags,
        summary: 'Sign in with username (or e-mail) and password',
        body: loginRequest,
        response: { 200: loginResponse },
      },
      config: {
        policy: 'public',
        validationError: 'missing_parameters',
        rateLimit: limitBy(ctx.config, 'auth', 'username'),
      },
    },
    (request) => auth.login(request, request.body),
  );

  app.post(
    '/api/token/device/',
    {
      schema: {
        tags,
        summary: "Trade a floor device's credential for a session token",
        description:
          'Only the device credential of the floor-staff sign-in is accepted (never a session token), ' +
          'while the user is active, holds a floor role and works at the same venue.',
        body: deviceExchangeRequest,
        response: { 200: tokenResponse },
      },
      // No rate limit: the credential is signed (nothing to guess), and a venue's tablets
      // share one address when the wifi comes back.
      config: { policy: 'public', validationError: 'missing_parameters' },
    },
    async (request) => ({ token: await auth.exchangeDevice(request.body.device_token) }),
  );

  app.post(
    '/api/token/refresh/',
    {
      schema: {
        tags,
        summary: 'Trade a live token for a fresh one',
        body: refreshRequest,
        response: { 200: tokenResponse },
      },
      config: { policy: 'public', validationError: 'missing_parameters' },
    },
    async (request) => ({ token: await auth.refresh(request.body.token) }),
  );

  app.get(
    '/api/auth/user/',
    {
      schema: { tags, summary: 'The signed-in user', security: [{ bearer: [] }], response: { 200: currentUser } },
      config: { policy: 'auth.user.read' },
    },
    (request) => auth.currentUser(request),
  );

  app.patch(
    '/api/auth/user/',
    {
      schema: {
        tags,
        summary: "Change the user's own settings",
        security: [{ bearer: [] }],
        body: updateCurrentUser,
        response: { 200: currentUser },
      },
      config: { policy: 'auth.user.update' },
    },
    (request) => auth.updateCurrentUser(request, request.body),
  );

  app.post(
    '/api/auth/password/',
    {
      schema: {
        tags,
        summary:
          'Change your password (the current one confirms it): every other session and device credential ends; this one goes on with the new token',
        security: [{ bearer: [] }],
        body: passwordChangeRequest,
        response: { 200: passwordChangeResponse },
      },
      // Guessing the current password with a session found unattended is limited like signing in.
      config: { policy: 'auth.user.update', rateLimit: limitBy(ctx.config, 'auth') },
    },
    (request) => auth.changePassword(request, request.body),
  );

  app.post(
    '/api/auth/user/impersonate/',
    {
      schema: {
        tags,
        summary: 'Act as another user (admins)',
        security: [{ bearer: [] }],
        body: impersonateRequest,
        response: { 200: tokenResponse },
      },
      config: { policy: 'auth.impersonate' },
    },
    async (request) => ({ token: await auth.impersonate(request, request.body.user_id) }),
  );

  app.post(
    '/api/auth/user/unimpersonate/',
    {
      schema: {
        tags,
        summary: 'Return to the impersonating admin',
        security: [{ bearer: [] }],
        response: { 200: tokenResponse },
      },
      config: { policy: 'auth.session' },
    },
    async (request) => ({ token: await auth.unimpersonate(request) }),
  );

  app.get(
    '/api/auth/user/logout/',
    {
      schema: {
        tags,
        summary: "End this sign-in's session (its token, refreshes and the device credential issued with it)",
        security: [{ bearer: [] }],
        response: { 200: okResponse },
      },
      config: { policy: 'auth.session' },
    },
    async (request) => {
      await auth.logout(request);
      return { ok: true as const };
    },
  );
}

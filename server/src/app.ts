import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Db } from './db/client';
import { redactUrl } from './http/redact-url';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { magicLinkRoutes } from './modules/auth/magic-link.routes';
import { inviteRoutes } from './modules/invite/invite.routes';
import { ownerRoutes } from './modules/owner/owner.routes';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes';
import { balanceRoutes } from './modules/balance/balance.routes';
import { compensationRoutes } from './modules/compensation/compensation.routes';
import { emailRunRoutes } from './modules/email-runs/email-runs.routes';
import { configurationRoutes } from './modules/configuration/configuration.routes';
import { ledgerRoutes } from './modules/ledger/ledger.routes';
import { closeRenderPool } from './modules/invoices/documents/render-pool';
import { invoiceRoutes } from './modules/invoices/invoice.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { payoutRoutes } from './modules/payouts/payouts.routes';
import { resultsRoutes } from './modules/results/results.routes';
import { bankStatementRoutes } from './modules/bank-statements/bank-statements.routes';
import { feiRoutes } from './modules/fei/fei.routes';
import { jobRoutes } from './modules/jobs/jobs.routes';
import { syncRoutes } from './modules/sync/sync.routes';
import { participationRoutes } from './modules/participation/participation.routes';
import { peopleRoutes } from './modules/people/people.routes';
import { employerRoutes } from './modules/employer/employer.routes';
import { horseRoutes } from './modules/horse/horse.routes';
import { merchantRoutes } from './modules/merchant/merchant.routes';
import { riderRoutes } from './modules/rider/rider.routes';
import { venueSetupRoutes } from './modules/venue-setup/venue-setup.routes';
import { configRoutes } from './modules/config/config.routes';
import { errorReportRoutes } from './modules/error-report/error-report.routes';
import { floorRoutes } from './modules/floor/floor.routes';
import { startlistRoutes } from './modules/startlists/startlists.routes';
import { createEndedSessions } from './modules/auth/ended-sessions';
import { createRevokedKeys } from './modules/devices/device-guard';
import { devicesRoutes } from './modules/devices/devices.routes';
import { healthRoutes } from './modules/health/health.routes';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { translationRoutes } from './modules/translations/translations.routes';
import { userRoutes } from './modules/user/user.routes';
import { venueRoutes } from './modules/venue/venue.routes';
import { createLiveBus, type LiveBus } from './modules/livescore/live-bus';
import { livescoreRoutes } from './modules/livescore/livescore.routes';
import { createAudit } from './plugins/audit';
import { createJobs, type Jobs } from './plugins/jobs';
import { registerAuthentication } from './plugins/auth';
import { registerAuthorization } from './plugins/authorization';
import { registerDocs } from './plugins/docs';
import { registerErrorHandling } from './plugins/errors';
import { createMailer, type Mailer } from './plugins/mail';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security';
import { registerTextInputGuard } from './plugins/text-input';
import { registerCompression } from './plugins/compression';
import { clientRouteFallback, registerStatic } from './plugins/static';
import { createNotices } from './db/notices';
import { createTokenService } from './security/jwt';
import { SESSION_NOTICES, watchSessions } from './security/session-cache';
import { createUserTokens } from './security/user-tokens';
import { createMetrics, type Metrics } from './plugins/metrics';
import { registerRequestTracing, requestIdOf } from './plugins/request-tracing';
import type { App } from './types';
import { createLifecycle, type Lifecycle } from './lifecycle';

export interface BuildOptions {
  config: Config;
  db: Db;
  /** Sees every route as it is registered (the policy-table test walks them). */
  onRoute?: (route: RouteOptions) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail; `app.mailer.drain()` waits for messages still being written or sent. */
    mailer: Mailer;
    /** Background runs: `app.jobs.idle()` waits for the runs this process holds (tests, bench). */
    jobs: Jobs;
    /** The sport's changes: tests and the bench publish and listen through it. */
    live: LiveBus;
    /** The process's metrics: modules count through `request.server.metrics`. */
    metrics: Metrics;
    /**
     * main.ts sets `draining` on SIGTERM (readiness then answers 503 until the process ends) and
     * runs the warm-up after it listens (readiness answers 503 `warming` meanwhile).
     */
    lifecycle: Lifecycle;
  }
}

const ROUTES = [
  authRoutes,
  magicLinkRoutes,
  passwordResetRoutes,
  userRoutes,
  venueRoutes,
  venueSetupRoutes,
  configurationRoutes,
  participationRoutes,
  peopleRoutes,
  riderRoutes,
  employerRoutes,
  merchantRoutes,
  horseRoutes,
  ownerRoutes,
  inviteRoutes,
  ledgerRoutes,
  jobRoutes,
  invoiceRoutes,
  emailRunRoutes,
  balanceRoutes,
  compensationRoutes,
  paymentRoutes,
  payoutRoutes,
  bankStatementRoutes,
  feiRoutes,
  // the data sync from the federation's registry; registers its job handler
  syncRoutes,
  resultsRoutes,
  reportRoutes,
  attendanceRoutes,
  floorRoutes,
  startlistRoutes,
  // also the guard refusing every write of a revoked floor device, on every route
  devicesRoutes,
  configRoutes,
  errorReportRoutes,
  auditLogRoutes,
  healthRoutes,
  translationRoutes,
  livescoreRoutes,
];

/** The whole server, not listening yet: main.ts listens, tests use `inject`. */
export async function buildApp({ config, db, onRoute }: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
    },
    trustProxy: config.trustProxy,
    // A request id from the balancer (X-Request-Id) is kept, so one id follows a request through
    // every process and log; else one is made. Answered in the same header.
    genReqId: requestIdOf,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The database's notices of changed users and ended sessions, to every process (PostgreSQL).
  const sessionNotices = createNotices(config.databaseUrl, SESSION_NOTICES, app.log);
  watchSessions(db, sessionNotices);
  const ctx: AppContext = {
    config,
    db,
    mailer: createMailer(config, app.log),
    audit: createAudit(db),
    jobs: createJobs(db, config.databaseUrl, app.log),
    live: createLiveBus(config.databaseUrl, app.log),
    tokens: createTokenService(config),
    userTokens: createUserTokens(config.jwtSecret, {
      password_reset: config.passwordResetTtlSeconds,
      confirm_email: config.emailConfirmTtlSeconds,
    }),
    revokedDevices: createRevokedKeys(db),
    endedSessions: createEndedSessions(db, sessionNotices),
    metrics: createMetrics(),
    lifecycle: createLifecycle(),
  };

  if (onRoute) app.addHook('onRoute', onRoute);
  app.decorate('mailer', ctx.mailer);
  app.decorate('jobs', ctx.jobs);
  app.decorate('live', ctx.live);
  app.decorate('metrics', ctx.metrics);
  app.decorate('lifecycle', ctx.lifecycle);
  registerRequestTracing(app, ctx.metrics);
  registerErrorHandling(app, clientRouteFallback(config));
  registerSecurityHeaders(app);
  registerRateLimit(app, db);
  await registerCompression(app);
  await registerDocs(app, config);
  registerAuthentication(app, ctx);
  registerAuthorization(app);
  // A POST without a body is validated as {}, so each missing field is named.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });
  registerTextInputGuard(app);

  await registerStatic(app, config);
  for (const routes of ROUTES) routes(app, ctx);
  // Runs a previous process left are resumed once the server is ready.
  app.addHook('onReady', async () => {
    await ctx.jobs.resume();
  });
  app.addHook('onClose', async () => {
    await ctx.jobs.close();
    await ctx.live.close();
    await sessionNotices.close();
    await closeRenderPool();
    await ctx.mailer.drain();
    ctx.mailer.close();
  });
  return app;
}

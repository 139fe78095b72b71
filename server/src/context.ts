import type { Config } from './config';
import type { Db } from './db/client';
import type { RevokedKeys } from './modules/devices/device-guard';
import type { EndedSessions } from './modules/auth/ended-sessions';
import type { LiveBus } from './modules/livescore/live-bus';
import type { Audit } from './plugins/audit';
import type { Jobs } from './plugins/jobs';
import type { Mailer } from './plugins/mail';
import type { Lifecycle } from './lifecycle';
import type { Metrics } from './plugins/metrics';
import type { TokenService } from './security/jwt';
import type { UserTokens } from './security/user-tokens';

/** What the modules share; built once in buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  audit: Audit;
  /** Background runs (pg-boss): invoices, e-mails, … */
  jobs: Jobs;
  /** The sport's changes, for live scores. */
  live: LiveBus;
  tokens: TokenService;
  userTokens: UserTokens;
  /**
   * The revoked floor devices, one set for the process: the session check reads it on every
   * request, the device guard on every floor write, and a revoke through this process
   * refreshes it at once for both.
   */
  revokedDevices: RevokedKeys;
  /** Sessions ended by logout, one set for the process (read by the per-request session check). */
  endedSessions: EndedSessions;
  /** The process's metrics (GET /metrics). */
  metrics: Metrics;
  /**
   * `draining` once the process was told to stop (readiness answers 503 while requests in flight
   * finish); `warming` until the warm-ups modules register with `onWarmUp` have run.
   */
  lifecycle: Lifecycle;
}

import { availableParallelism } from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The demo secret: fine for a laptop, refused in production. */
export const DEMO_JWT_SECRET = 'paddock-demo-secret-do-not-use-in-production';
/** The demo key of the riders' and grooms' QR codes: refused in production like the JWT secret. */
export const DEMO_QR_SECRET = 'paddock-demo-qr-secret-do-not-use-in-production';
/** Idempotency keys are kept at least this long (ARCHITECTURE: "kept for months, not hours"). */
export const MIN_IDEMPOTENCY_RETENTION_DAYS = 90;
const MIN_SECRET_LENGTH = 32;
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export class ConfigError extends Error {}

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v ? v : null));

/** TRUST_PROXY: true/false, or the proxies' addresses/CIDRs, comma-separated. */
const trustProxy = z
  .string()
  .default('false')
  .transform((v): boolean | string => (v === 'true' || v === 'false' ? v === 'true' : v));

const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Unset: the local address at PORT (so e-mailed links work whatever port the server listens on). */
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().min(1).default('./data'),
  MAIL_DIR: optionalText,
  DIST_DIR: z.string().min(1).default('./dist'),
  LOCALES_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'src/locales')),
  MEDIA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'public/media')),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().min(3).default('Paddock <no-reply@paddock.localhost>'),
  JWT_SECRET: z.string().min(1).default(DEMO_JWT_SECRET),
  QR_SECRET: z.string().min(1).default(DEMO_QR_SECRET),
  IDEMPOTENCY_RETENTION_DAYS: z.coerce.number().int().min(MIN_IDEMPOTENCY_RETENTION_DAYS).default(120),
  JWT_TTL_SECONDS: seconds(1800),
  JWT_REFRESH_MAX_SECONDS: seconds(7 * 24 * 3600),
  PASSWORD_RESET_TTL_SECONDS: seconds(3 * 24 * 3600),
  EMAIL_CONFIRM_TTL_SECONDS: seconds(7 * 24 * 3600),
  MAGIC_LINK_TTL_SECONDS: seconds(900),
  /** How long a floor device stays signed in across relaunches, 1 h to 7 days. */
  FLOOR_DEVICE_SESSION_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  /**
   * scrypt cost N (a power of two; r=8, p=1). 2^13 keeps the sign-in median under 60 ms on a
   * 2-core server; raise it on faster hardware: hashes carry their cost and are upgraded at
   * the next sign-in.
   */
  SCRYPT_N: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1 << 20)
    .refine((n) => (n & (n - 1)) === 0, 'must be a power of two')
    .default(1 << 13),
  SEED_DEMO: flag.optional(),
  IMPERSONATION_ENABLED: flag.optional(),
  RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().positive().default(10),
  /** Attempts per window from one client address; unset: five times RATE_LIMIT_AUTH_MAX. */
  RATE_LIMIT_ADDRESS_MAX: z.coerce.number().int().positive().optional(),
  LIVE_SOCKETS_PER_ADDRESS: z.coerce.number().int().positive().max(100_000).default(2_000),
  /** API processes on one port; unset: one per core on PostgreSQL, one on the embedded database. */
  WORKERS: z.coerce.number().int().min(1).max(256).optional(),
  /** GET /metrics answers only with this bearer token; unset, /metrics is off (404). */
  METRICS_TOKEN: optionalText,
  /** After SIGTERM, how long readiness answers 503 before the server stops taking requests (balancers notice). */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
  RATE_LIMIT_REPORT_MAX: z.coerce.number().int().positive().default(30),
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Tests and development only: the card provider's API at another address (a local test double). */
  STRIPE_API_HOST: optionalText,
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** The FEI's web service: base URL and credentials; unset: fetch_from_fei answers 409. */
  FEI_API_URL: z.url().optional(),
  FEI_API_USER: optionalText,
  FEI_API_PASSWORD: optionalText,
  /**
   * The national federation's registry (server/src/modules/sync/registry-source.ts):
   * base URL; a user and password send HTTP Basic, a password alone a bearer token. Unset: a
   * sync needs an uploaded export file.
   */
  REGISTRY_URL: z.url().optional(),
  REGISTRY_USER: optionalText,
  REGISTRY_PASSWORD: optionalText,
  /** How long one request to the registry may take. */
  REGISTRY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

export type Environment = z.infer<typeof envSchema>['NODE_ENV'];

export interface Config {
  env: Environment;
  version: string;
  port: number;
  host: string;
  publicUrl: string;
  trustProxy: boolean | string;
  logLevel: string;
  databaseUrl: string | null;
  dataDir: string;
  mailDir: string;
  distDir: string;
  localesDir: string;
  mediaDir: string;
  smtpUrl: string | null;
  mailFrom: string;
  jwtSecret: string;
  /** Key of the HMAC in riders' and grooms' QR codes (security/qr.ts). */
  qrSecret: string;
  idempotencyRetentionDays: number;
  jwtTtlSeconds: number;
  jwtRefreshMaxSeconds: number;
  passwordResetTtlSeconds: number;
  emailConfirmTtlSeconds: number;
  magicLinkTtlSeconds: number;
  floorDeviceSessionHours: number;
  scryptN: number;
  seedDemo: boolean;
  impersonationEnabled: boolean;
  rateLimit: { windowMs: number; authMax: number; authAddressMax: number; reportMax: number };
  /** Live-score websockets one client address may hold (a show ground's spectators share one). */
  liveSocketsPerAddress: number;
  /** API processes sharing the port (Node's cluster module); 1 on the embedded database. */
  workers: number;
  /** The bearer token of GET /metrics; null: no metrics endpoint. */
  metricsToken: string | null;
  /** Seconds between SIGTERM (readiness 503) and closing the listener. */
  shutdownGraceSeconds: number;
  /** The card provider's publishable key, handed to the app; null unless card payments are set up (`stripe`). */
  stripePublishableKey: string | null;
  /** Card payments: null unless the secret, publishable and webhook keys are all set. */
  stripe: StripeConfig | null;
  /** The FEI's web service (server/src/modules/fei/fei-client.ts); null unless FEI_API_URL is set. */
  fei: { url: string; user: string | null; password: string | null } | null;
  /** The federation's registry (server/src/modules/sync/registry-source.ts); null unless REGISTRY_URL is set. */
  registry: { url: string; user: string | null; password: string | null; timeoutMs: number } | null;
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another address of the provider's API (tests and development: the local test double). */
  api: { host: string; port: number | undefined; protocol: 'http' | 'https' } | null;
}

/** Build the configuration from an environment (process.env in main, overrides in tests). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production) {
    assertProductionSecret('JWT_SECRET', e.JWT_SECRET, DEMO_JWT_SECRET);
    assertProductionSecret('QR_SECRET', e.QR_SECRET, DEMO_QR_SECRET);
  }
  const stripe = stripeConfig(e, production);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    version: readVersion(),
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    mailDir: e.MAIL_DIR ? path.resolve(e.MAIL_DIR) : path.join(dataDir, 'mail'),
    distDir: path.resolve(e.DIST_DIR),
    localesDir: path.resolve(e.LOCALES_DIR),
    mediaDir: path.resolve(e.MEDIA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    qrSecret: e.QR_SECRET,
    idempotencyRetentionDays: e.IDEMPOTENCY_RETENTION_DAYS,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    jwtRefreshMaxSeconds: e.JWT_REFRESH_MAX_SECONDS,
    passwordResetTtlSeconds: e.PASSWORD_RESET_TTL_SECONDS,
    emailConfirmTtlSeconds: e.EMAIL_CONFIRM_TTL_SECONDS,
    magicLinkTtlSeconds: e.MAGIC_LINK_TTL_SECONDS,
    floorDeviceSessionHours: e.FLOOR_DEVICE_SESSION_HOURS,
    scryptN: e.SCRYPT_N,
    seedDemo: e.SEED_DEMO ?? !production,
    impersonationEnabled: e.IMPERSONATION_ENABLED ?? !production,
    rateLimit: {
      windowMs: e.RATE_LIMIT_WINDOW_MS,
      authMax: e.RATE_LIMIT_AUTH_MAX,
      // One office or show ground behind one NAT address: several people signing in at once.
      authAddressMax: e.RATE_LIMIT_ADDRESS_MAX ?? e.RATE_LIMIT_AUTH_MAX * 5,
      reportMax: e.RATE_LIMIT_REPORT_MAX,
    },
    liveSocketsPerAddress: e.LIVE_SOCKETS_PER_ADDRESS,
    workers: workersOf(e.WORKERS, e.DATABASE_URL),
    metricsToken: e.METRICS_TOKEN ?? null,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    stripePublishableKey: stripe?.publishableKey ?? null,
    stripe,
    fei: e.FEI_API_URL ? { url: e.FEI_API_URL, user: e.FEI_API_USER, password: e.FEI_API_PASSWORD } : null,
    registry: e.REGISTRY_URL
      ? { url: e.REGISTRY_URL, user: e.REGISTRY_USER, password: e.REGISTRY_PASSWORD, timeoutMs: e.REGISTRY_TIMEOUT_MS }
      : null,
  };
}

/** The mode a provider key says it is for (`sk_test_…`, `pk_live_…`, `rk_test_…`); null when it does not say. */
function keyMode(key: string): 'test' | 'live' | null {
  const mode = /^(?:sk|pk|rk)_(test|live)_/.exec(key)?.[1];
  return mode === 'test' || mode === 'live' ? mode : null;
}

/**
 * Card payments are set up when the secret, publishable and webhook keys are all set; with none
 * of them the card calls answer 409 and the app says card payments are not set up. Refused: keys
 * whose modes disagree (a test publishable key with a live secret key, …); in production also a
 * test-mode key (payments that move no money would be posted as paid), a partial set, and a
 * provider API address other than the provider's own (the test double).
 */
function stripeConfig(e: z.infer<typeof envSchema>, production: boolean): StripeConfig | null {
  const secretKey = e.STRIPE_SECRET_KEY;
  const publishableKey = e.STRIPE_PUBLISHABLE_KEY;
  const webhookSecret = e.STRIPE_WEBHOOK_SECRET;
  const modes = [secretKey, publishableKey].map((key) => (key ? keyMode(key) : null));
  if (modes[0] && modes[1] && modes[0] !== modes[1]) {
    throw new ConfigError(
      `STRIPE_SECRET_KEY is a ${modes[0]} key but STRIPE_PUBLISHABLE_KEY a ${modes[1]} key: use keys of one mode.`,
    );
  }
  if (production) {
    if (modes.includes('test')) {
      throw new ConfigError('The card provider keys are test-mode keys: use live keys in production.');
    }
    if (e.STRIPE_API_HOST || e.STRIPE_API_PORT || e.STRIPE_API_PROTOCOL) {
      throw new ConfigError('STRIPE_API_HOST, STRIPE_API_PORT and STRIPE_API_PROTOCOL are for tests only.');
    }
    const set = [secretKey, publishableKey, webhookSecret].filter(Boolean).length;
    if (set > 0 && set < 3) {
      throw new ConfigError(
        'Card payments need STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three or none.',
      );
    }
  }
  if (!secretKey || !publishableKey || !webhookSecret) return null;
  const api = e.STRIPE_API_HOST
    ? { host: e.STRIPE_API_HOST, port: e.STRIPE_API_PORT, protocol: e.STRIPE_API_PROTOCOL ?? ('https' as const) }
    : null;
  return { secretKey, publishableKey, webhookSecret, api };
}

function assertProductionSecret(name: string, secret: string, demo: string): void {
  if (secret === demo) {
    throw new ConfigError(
      `${name} is the demo default: set a random secret of at least ${MIN_SECRET_LENGTH} characters in production.`,
    );
  }
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`${name} is too short: use at least ${MIN_SECRET_LENGTH} characters in production.`);
  }
}

/** An empty variable means "not set" (docker-compose and .env files produce those). */
function withoutEmpty(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
}

let version: string | undefined;
function readVersion(): string {
  version ??= (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}

/**
 * One API process per core on PostgreSQL (each is stateless: sessions, rate limits, jobs and live
 * scores go through the database). The embedded database belongs to the one process that opened
 * its directory: more workers on it are refused, not quietly reduced.
 */
function workersOf(asked: number | undefined, databaseUrl: string | null | undefined): number {
  if (!databaseUrl) {
    if (asked !== undefined && asked > 1) {
      throw new ConfigError(
        `WORKERS=${asked} needs PostgreSQL (DATABASE_URL): the embedded database is opened by one process only.`,
      );
    }
    return 1;
  }
  return asked ?? availableParallelism();
}

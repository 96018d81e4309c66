import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SIMULATOR_DEFAULTS } from '@planpiso/domain/simulator-defaults';
import { REPO_ROOT } from './paths';

export type Config = {
  port: number;
  host: string;
  /** Unset: the process starts its own embedded PostgreSQL in `dataDir/pg`. */
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  jwtSecret: string;
  smtpHost: string;
  smtpPort: number;
  smtpUser: string | undefined;
  smtpPassword: string | undefined;
  mailFrom: string;
  appUrl: string;
  webDist: string;
  seedDemo: boolean;
  logLevel: string;
  /** One log line per request (Fastify's "incoming request"/"request completed"): only at debug or trace. */
  logRequests: boolean;
  /** Requests slower than this many milliseconds are logged at warn with their request id; 0 turns it off. */
  slowRequestMs: number;
  /**
   * How long an Idempotency-Key's claim lives without its owner's heartbeat (issue 27 item 14): past it, the
   * claim of a process that died is taken over by the retry.
   */
  idempotencyLeaseMs: number;
  /**
   * How long a reservation waits for its credit line (the other reservations on it, then the row lock) before it is
   * refused with 409 CREDIT_LINE_BUSY (decision 068).
   */
  creditLineLockMs: number;
  /** How long a request waits for a free database connection before it is answered 503 (the pool is busy). */
  dbConnectionTimeoutMs: number;
  /**
   * Connections of the request pool (pg-boss shares it); the live notifications add 3 (the adapter's pool of 2, the
   * session-end listener). Sized against PostgreSQL's max_connections across every copy (docs/deploy.md).
   */
  dbPoolMax: number;
  /** br/gzip for dynamic answers (decision 023); off when a proxy in front already compresses. */
  compression: boolean;
  corsOrigins: string[];
  /** Requests per minute per client address on each identity route (a coarse flood guard; lockout is per e-mail). */
  identityRateLimitPerMinute: number;
  /** Behind a load balancer: take the client address from X-Forwarded-For (rate limits, logs). */
  trustProxy: boolean;
  /** The lender's systems (decision 009); the defaults are the simulators'. */
  external: ExternalConfig;
  /** Background jobs on pg-boss (decision 011). */
  jobs: JobsConfig;
  /** Where uploaded files live (decision 018). */
  storage: StorageConfig;
  /**
   * TEST_CLOCK=1: the API's clock can be moved forward through POST /api/__test/clock (e2e journeys that make a
   * grace period pass). Development mode only: the API refuses to start with it otherwise.
   */
  testClock: boolean;
  /**
   * Bearer token of GET /api/metrics (Prometheus); unset, the route answers 404 and nothing is exposed (issue 30,
   * decision 085).
   */
  metricsToken: string | undefined;
  /**
   * On SIGTERM, how long requests in flight and running jobs get to finish before the connections left are cut
   * (issue 30, decision 085).
   */
  shutdownGraceMs: number;
};

export type S3Config = {
  bucket: string;
  region: string;
  /** Unset: AWS itself; set for any S3-compatible service (MinIO, R2...). */
  endpoint: string | undefined;
  /** Unset: the SDK's default credential chain (instance role, AWS_* variables). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Bucket in the path rather than the host name; what most S3-compatible services want. */
  forcePathStyle: boolean;
};

export type StorageConfig = { kind: 'disk'; dataDir: string } | { kind: 's3'; dataDir: string; s3: S3Config };

export type JobsConfig = {
  /** Run the workers and schedules in this process (JOBS=off for a copy that only serves requests, and tests). */
  enabled: boolean;
  /** Cron (Mexico City time) of the CRM insertion cycle. */
  crmInsertionCron: string;
  /** How often an idle worker looks for work, and how often pg-boss expires jobs of dead workers. */
  pollSeconds: number;
  maintenanceSeconds: number;
  /** How long a job may run before another worker takes it over (a killed worker's job runs again after this). */
  expireSeconds: number;
};

export type ExternalSystemConfig = { url: string; token: string };

export type ExternalConfig = {
  crm: ExternalSystemConfig;
  vehicles: ExternalSystemConfig;
  ax: ExternalSystemConfig;
  /**
   * `callbackUrl`: where the provider posts its webhooks (ESIGN_CALLBACK_URL; by default this API's public address,
   * APP_URL, + /api/webhooks/esign — decision 037).
   */
  esign: ExternalSystemConfig & { webhookSecret: string; callbackUrl: string };
  /** Per attempt (EXTERNAL_TIMEOUT_MS). */
  timeoutMs: number;
  /** Further attempts of a call safe to repeat (EXTERNAL_RETRIES). */
  retries: number;
  retryDelayMs: number;
  /** Consecutive failures that open a system's circuit breaker, and how long it stays open. */
  breakerThreshold: number;
  breakerHalfOpenMs: number;
};

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

const truthy = (value: string | undefined) =>
  value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

/**
 * The JWT secret survives restarts without anyone having to set it: generated once and kept in
 * DATA_DIR/secrets.json (mode 600). Production sets JWT_SECRET so every API copy signs with the same key.
 */
function persistedJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret?: unknown };
    if (typeof parsed.jwtSecret === 'string' && parsed.jwtSecret.length >= 32) return parsed.jwtSecret;
  }
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ jwtSecret: secret }, null, 2) + '\n', { mode: 0o600 });
  return secret;
}

/**
 * `externalSecrets: false` is for one-shot tools that never call an external system (create-superuser): they load
 * without the production check of decision 062. The API always checks.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { externalSecrets?: boolean } = {}): Config {
  const port = intFrom(env.PORT, 8080, 'PORT');
  const dataDir = resolve(REPO_ROOT, env.DATA_DIR || './data');
  const jwtSecret = env.JWT_SECRET || persistedJwtSecret(dataDir);
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  const logLevel = env.LOG_LEVEL || 'info';
  const appUrl = (env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    embeddedPgPort: intFrom(env.EMBEDDED_PG_PORT, 5433, 'EMBEDDED_PG_PORT'),
    jwtSecret,
    smtpHost: env.SMTP_HOST || '127.0.0.1',
    smtpPort: intFrom(env.SMTP_PORT, 2525, 'SMTP_PORT'),
    smtpUser: env.SMTP_USER || undefined,
    smtpPassword: env.SMTP_PASSWORD || undefined,
    mailFrom: env.MAIL_FROM || 'PlanPiso <no-reply@planpiso.mx>',
    appUrl,
    webDist: resolve(REPO_ROOT, env.WEB_DIST || 'apps/web/dist'),
    seedDemo: truthy(env.SEED_DEMO),
    logLevel,
    logRequests: ['debug', 'trace'].includes(logLevel),
    slowRequestMs: intFrom(env.SLOW_REQUEST_MS, 1000, 'SLOW_REQUEST_MS'),
    idempotencyLeaseMs: 1000 * intFrom(env.IDEMPOTENCY_LEASE_SECONDS, 30, 'IDEMPOTENCY_LEASE_SECONDS'),
    creditLineLockMs: intFrom(env.CREDIT_LINE_LOCK_MS, 5000, 'CREDIT_LINE_LOCK_MS'),
    dbConnectionTimeoutMs: intFrom(env.DB_CONNECTION_TIMEOUT_MS, 5000, 'DB_CONNECTION_TIMEOUT_MS'),
    dbPoolMax: positiveFrom(env.DB_POOL_MAX, 10, 'DB_POOL_MAX'),
    compression: !['0', 'false', 'off', 'no'].includes((env.HTTP_COMPRESSION ?? 'on').toLowerCase()),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    identityRateLimitPerMinute: intFrom(env.IDENTITY_RATE_LIMIT_PER_MINUTE, 100, 'IDENTITY_RATE_LIMIT_PER_MINUTE'),
    trustProxy: truthy(env.TRUST_PROXY),
    external: externalConfig(env, appUrl, options.externalSecrets ?? true),
    storage: storageConfig(env, dataDir),
    testClock: testClockFrom(env),
    metricsToken: metricsTokenFrom(env.METRICS_TOKEN),
    shutdownGraceMs: positiveFrom(env.SHUTDOWN_GRACE_MS, 20_000, 'SHUTDOWN_GRACE_MS'),
    jobs: {
      enabled: !['0', 'false', 'off', 'no'].includes((env.JOBS ?? 'on').toLowerCase()),
      crmInsertionCron: env.CRM_INSERTION_CRON || '*/5 * * * *',
      pollSeconds: positiveFrom(env.JOBS_POLL_SECONDS, 2, 'JOBS_POLL_SECONDS'),
      maintenanceSeconds: positiveFrom(env.JOBS_MAINTENANCE_SECONDS, 60, 'JOBS_MAINTENANCE_SECONDS'),
      expireSeconds: positiveFrom(env.JOBS_EXPIRE_SECONDS, 120, 'JOBS_EXPIRE_SECONDS'),
    },
  };
}

/** A token anyone could guess is no lock: refuse a short one rather than expose the metrics behind it. */
function metricsTokenFrom(value: string | undefined): string | undefined {
  const token = value?.trim();
  if (!token) return undefined;
  if (token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  return token;
}

function positiveFrom(value: string | undefined, fallback: number, name: string): number {
  const n = intFrom(value, fallback, name);
  if (n === 0) throw new Error(`${name} must be greater than 0`);
  return n;
}

/**
 * S3 when S3_BUCKET is set (decision 018); any other S3_* variable without a bucket is a mistake worth stopping
 * for, as is half a key pair: files would silently land on one server's disk.
 */
export function storageConfig(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  const bucket = env.S3_BUCKET?.trim();
  const given = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => env[name]);
  if (!bucket) {
    if (given.length > 0) throw new Error(`${given.join(', ')} set without S3_BUCKET`);
    return { kind: 'disk', dataDir };
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  const endpoint = env.S3_ENDPOINT?.replace(/\/+$/, '') || undefined;
  return {
    kind: 's3',
    dataDir,
    s3: {
      bucket,
      region: env.S3_REGION || 'us-east-1',
      endpoint,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === undefined ? endpoint !== undefined : truthy(env.S3_FORCE_PATH_STYLE),
    },
  };
}

/**
 * Development mode (NODE_ENV `development` or `test`: `npm run dev`, the test suites) may lean on the simulators'
 * committed URLs, tokens and webhook secret (packages/domain/src/simulator-defaults.ts). Any other NODE_ENV, unset included,
 * is production: nothing committed may reach it (issue 27 item 1, decision 062).
 */
function isDevelopmentMode(env: NodeJS.ProcessEnv): boolean {
  return ['development', 'test'].includes((env.NODE_ENV ?? '').trim().toLowerCase());
}

/**
 * A movable clock moves every date the lender relies on (a grace period, an expiry, a session), so it is for the
 * e2e stack and local runs only: outside development mode TEST_CLOCK stops the start rather than being ignored.
 */
function testClockFrom(env: NodeJS.ProcessEnv): boolean {
  if (!truthy(env.TEST_CLOCK)) return false;
  if (!isDevelopmentMode(env)) {
    throw new Error(
      `TEST_CLOCK is for development mode only (NODE_ENV=development or test), not NODE_ENV=${env.NODE_ENV || '<unset>'}`,
    );
  }
  return true;
}

/** The variable prefixes of the lender's systems (decision 009): CRM_URL, CRM_TOKEN, ... */
const EXTERNAL_SYSTEMS = ['CRM', 'VEHICLES', 'AX', 'ESIGN'] as const;

/**
 * Outside development mode every external system needs its URL and token, and the e-signature provider its
 * webhook secret, each set and none equal to a simulator's committed value; otherwise the API refuses to start,
 * naming every variable at fault (an unset secret would fall back to a value anyone can read in the repository).
 */
function requireExternalSecrets(env: NodeJS.ProcessEnv): void {
  const { tokens, esignWebhookSecret } = SIMULATOR_DEFAULTS;
  const committed = new Set<string>([...Object.values(tokens), esignWebhookSecret]);
  const required = [
    ...EXTERNAL_SYSTEMS.flatMap((prefix) => [`${prefix}_URL`, `${prefix}_TOKEN`]),
    'ESIGN_WEBHOOK_SECRET',
  ];
  const missing = required.filter((name) => !env[name]?.trim());
  const defaults = required.filter((name) => !name.endsWith('_URL') && committed.has(env[name]?.trim() ?? ''));
  const problems = [
    ...(missing.length > 0 ? [`${missing.join(', ')} must be set`] : []),
    ...(defaults.length > 0 ? [`${defaults.join(', ')} must not be the simulators' development value`] : []),
  ];
  if (problems.length > 0) {
    throw new Error(
      `Outside development mode (NODE_ENV=${env.NODE_ENV || '<unset>'}) every external system needs its own ` +
        `URL and secret: ${problems.join('; ')}. For a local run with the simulators, use NODE_ENV=development.`,
    );
  }
}

/** Development defaults point at the simulators (apps/simulators); production sets every URL and token. */
function externalConfig(env: NodeJS.ProcessEnv, appUrl: string, checkSecrets: boolean): ExternalConfig {
  if (checkSecrets && !isDevelopmentMode(env)) requireExternalSecrets(env);
  const { host, ports, tokens, esignWebhookSecret } = SIMULATOR_DEFAULTS;
  const system = (prefix: string, port: number, token: string): ExternalSystemConfig => ({
    url: (env[`${prefix}_URL`]?.trim() || `http://${host}:${port}`).replace(/\/+$/, ''),
    token: env[`${prefix}_TOKEN`]?.trim() || token,
  });
  return {
    crm: system('CRM', ports.crm, tokens.crm),
    vehicles: system('VEHICLES', ports.vehicles, tokens.vehicles),
    ax: system('AX', ports.ax, tokens.ax),
    esign: {
      ...system('ESIGN', ports.esign, tokens.esign),
      webhookSecret: env.ESIGN_WEBHOOK_SECRET?.trim() || esignWebhookSecret,
      callbackUrl: env.ESIGN_CALLBACK_URL || `${appUrl}/api/webhooks/esign`,
    },
    timeoutMs: positiveFrom(env.EXTERNAL_TIMEOUT_MS, 5000, 'EXTERNAL_TIMEOUT_MS'),
    retries: intFrom(env.EXTERNAL_RETRIES, 2, 'EXTERNAL_RETRIES'),
    retryDelayMs: intFrom(env.EXTERNAL_RETRY_DELAY_MS, 200, 'EXTERNAL_RETRY_DELAY_MS'),
    breakerThreshold: positiveFrom(env.EXTERNAL_BREAKER_THRESHOLD, 5, 'EXTERNAL_BREAKER_THRESHOLD'),
    breakerHalfOpenMs: intFrom(env.EXTERNAL_BREAKER_HALF_OPEN_MS, 10_000, 'EXTERNAL_BREAKER_HALF_OPEN_MS'),
  };
}

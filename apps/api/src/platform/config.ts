import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  corsOrigins: string[];
  /** Requests per minute per client address on each identity route (a coarse flood guard; lockout is per e-mail). */
  identityRateLimitPerMinute: number;
  /** Behind a load balancer: take the client address from X-Forwarded-For (rate limits, logs). */
  trustProxy: boolean;
};

/** The repository root, so relative defaults work from any working directory. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom(env.PORT, 8080, 'PORT');
  const dataDir = resolve(ROOT, env.DATA_DIR || './data');
  const jwtSecret = env.JWT_SECRET || persistedJwtSecret(dataDir);
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
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
    appUrl: (env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    webDist: resolve(ROOT, env.WEB_DIST || 'apps/web/dist'),
    seedDemo: truthy(env.SEED_DEMO),
    logLevel: env.LOG_LEVEL || 'info',
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    identityRateLimitPerMinute: intFrom(env.IDENTITY_RATE_LIMIT_PER_MINUTE, 100, 'IDENTITY_RATE_LIMIT_PER_MINUTE'),
    trustProxy: truthy(env.TRUST_PROXY),
  };
}

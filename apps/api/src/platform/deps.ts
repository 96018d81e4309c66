import type { Adapters } from '../adapters';
import type { Db } from '../db/client';
import type { JobRunner } from '../jobs/runner';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Jwt } from './jwt';
import type { Mailer } from './mail';
import type { Storage } from './storage/storage';

/** The subset of pino the services use, so a CLI can pass something simpler. */
export type Logger = {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
};

/** What services are built from; buildApp makes one set per app instance (tests inject clock and config). */
export type AppDeps = {
  config: Config;
  db: Db;
  clock: Clock;
  /** For the send-mail job's handler only: services queue mail (jobs/send-mail.ts, decision 017). */
  mailer: Mailer;
  /** Sends jobs in the caller's transaction; works in every process (send-only with JOBS=off). */
  jobs: JobRunner;
  jwt: Jwt;
  log: Logger;
  /** The lender's external systems (decision 009), one circuit breaker each per process. */
  adapters: Adapters;
  /** Uploaded files (decision 018): disk under DATA_DIR, or S3 when S3_* is set. */
  storage: Storage;
};

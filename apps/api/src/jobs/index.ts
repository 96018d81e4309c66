import type { Adapters } from '../adapters';
import type { Db } from '../db/client';
import type { CreditFailuresService } from '../modules/credit-failures/service';
import type { Clock } from '../platform/clock';
import type { JobsConfig } from '../platform/config';
import type { Logger } from '../platform/deps';
import type { Mailer } from '../platform/mail';
import type { IdentityService } from '../modules/identity/service';
import { crmInsertionJobs } from './crm-insertion';
import { passwordResetCodeJob } from './password-reset-code';
import { periodicValidationJobs } from './periodic-validations';
import { startJobRunner, type AnyJobDefinition, type JobRunner, type JobRuntime } from './runner';
import { sendMailJob } from './send-mail';

export type JobsDeps = {
  db: Db;
  adapters: Adapters;
  clock: Clock;
  config: JobsConfig;
  log: Logger;
  mailer: Pick<Mailer, 'send'>;
  failures: Pick<CreditFailuresService, 'attempt' | 'queuedIds'>;
  /** The API passes it (forgot-password codes, decision 022); a worker without it leaves that queue to the API. */
  identity?: Pick<IdentityService, 'issueResetCode'>;
};

/** Every job of the app (decision 011); handlers that send further jobs use `runner`. */
export function allJobs(deps: JobsDeps, runner: JobRunner): AnyJobDefinition[] {
  const insertion = crmInsertionJobs(deps.failures, runner, deps.config.crmInsertionCron, deps.db);
  const validations = periodicValidationJobs({ ...deps, runner });
  const jobs = [
    insertion.cycle,
    insertion.insertUnit,
    validations.tick,
    validations.validate,
    sendMailJob(deps.mailer),
  ];
  return deps.identity ? [...jobs, passwordResetCodeJob(deps.identity)] : jobs;
}

/** Starts pg-boss with every job; `work` also runs the workers and the schedules in this process. */
export function startJobs(deps: JobsDeps, { work }: { work: boolean }): Promise<JobRuntime> {
  return startJobRunner({
    db: deps.db,
    config: deps.config,
    jobs: (runner) => allJobs(deps, runner),
    log: deps.log,
    work,
  });
}

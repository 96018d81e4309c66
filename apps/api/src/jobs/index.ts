import type { Adapters } from '../adapters';
import type { Db } from '../db/client';
import type { CreditFailuresService } from '../modules/credit-failures';
import type { Clock } from '../platform/clock';
import type { JobsConfig } from '../platform/config';
import type { Logger } from '../platform/deps';
import type { Mailer } from '../platform/mail';
import type { IdentityService } from '../modules/identity';
import type { NotificationsService } from '../modules/notifications';
import { createReleaseReconciliation } from '../modules/credit-lines';
import { createCreditLinesService } from '../modules/credit-lines';
import { createProvisionValidation } from '../modules/provision-validation';
import type { Storage } from '../platform/storage/storage';
import { crmInsertionJobs } from './crm-insertion';
import { crmReleaseReconciliationJob } from './crm-release-reconciliation';
import { financedUnitsGraceJob, financedUnitsRegisterJobs } from './financed-units-grace';
import { passwordResetCodeJob } from './password-reset-code';
import { periodicValidationJobs } from './periodic-validations';
import { provisionExpiryJob } from './provision-expiry';
import { provisionValidationJobs } from './provision-validation';
import { startJobRunner, type AnyJobDefinition, type BatchJobRunner, type JobRuntime } from './runner';
import { sendMailJob } from './send-mail';
import { resetCodeCleanupJob } from './reset-code-cleanup';
import { unclaimedUploadsCleanupJob } from './unclaimed-uploads';

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
  /**
   * The API passes both (decision 035): the provisions' validation reads invoices from storage and its moves notify.
   * A worker without them leaves the validation and expiry queues to the API.
   */
  storage?: Storage;
  notifications?: NotificationsService;
};

/** Every job of the app (decision 011); handlers that send further jobs use `runner`. */
export function allJobs(deps: JobsDeps, runner: BatchJobRunner): AnyJobDefinition[] {
  const insertion = crmInsertionJobs(deps.failures, runner, deps.config.crmInsertionCron, deps.db);
  const validations = periodicValidationJobs({ ...deps, runner });
  const jobs: AnyJobDefinition[] = [
    insertion.cycle,
    insertion.insertUnit,
    validations.tick,
    validations.validate,
    sendMailJob(deps.mailer),
    resetCodeCleanupJob(deps),
    crmReleaseReconciliationJob(
      createReleaseReconciliation(
        deps,
        // Reconciliation reserves nothing: the default line wait (the jobs' config has no CREDIT_LINE_LOCK_MS).
        createCreditLinesService({ db: deps.db, adapters: deps.adapters, clock: deps.clock }),
        deps.log,
      ),
      deps.config.crmInsertionCron,
    ),
  ];
  if (deps.notifications) {
    // The sold-out-of-trust control notifies (decision 080): where the notifications are (the API), as the validations.
    const control = { ...deps, notifications: deps.notifications, jobs: runner };
    const register = financedUnitsRegisterJobs({ ...control, runner });
    jobs.push(financedUnitsGraceJob(control, deps.config.crmInsertionCron), register.pass, register.tick);
  }
  if (deps.storage && deps.notifications) {
    const validation = createProvisionValidation({ ...deps, storage: deps.storage, notifications: deps.notifications });
    const provisions = provisionValidationJobs({ validation, runner, expireSeconds: deps.config.expireSeconds });
    jobs.push(provisions.validate, provisions.sweep, provisionExpiryJob(validation));
  }
  // Uploads no save claimed within a day, and their bytes (decision 071): where the storage is.
  if (deps.storage) jobs.push(unclaimedUploadsCleanupJob({ ...deps, storage: deps.storage }));
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

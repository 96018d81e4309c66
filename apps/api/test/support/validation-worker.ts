import { createAdapters, type Adapters } from '../../src/adapters';
import { createNotificationsService } from '../../src/modules/notifications/service';
import {
  createProvisionValidation,
  type ProvisionValidationDeps,
} from '../../src/modules/provision-validation/service';
import type { Config } from '../../src/platform/config';
import { createStorage } from '../../src/platform/storage/create-storage';

/**
 * The provisions' validation as a job worker without sockets runs it (decision 035), for the tests that start a job
 * runner of their own: real adapters (from `config` unless given) and storage, moves notified to no socket.
 */
export function workerValidation({
  db,
  config,
  clock,
  log,
  adapters = createAdapters(config),
}: Pick<ProvisionValidationDeps, 'db' | 'clock' | 'log'> & { config: Config; adapters?: Adapters }) {
  return createProvisionValidation({
    db,
    adapters,
    clock,
    storage: createStorage(config.storage),
    notifications: createNotificationsService({ db, clock, log }, { toUser: () => undefined }),
    log,
  });
}

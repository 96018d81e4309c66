import { type ConfigurationResponse, type ProvisionConfiguration, CONFIGURATION_MESSAGES } from '@planpiso/domain';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { transaction } from '../../platform/transaction';
import { presentSettings, settingsValues } from './presenter';
import { operatingVerdict } from './operating-window';
import * as repo from './repository';

export type ProvisionSettingsService = ReturnType<typeof createProvisionSettingsService>;

/** The provisions configuration (spec 2 §2): read by anyone signed in, saved by types 1 and 2. */
export function createProvisionSettingsService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    async get(): Promise<ConfigurationResponse> {
      return presentSettings(await repo.readSettings(db));
    },

    /** Today's verdict of the operating window (the screens warn before the person types). */
    async operatingWindow() {
      const verdict = await operatingVerdict(db, clock.now());
      return { allowed: verdict.allowed, message: verdict.allowed ? null : verdict.message, day: verdict.day };
    },

    async save(actor: AuthUser, input: ProvisionConfiguration, requestId: string) {
      const saved = await transaction(db, async (tx) => {
        const before = presentSettings(await repo.readSettings(tx, { lock: true }));
        await repo.writeSettings(tx, settingsValues(input), actor.id);
        const after = presentSettings(await repo.readSettings(tx));
        await writeAudit(tx, {
          actor: actor.id,
          action: 'configuration.saved',
          entity: 'provision-settings',
          entityId: 1,
          before,
          after,
          requestId,
        });
        return after;
      });
      return { data: saved, message: CONFIGURATION_MESSAGES.configurationSaved };
    },
  };
}

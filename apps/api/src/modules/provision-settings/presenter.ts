import type { ConfigurationResponse, ProvisionConfiguration } from '@planpiso/domain';
import type { SettingsRow } from './repository';

/** PostgreSQL's `time` reads back as 'HH:mm:ss'; the screens and the contract speak 'HH:mm'. */
const hhmm = (time: string) => time.slice(0, 5);

/** The row as the spec's {days, hours} pairs (spec 2 §3). A time of day has no days: 0. */
export function presentSettings(row: SettingsRow): ConfigurationResponse {
  return {
    email: row.email,
    startOperation: { days: 0, hours: hhmm(row.startOperation) },
    endOperation: { days: 0, hours: hhmm(row.endOperation) },
    provision: { days: row.provisionDays, hours: '00:00' },
    transunion: { days: row.transunionDays, hours: hhmm(row.transunionTime) },
    repuve: { days: row.repuveDays, hours: hhmm(row.repuveTime) },
    ax: { days: row.axDays, hours: hhmm(row.axTime) },
    payoffGraceDays: row.payoffGraceDays,
    register: { days: row.registerDays, hours: hhmm(row.registerTime) },
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns a save writes; AX keeps its own value (decision 012), unlike the original screen. */
export function settingsValues(input: ProvisionConfiguration): Partial<SettingsRow> {
  return {
    email: input.email,
    startOperation: input.startOperation.hours,
    endOperation: input.endOperation.hours,
    provisionDays: input.provision.days,
    transunionDays: input.transunion.days,
    transunionTime: input.transunion.hours,
    repuveDays: input.repuve.days,
    repuveTime: input.repuve.hours,
    axDays: input.ax.days,
    axTime: input.ax.hours,
    // Issue 29: kept as saved when the request leaves them out.
    ...(input.payoffGraceDays !== undefined && { payoffGraceDays: input.payoffGraceDays }),
    ...(input.register !== undefined && { registerDays: input.register.days, registerTime: input.register.hours }),
  };
}

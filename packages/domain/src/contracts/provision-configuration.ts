import { z } from 'zod';
import { TEXT_MAX } from '../limits';
import { MESSAGES, maxChars } from '../messages';
import { CONFIGURATION_MESSAGES } from '../messages-configuration';
import { envelope } from './common';

/**
 * The provisions configuration (spec 2 §2 "Provisions configuration", §3, §5): the provision e-mail, the operating
 * window (startOperation, endOperation: a time of day), the provision validity (provision.days) and the periodic
 * validations of AX, TransUnion and REPUVE (every `days` days at `hours`, decision 011). Each value travels as the
 * spec's {days, hours 'HH:mm'}; days are whole and at least 0.
 */
const hhmm = z
  .string({ error: MESSAGES.required })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: CONFIGURATION_MESSAGES.configurationTimeInvalid });

const daysInvalid = CONFIGURATION_MESSAGES.configurationDaysInvalid;

/**
 * Whole days, at least 0. Required means required: an empty or blank field (a form's '') is 'Campo requerido.', not
 * the 0 that `Number('')` would make of it, and text that is not a number is 'Los días deben ser...'.
 */
const days = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? MESSAGES.required : daysInvalid) })
    .int({ message: daysInvalid })
    .min(0, { message: daysInvalid })
    .max(3650, { message: daysInvalid }),
);

export const configurationValue = z.object({ days, hours: hhmm });
export type ConfigurationValue = z.infer<typeof configurationValue>;

export const provisionConfiguration = z.object({
  email: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { message: MESSAGES.required })
    .max(TEXT_MAX, { message: maxChars(TEXT_MAX) })
    .pipe(z.email({ message: CONFIGURATION_MESSAGES.serviceDeskEmailInvalid })),
  startOperation: configurationValue,
  endOperation: configurationValue,
  provision: configurationValue,
  transunion: configurationValue,
  repuve: configurationValue,
  ax: configurationValue,
});
export type ProvisionConfiguration = z.infer<typeof provisionConfiguration>;

export const saveConfigurationRequest = provisionConfiguration;
/**
 * As saved; the e-mail is '' until someone saves one (a fresh install). Plain values, without the request's
 * preprocessing: the API encodes responses, and a one-way transform cannot be encoded.
 */
const savedValue = z.object({ days: z.number().int(), hours: z.string() });
export const configurationResponse = envelope(
  z.object({
    email: z.string(),
    startOperation: savedValue,
    endOperation: savedValue,
    provision: savedValue,
    transunion: savedValue,
    repuve: savedValue,
    ax: savedValue,
    updatedAt: z.string(),
  }),
);
export type ConfigurationResponse = z.infer<typeof configurationResponse>['data'];

/**
 * GET /configuration/operating-window (ours): may a provision action run now? The create and edit screens ask before
 * the person types (spec 3 §5 "Operating hours"); the provision endpoints refuse with the same verdict anyway.
 */
export const operatingWindowResponse = envelope(
  z.object({
    allowed: z.boolean(),
    /** The spec's message when refused (non-working day with its reason, not started, ended). */
    message: z.string().nullable(),
    day: z.string(),
  }),
);
export type OperatingWindowResponse = z.infer<typeof operatingWindowResponse>['data'];

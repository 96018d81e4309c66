import { z } from 'zod';
import { TEXT_MAX } from '../limits';
import { MESSAGES, maxChars } from '../messages';
import { CONFIGURATION_MESSAGES } from '../messages-configuration';
import { payoffGraceDays } from '../financing/payoff-grace';
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

const emailFormat = z.email();

/**
 * The provision e-mail: optional (spec 2 §4 "E-mails": the pattern and 1–150 characters apply to a value given; only
 * the service-desk form marks its e-mail required), so an empty one never blocks saving the hours (issue 26 §5).
 * Left out or blank, it is saved as ''.
 */
const provisionEmail = z
  .string({ error: CONFIGURATION_MESSAGES.serviceDeskEmailInvalid })
  .trim()
  .max(TEXT_MAX, { message: maxChars(TEXT_MAX) })
  .refine((value) => value === '' || emailFormat.safeParse(value).success, {
    message: CONFIGURATION_MESSAGES.serviceDeskEmailInvalid,
  })
  .default('');

export const provisionConfiguration = z.object({
  email: provisionEmail,
  startOperation: configurationValue,
  endOperation: configurationValue,
  provision: configurationValue,
  transunion: configurationValue,
  repuve: configurationValue,
  ax: configurationValue,
  /**
   * Issue 29 (decision 080): the payoff grace of a sold unit, 1 to 90 business days, and the financed-units
   * register's reconciliation with the CRM (every `days` days at `hours`, as the validations). Left out, each keeps
   * its saved value (a client of before issue 29 saves the rest).
   */
  payoffGraceDays: payoffGraceDays.optional(),
  register: configurationValue.optional(),
});
export type ProvisionConfiguration = z.infer<typeof provisionConfiguration>;

export const saveConfigurationRequest = provisionConfiguration;
/**
 * As saved; the e-mail is '' until someone saves one (a fresh install; the demo seed gives it one) or when saved empty. Plain values, without the request's
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
    payoffGraceDays: z.number().int(),
    register: savedValue,
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

import {
  APP_ERROR_MESSAGE,
  AppErrorCode,
  appErrorStatus,
  CONFIGURATION_MESSAGES,
  INPUT_MESSAGES,
  MESSAGES,
  ORGANISATION_MESSAGES,
  type ErrorResponse,
} from '@planpiso/domain';

/** A 409 as a unique index's violation answers it: a stable code, the Spanish text and the form field to show it on. */
export type UniqueConflict = { code: AppErrorCode; message: string; field?: string };

/**
 * Names users tell apart are unique where they are picked (issue 14 item 8, docs/decisions/021): a unique index
 * enforces it, so two concurrent creates of one name give one row and one 409, whichever service inserted. Every
 * unique violation is a 409 (issue 27 item 11, decision 067): the indexes users can hit say what is taken; any
 * other says the record exists. A route whose form words it otherwise says so in `config.uniqueConflicts`.
 */
const UNIQUE_CONFLICTS: Record<string, UniqueConflict> = {
  roles_name_unique: { code: AppErrorCode.ROLE_NAME_TAKEN, message: INPUT_MESSAGES.roleNameTaken, field: 'name' },
  agencies_company_name_unique: {
    code: AppErrorCode.BRANCH_NAME_TAKEN,
    message: INPUT_MESSAGES.branchNameTaken,
    field: 'name',
  },
  custom_signers_name_unique: {
    code: AppErrorCode.SIGNER_NAME_TAKEN,
    message: INPUT_MESSAGES.signerNameTaken,
    field: 'fullName',
  },
  users_email_unique: { code: AppErrorCode.EMAIL_TAKEN, message: MESSAGES.emailTaken, field: 'email' },
  companies_client_id_unique: { code: AppErrorCode.CONFLICT, message: ORGANISATION_MESSAGES.clientTaken },
  non_working_days_date_unique: {
    code: AppErrorCode.NON_WORKING_DAY_TAKEN,
    message: CONFIGURATION_MESSAGES.nonWorkingDayTaken,
    field: 'date',
  },
  service_desk_emails_email_unique: {
    code: AppErrorCode.SERVICE_DESK_EMAIL_TAKEN,
    message: CONFIGURATION_MESSAGES.serviceDeskEmailTaken,
    field: 'email',
  },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own wording of a unique index's 409 (the account wizard's taken e-mail is its legal representative's). */
    uniqueConflicts?: Record<string, UniqueConflict>;
  }
}

type PgError = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

/** The PostgreSQL error with `code` on `error` or its causes (drizzle wraps the driver's error). */
function pgErrorWith(error: unknown, code: string): PgError | null {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const pg = current as PgError;
    if (pg.code === code) return pg;
    current = pg.cause;
  }
  return null;
}

const answer = ({ code, message, field }: UniqueConflict): ErrorResponse => ({
  statusCode: appErrorStatus(code),
  code,
  message,
  ...(field ? { fields: { [field]: message } } : {}),
});

/** The 409 answer for any unique violation (PostgreSQL 23505), or null when `error` is none. */
export function uniqueNameConflict(
  error: unknown,
  overrides: Record<string, UniqueConflict> = {},
): ErrorResponse | null {
  const pg = pgErrorWith(error, '23505');
  if (!pg) return null;
  const constraint = typeof pg.constraint === 'string' ? pg.constraint : '';
  return answer(
    overrides[constraint] ??
      UNIQUE_CONFLICTS[constraint] ?? { code: AppErrorCode.CONFLICT, message: MESSAGES.duplicateRecord },
  );
}

/**
 * The 409 answer for a foreign-key violation (23503), or null: a row another request removed meanwhile was referenced
 * ('insert or update on table ...'), or a row still referenced was removed ('update or delete on table ...'). Services
 * check both first (e.g. accounts' companyInUse); this answers the race between the check and the write.
 */
export function referenceConflict(error: unknown): ErrorResponse | null {
  const pg = pgErrorWith(error, '23503');
  if (!pg) return null;
  const inUse = typeof pg.message === 'string' && /^update or delete on/.test(pg.message);
  return inUse
    ? answer({ code: AppErrorCode.IN_USE, message: APP_ERROR_MESSAGE.IN_USE })
    : answer({ code: AppErrorCode.CONFLICT, message: MESSAGES.referenceChanged });
}

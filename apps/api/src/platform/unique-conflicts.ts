import { INPUT_MESSAGES, type ErrorResponse } from '@planpiso/domain';

/**
 * Names users tell apart are unique where they are picked (issue 14 item 8, docs/decisions/021): a unique index
 * enforces it, so two concurrent creates of one name give one row and one 409, whichever service inserted.
 * Each index maps to its 409: a stable code, the Spanish text and the form field to show it on.
 */
const UNIQUE_NAMES: Record<string, { code: string; message: string; field: string }> = {
  roles_name_unique: { code: 'ROLE_NAME_TAKEN', message: INPUT_MESSAGES.roleNameTaken, field: 'name' },
  agencies_company_name_unique: { code: 'BRANCH_NAME_TAKEN', message: INPUT_MESSAGES.branchNameTaken, field: 'name' },
  custom_signers_name_unique: {
    code: 'SIGNER_NAME_TAKEN',
    message: INPUT_MESSAGES.signerNameTaken,
    field: 'fullName',
  },
};

/** The 409 answer for a unique-name violation (PostgreSQL 23505 on one of the indexes above), or null. */
export function uniqueNameConflict(error: unknown): ErrorResponse | null {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const pg = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (pg.code === '23505' && typeof pg.constraint === 'string' && pg.constraint in UNIQUE_NAMES) {
      const { code, message, field } = UNIQUE_NAMES[pg.constraint]!;
      return { statusCode: 409, code, message, fields: { [field]: message } };
    }
    current = pg.cause;
  }
  return null;
}

import type { AppErrorCode } from './errors';
import { MESSAGES } from './messages';
import { CONFIGURATION_MESSAGES } from './messages-configuration';
import {
  AUDIT_MESSAGES,
  FINANCING_MESSAGES,
  INVENTORY_MESSAGES,
  LAYOUT_MESSAGES,
  PROVISION_REFUSALS,
  PROVISION_REVIEW_MESSAGES,
  REFINANCING_MESSAGES,
  REFINANCING_SIGNING_MESSAGES,
  SIGNING_MESSAGES,
} from './messages-financing';
import { FINANCED_UNIT_MESSAGES } from './messages-financed-units';
import { LOT_AUDIT_MESSAGES } from './messages-lot-audits';
import { INPUT_MESSAGES } from './messages-inputs';

/**
 * The Spanish text of each code that always says the same thing (decision 073), taken from the messages catalogue,
 * never retyped. A code missing here carries the text of its case (which VIN, which rule, which field), given at
 * the throw.
 */
export const APP_ERROR_MESSAGE = {
  MALFORMED_FORM: MESSAGES.malformedForm,
  FILE_EMPTY: MESSAGES.fileTooSmall,
  IDEMPOTENCY_KEY_INVALID: MESSAGES.idempotencyKeyInvalid,
  UNIT_REPEATED: PROVISION_REVIEW_MESSAGES.unitRepeated,
  CodeMismatchException: MESSAGES.codeMismatch,
  ExpiredCodeException: MESSAGES.codeExpired,
  INVALID_SIGNATURE: SIGNING_MESSAGES.webhookSignatureInvalid,
  METRICS_TOKEN_INVALID: MESSAGES.metricsTokenInvalid,
  STALE_EVENT: SIGNING_MESSAGES.webhookEventStale,
  OWN_STATUS: MESSAGES.ownStatusChange,
  OWN_PASSWORD: MESSAGES.ownTemporaryPassword,
  FILE_LINK_INVALID: MESSAGES.fileLinkInvalid,
  EVIDENCES_NOT_REQUESTED: REFINANCING_SIGNING_MESSAGES.evidencesNotRequested,
  IN_USE: MESSAGES.recordInUse,
  STALE_VERSION: MESSAGES.staleVersion,
  IDEMPOTENCY_IN_PROGRESS: MESSAGES.idempotencyInProgress,
  CREDIT_LINE_BUSY: FINANCING_MESSAGES.creditLineBusy,
  DOCUMENT_ATTACHED: PROVISION_REFUSALS.documentAttached,
  EMAIL_TAKEN: MESSAGES.emailTaken,
  ROLE_NAME_TAKEN: INPUT_MESSAGES.roleNameTaken,
  BRANCH_NAME_TAKEN: INPUT_MESSAGES.branchNameTaken,
  SIGNER_NAME_TAKEN: INPUT_MESSAGES.signerNameTaken,
  NON_WORKING_DAY_TAKEN: CONFIGURATION_MESSAGES.nonWorkingDayTaken,
  SERVICE_DESK_EMAIL_TAKEN: CONFIGURATION_MESSAGES.serviceDeskEmailTaken,
  NO_SIGNED_DOCUMENTS: REFINANCING_SIGNING_MESSAGES.noSignedDocuments,
  REVIEW_UNIT_GONE: PROVISION_REFUSALS.reviewUnitGone,
  PAYLOAD_TOO_LARGE: MESSAGES.badRequest,
  FILE_TOO_LARGE: MESSAGES.fileTooLarge,
  TOO_MANY_FILES: MESSAGES.tooManyFiles,
  UNSUPPORTED_MEDIA_TYPE: MESSAGES.badRequest,
  IDEMPOTENCY_KEY_REUSED: MESSAGES.idempotencyKeyReused,
  BALANCE_EXCEEDED: FINANCING_MESSAGES.balanceExceeded,
  CRM_REJECTED: MESSAGES.crmRejected,
  USER_WITHOUT_ACCOUNT: MESSAGES.userWithoutAccount,
  USER_WITHOUT_COMPANY: MESSAGES.userWithoutCompany,
  USER_INACTIVE: MESSAGES.inactiveUserResend,
  INVALID_ROLE: MESSAGES.roleNotAllowed,
  ROLE_INACTIVE: MESSAGES.roleInactive,
  ROLE_TYPE_NOT_ALLOWED: MESSAGES.roleTypeNotAllowed,
  ROLE_TYPE_IMMUTABLE: MESSAGES.roleTypeImmutable,
  ACCOUNT_IMMUTABLE: MESSAGES.userAccountFixed,
  NO_ACTIVE_COMPANY: MESSAGES.noActiveCompany,
  COMPANY_NOT_IN_ACCOUNT: MESSAGES.companyNotInAccount,
  COMPANY_NOT_OF_ACCOUNT: AUDIT_MESSAGES.companyNotOfAccount,
  COMPANY_NOT_ASSIGNED: MESSAGES.companyNotAssigned,
  AGENCY_NOT_IN_COMPANY: MESSAGES.agencyNotInCompany,
  AUDIT_DAYS_ORDER: AUDIT_MESSAGES.endBeforeStart,
  INVALID_DATE_RANGE: INVENTORY_MESSAGES.dateRangeInvalid,
  LAYOUT_EMPTY: LAYOUT_MESSAGES.empty,
  UNIT_NOT_IN_LAYOUT: LAYOUT_MESSAGES.unitNotInLayout,
  EVIDENCE_UNDELETABLE: FINANCING_MESSAGES.unitEvidenceUndeletable,
  NO_UNITS: MESSAGES.selectAtLeastOneUnit,
  NO_SIGNING_DOCUMENTS: FINANCING_MESSAGES.signingDocumentsMissing,
  DOCUMENT_UNAVAILABLE: PROVISION_REFUSALS.documentUnavailable,
  UNIT_NOT_IN_PROVISION: PROVISION_REVIEW_MESSAGES.unitNotInProvision,
  REVIEW_COMMENT_REQUIRED: PROVISION_REVIEW_MESSAGES.commentRequired,
  TOTAL_MISMATCH: REFINANCING_MESSAGES.totalMismatch,
  TOO_MANY_REQUESTS: MESSAGES.tooManyRequests,
  PasswordAttemptsExceeded: MESSAGES.tooManyAttempts,
  LimitExceededException: MESSAGES.limitExceeded,
  INTERNAL_ERROR: MESSAGES.internalError,
  UNKNOWN_ERROR: MESSAGES.internalError,
  SERVICE_UNAVAILABLE: MESSAGES.serviceUnavailable,
  EXTERNAL_API_ERROR: MESSAGES.externalApiError,
  // Issue 29: the financed unit's machine (financed-unit-machine.ts).
  UNIT_ALREADY_SOLD: FINANCED_UNIT_MESSAGES.unitAlreadySold,
  UNIT_ALREADY_PAID: FINANCED_UNIT_MESSAGES.unitAlreadyPaid,
  GRACE_NOT_OVER: FINANCED_UNIT_MESSAGES.graceNotOver,
  // Issue 29 §3: lot audits per unit (financing/lot-audits.ts).
  SELF_AUDIT_NOT_REQUESTED: LOT_AUDIT_MESSAGES.selfAuditNotRequested,
  PHOTO_NOT_IMAGE: LOT_AUDIT_MESSAGES.photoNotImage,
} as const satisfies Partial<Record<AppErrorCode, string>>;

/** A code whose text is always the same: a throw names the code and nothing else. */
export type FixedMessageCode = keyof typeof APP_ERROR_MESSAGE;
/** A code whose text depends on the case: a throw gives the text (from the catalogue) with the code. */
export type CaseMessageCode = Exclude<AppErrorCode, FixedMessageCode>;

export const hasFixedMessage = (code: AppErrorCode): code is FixedMessageCode => Object.hasOwn(APP_ERROR_MESSAGE, code);

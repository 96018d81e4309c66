/** Business constants and limits (spec 1 §9, spec 2 §9, spec 3 §9), kept in one file. */
export const APP_VERSION = '1.3.0';
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
/**
 * Past this many rows a list's total is the database's estimate, flagged `totalIsEstimate` (issue 15): counting
 * every row on every page is what made the users list slow at 50,000 users. The grid shows "más de 10,000".
 */
export const COUNT_CAP = 10_000;
/** Most rows a searched picker (`?q=&limit=`) takes at once. */
export const LOOKUP_LIMIT_MAX = 50;
export const LOOKUP_LIMIT_DEFAULT = 20;
export const TEXT_MAX = 150;
export const DESCRIPTION_MAX = 250;
export const PHONE_MIN_DIGITS = 8;
export const PHONE_MAX_DIGITS = 13;
/** A phone: digits only, 8–13 of them (spec 1 §5, spec 2 §5). */
export const PHONE_PATTERN = new RegExp(`^\\d{${PHONE_MIN_DIGITS},${PHONE_MAX_DIGITS}}$`);
export const PASSWORD_MIN = 8;
export const SIDE_MENU_WIDTH = 240;
export const EXCEPTION_DIALOG_WIDTH = 637;
export const SIGNATURE_CONFIG_VERSION = 1;
export const DEFAULT_UPLOAD_EXTENSIONS = ['.jpg', '.png'] as const;
/** Max upload size in bytes unless a screen says otherwise (not shown in the spec: 10 MiB). */
export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const DEFAULT_UPLOAD_MIN_BYTES = 1;
/** How long a signed download link works (ours: 5 minutes, enough to open it in a new tab). */
export const FILE_LINK_TTL_SECONDS = 5 * 60;
export const DISPLAY_DATE_FORMAT = 'dd/MM/yyyy';
/** Session rules (spec 1 §4). */
export const SESSION_MARGIN_MS = 6000;
export const MAX_SESSION_REFRESHES = 3;
/** Identity rules (ARCHITECTURE §5, issue 2). */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const TEMPORARY_PASSWORD_TTL_DAYS = 7;
export const RESET_CODE_TTL_SECONDS = 60 * 60;
/** Wrong reset codes one client may try per e-mail (known or not) in a window; then 429 until it ends (decision 022). */
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const RESET_CODE_FAILURE_WINDOW_SECONDS = 15 * 60;
/**
 * Wrong codes typed for one e-mail from all clients together in RESET_CODE_ACCOUNT_WINDOW_SECONDS; then only the
 * client that asked for the e-mail's newest code may still try it (decision 064). The code itself stays valid.
 */
export const RESET_CODE_MAX_WRONG_PER_ACCOUNT = 10;
export const RESET_CODE_ACCOUNT_WINDOW_SECONDS = 60 * 60;
export const RESET_CODE_MAX_REQUESTS_PER_HOUR = 5;
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_BASE_SECONDS = 60;
export const LOCKOUT_MAX_SECONDS = 15 * 60;
/** A VIN (NIV) is 17 characters; the CSV and unit form accept up to 23 (spec 3 §5). */
export const VIN_MIN_LENGTH = 17;
export const VIN_MAX_LENGTH = 23;
/** GET /external/vins/{vin} per user and minute (issue 14 item 9; ours). */
export const VIN_LOOKUPS_PER_MINUTE = 30;
/**
 * POST /external/vin-validations per user and minute (issue 27 item 7; ours): each one asks REPUVE, TransUnion and
 * AX, so it is bounded tighter than a lookup. A dealer checks the units it types one by one; a CSV is validated by
 * the API's own job, not from the browser.
 */
export const VIN_VALIDATIONS_PER_MINUTE = 10;
/** The lender works in Mexico City time: days and operating hours are read there (spec 3 §8). */
export const BUSINESS_TIME_ZONE = 'America/Mexico_City';

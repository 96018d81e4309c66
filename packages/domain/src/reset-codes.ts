import {
  RESET_CODE_ACCOUNT_WINDOW_SECONDS,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_MAX_REQUESTS_PER_HOUR,
  RESET_CODE_MAX_WRONG_PER_ACCOUNT,
  RESET_CODE_TTL_SECONDS,
} from './limits';

/**
 * What is known, per e-mail (known or not), about the tries at its reset code (docs/decisions/022 and 064): wrong
 * codes from all clients in the current window, and which client asked for the newest code, when.
 */
export type ResetCodeGuard = {
  failures: number;
  failuresWindowEndsAt: Date | null;
  requests: number;
  requestsWindowEndsAt: Date | null;
  requester: string | null;
  requestedAt: Date | null;
};

const live = (count: number, windowEndsAt: Date | null, now: Date) =>
  windowEndsAt !== null && windowEndsAt > now ? count : 0;

/**
 * Whether a try at a reset code is refused (429 LimitExceededException) before the code is even compared, counted
 * per client address and per account separately (issue 27 §5):
 * - a client that typed RESET_CODE_MAX_ATTEMPTS wrong codes for the e-mail in its window is blocked;
 * - once RESET_CODE_MAX_WRONG_PER_ACCOUNT wrong codes came for the e-mail from all clients together, every other
 *   client is blocked too, except the one that asked for the newest code within its hour: the owner, who reads the
 *   mail on the device that asked for it. A flood from strangers never voids the code the owner received.
 */
export function resetCodeTryRefused(input: {
  clientFailures: number;
  guard: ResetCodeGuard;
  client: string;
  now: Date;
}): boolean {
  const { clientFailures, guard, client, now } = input;
  if (clientFailures >= RESET_CODE_MAX_ATTEMPTS) return true;
  if (live(guard.failures, guard.failuresWindowEndsAt, now) < RESET_CODE_MAX_WRONG_PER_ACCOUNT) return false;
  const askedHere =
    guard.requester === client &&
    guard.requestedAt !== null &&
    now.getTime() - guard.requestedAt.getTime() < RESET_CODE_TTL_SECONDS * 1000;
  return !askedHere;
}

/** The guard after one more wrong code for the e-mail; a window that ended starts again at 1. */
export function withWrongCode(guard: ResetCodeGuard, now: Date): ResetCodeGuard {
  const running = live(guard.failures, guard.failuresWindowEndsAt, now) > 0;
  return {
    ...guard,
    failures: running ? guard.failures + 1 : 1,
    failuresWindowEndsAt: running
      ? guard.failuresWindowEndsAt
      : new Date(now.getTime() + RESET_CODE_ACCOUNT_WINDOW_SECONDS * 1000),
  };
}

/**
 * The guard after a forgot-password request from `client`: the client becomes the e-mail's requester while the
 * e-mail is under RESET_CODE_MAX_REQUESTS_PER_HOUR requests in its hour, so no more than that many addresses an hour
 * can make themselves exempt from the account's limit by asking for a code.
 */
export function withCodeRequest(guard: ResetCodeGuard, client: string, now: Date): ResetCodeGuard {
  const running = live(guard.requests, guard.requestsWindowEndsAt, now) > 0;
  const requests = running ? guard.requests + 1 : 1;
  const counted = requests <= RESET_CODE_MAX_REQUESTS_PER_HOUR;
  return {
    ...guard,
    requests,
    requestsWindowEndsAt: running ? guard.requestsWindowEndsAt : new Date(now.getTime() + 60 * 60 * 1000),
    requester: counted ? client : guard.requester,
    requestedAt: counted ? now : guard.requestedAt,
  };
}

/**
 * What the hourly purge may delete at `now` (issue 27, decision 064): per-e-mail guards and per-client counts whose
 * windows have all ended by `windowsEndedBy` and whose code request is older than a code lives (`requestedBefore`),
 * and the codes expired by then. Such a record decides nothing any more: deleted, it reads as a fresh one.
 */
export function spentResetRecords(now: Date): { windowsEndedBy: Date; requestedBefore: Date } {
  return { windowsEndedBy: now, requestedBefore: new Date(now.getTime() - RESET_CODE_TTL_SECONDS * 1000) };
}

/** Whether `guard` is spent at `now` by `spentResetRecords`' measure. */
export function resetGuardSpent(guard: ResetCodeGuard, now: Date): boolean {
  const { windowsEndedBy, requestedBefore } = spentResetRecords(now);
  const ended = (at: Date | null) => at === null || at <= windowsEndedBy;
  return (
    ended(guard.failuresWindowEndsAt) &&
    ended(guard.requestsWindowEndsAt) &&
    (guard.requestedAt === null || guard.requestedAt < requestedBefore)
  );
}

import {
  AppErrorCode,
  businessClock,
  type EligibilityFacts,
  FINANCING_MESSAGES,
  isDealer,
  provisionEligibility,
  USER_TYPE,
  type ValidateProcess,
  type ValidateProcessQuery,
} from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import * as companiesRepo from '../companies';
import { approvalAgainstAudits } from '../exceptions';
import { soldOutOfTrustFacts, soldOutOfTrustHoldOf } from '../financed-units';
import { accountScopeOf } from '../organisation-lookups';
import { findCompanyInScope } from '../organisation-lookups';
import * as repo from './repository';

type EligibilityDeps = Pick<AppDeps, 'db' | 'adapters' | 'clock'>;
type Company = NonNullable<Awaited<ReturnType<typeof findCompanyInScope>>>;

/**
 * The facts of spec 3 §4 "Disposition eligibility check" for one account and company on one day, and the verdict of
 * the domain's provisionEligibility. The CRM is asked here, outside any transaction (ARCHITECTURE §6), for the
 * company's lines with pending balances; audits and exceptions are read from their tables (decision 030).
 */
async function evaluate(
  { db, adapters }: EligibilityDeps,
  account: number | null,
  company: Company | null,
  day: string,
): Promise<ValidateProcess> {
  const facts: EligibilityFacts = {
    hasAccount: account !== null,
    hasCompany: company !== null,
    pendingBalances: 0,
    auditsInProgress: 0,
    latestExceptionStatus: null,
  };
  if (account !== null && company !== null) {
    const [lines, auditsInProgress, latest, timing, soldOutOfTrust] = await Promise.all([
      company.clientId ? adapters.crm.lineConfiguration(company.clientId) : Promise.resolve([]),
      repo.countSuspendingAudits(db, company.id, day),
      companiesRepo.latestException(db, company.id),
      approvalAgainstAudits(db, company.id, day),
      soldOutOfTrustFacts(db, company.id),
    ]);
    facts.pendingBalances = lines.filter((line) => line.tienesSaldosPendientes).length;
    facts.auditsInProgress = auditsInProgress;
    facts.latestExceptionStatus = latest?.status ?? null;
    // Issue 18: a suspending audit blocks unless an exception was approved after it was recorded.
    facts.approvalPredatesAudit =
      timing.approvedAt !== null && timing.auditRecordedAt !== null && timing.approvedAt < timing.auditRecordedAt;
    // Issue 29 §2: units sold out of trust hold the company's drawdowns the same way, lifted by a later approval.
    facts.soldOutOfTrustUnits = soldOutOfTrust.units;
    facts.approvalPredatesSoldOutOfTrust =
      timing.approvedAt !== null && soldOutOfTrust.latestAt !== null && timing.approvedAt < soldOutOfTrust.latestAt;
  }
  const verdict = provisionEligibility(facts);
  return {
    canProvision: verdict.canProvision,
    messages: verdict.messages,
    pendingBalances: facts.pendingBalances,
    auditsInProgress: facts.auditsInProgress,
    latestExceptionStatus: facts.latestExceptionStatus,
  };
}

/** The dealer operator's own account and company, as the session has them now (null where it has none). */
async function ownAccountAndCompany({ db }: EligibilityDeps, actor: AuthUser) {
  const account = actor.accountId;
  if (account === null || actor.companyId === null) return { account, company: null };
  const company = await findCompanyInScope(db, accountScopeOf(actor), actor.companyId);
  return { account, company: company && company.accountId === account ? company : null };
}

/**
 * GET /audits/validate-process (spec 3 §7): a dealer operator (type 5) asks about its own account and company
 * (the query may repeat them; others are not found); any other type names both, within its scope.
 */
export async function validateProcess(
  deps: EligibilityDeps,
  actor: AuthUser,
  query: ValidateProcessQuery,
): Promise<ValidateProcess> {
  const day = query.date ?? businessClock(deps.clock.now()).day;
  if (actor.type === USER_TYPE.AGENCY_OPERATOR) {
    const own = await ownAccountAndCompany(deps, actor);
    if ((query.account && query.account !== own.account) || (query.company && query.company !== own.company?.id)) {
      throw notFound();
    }
    return evaluate(deps, own.account, own.company, day);
  }
  if (!query.account || !query.company) {
    throw badRequest(FINANCING_MESSAGES.accountAndCompanyRequired);
  }
  const company = await findCompanyInScope(deps.db, accountScopeOf(actor), query.company);
  if (!company || company.accountId !== query.account) throw notFound();
  if (isDealer(actor.type) && !(await companiesRepo.isAssignedTo(deps.db, actor.id, company.id))) throw notFound();
  return evaluate(deps, query.account, company, day);
}

/**
 * The server's half of the pre-checks (spec 3 §5 "Pre-checks for creating a provision"): refuses (422, the
 * dialog's lines as the message) when the dealer operator may not draw today. Call it before the create's
 * transaction: it asks the CRM. Only type 5 creates provisions (spec 3 §6).
 */
export async function assertCanProvision(deps: EligibilityDeps, caller: AuthUser): Promise<void> {
  if (caller.type !== USER_TYPE.AGENCY_OPERATOR) throw forbidden();
  const own = await ownAccountAndCompany(deps, caller);
  const verdict = await evaluate(deps, own.account, own.company, businessClock(deps.clock.now()).day);
  if (!verdict.canProvision) throw new AppError(AppErrorCode.NOT_ELIGIBLE, { message: verdict.messages.join('. ') });
}

/**
 * A refinancing is a drawdown too (issue 29 §2): refused (422, the pre-check's 'Tienes [n] unidades vendidas sin
 * liquidar') while the company's units sold out of trust hold it and no exception approved since lifts it. Call it
 * before the create's transaction.
 */
export async function assertNotHeldBySoldOutOfTrust(
  { db, clock }: Pick<EligibilityDeps, 'db' | 'clock'>,
  companyId: number,
): Promise<void> {
  const hold = await soldOutOfTrustHoldOf(db, companyId, businessClock(clock.now()).day);
  if (hold.held && hold.reason) throw new AppError(AppErrorCode.NOT_ELIGIBLE, { message: hold.reason });
}

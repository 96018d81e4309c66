import { EXCEPTION_STATUS } from '../contracts/exceptions';
import { FINANCED_UNIT_MESSAGES } from '../messages-financed-units';
import { FINANCING_MESSAGES, pendingAudits, pendingBalances } from '../messages-financing';
import { soldOutOfTrustHold } from './sold-out-of-trust';

/**
 * What the API reads before a dealer operator (type 5) creates a provision (spec 3 §5 "Pre-checks", §8): the user's
 * account and company, the company's pending balances (the CRM's tienesSaldosPendientes, counted per line), the
 * audits in progress that suspend the provisions panel, and the status of the company's latest exception.
 */
export type EligibilityFacts = {
  hasAccount: boolean;
  hasCompany: boolean;
  pendingBalances: number;
  auditsInProgress: number;
  /** The latest exception request's status, or null when the company never asked for one. */
  latestExceptionStatus: number | null;
  /**
   * The latest exception was approved before a suspending audit in progress was recorded: it answered another block,
   * so it does not lift this one (issue 18: "blocks unless an exception was approved after it"; decision 056).
   */
  approvalPredatesAudit?: boolean;
  /** Issue 29 §2: the company's units in Vencida sin liquidar (sold out of trust). Left out: none. */
  soldOutOfTrustUnits?: number;
  /**
   * The latest exception was approved before the most recent of those units fell into SOT: as with audits, it does
   * not lift the hold (sold-out-of-trust.ts).
   */
  approvalPredatesSoldOutOfTrust?: boolean;
};

export type Eligibility = { canProvision: boolean; messages: string[] };

/**
 * The verdict and the lines of the 'Resultado de validación' dialog. Our reading of spec 3: pending balances and
 * audits in progress block (§1: exceptions are "permission to draw when balances or audits block it"); a block is
 * lifted by the latest exception when it is approved (status 2, §4 "Blocked if audits are suspended and the latest
 * exception is not approved"). The counts are listed first, then the outcome:
 * - nothing blocks: 'Puedes disponer';
 * - blocked, latest exception approved: 'La última excepción está aprobada. Ya puedes disponer' (allowed), unless a
 *   suspending audit in progress was recorded after that approval: then the dealer is told so — 'La excepción
 *   aprobada es anterior a la auditoría; solicita una nueva excepción para disponer' (decision 056) — never that the
 *   exception is not approved, nor a bare 'No puedes disponer', while its screen shows it 'Aprobada';
 * - blocked, latest exception in any other status: 'La última excepción no está aprobada. No puedes disponer';
 * - blocked, no exception at all: 'No puedes disponer'.
 * Without an account or a company nothing else is checked.
 *
 * Issue 29 §2 adds the sold-out-of-trust hold as one more block, after the audits: 'Tienes [n] unidades vendidas sin
 * liquidar'. An approved exception lifts it as it lifts audits, unless the approval is older than the hold: then
 * 'La excepción aprobada es anterior a las unidades vendidas sin liquidar; …' (the audits' line too, when both).
 */
export function provisionEligibility(facts: EligibilityFacts): Eligibility {
  if (!facts.hasAccount) return { canProvision: false, messages: [FINANCING_MESSAGES.userWithoutAccount] };
  if (!facts.hasCompany) return { canProvision: false, messages: [FINANCING_MESSAGES.userWithoutCompany] };

  const messages: string[] = [];
  if (facts.pendingBalances > 0) messages.push(pendingBalances(facts.pendingBalances));
  if (facts.auditsInProgress > 0) messages.push(pendingAudits(facts.auditsInProgress));
  const approved = facts.latestExceptionStatus === EXCEPTION_STATUS.APPROVED;
  const hold = soldOutOfTrustHold({
    sotUnits: facts.soldOutOfTrustUnits ?? 0,
    approvedExceptionCoversIt: approved && !facts.approvalPredatesSoldOutOfTrust,
  });
  if (hold.reason) messages.push(hold.reason);
  if (messages.length === 0) return { canProvision: true, messages: [FINANCING_MESSAGES.canProvision] };

  const olderApprovals: string[] = [];
  if (approved && facts.approvalPredatesAudit && facts.auditsInProgress > 0)
    olderApprovals.push(FINANCING_MESSAGES.approvalPredatesAudit);
  if (approved && hold.held) olderApprovals.push(FINANCED_UNIT_MESSAGES.approvalPredatesSoldOutOfTrust);
  if (olderApprovals.length > 0) return { canProvision: false, messages: [...messages, ...olderApprovals] };
  if (approved) return { canProvision: true, messages: [...messages, FINANCING_MESSAGES.latestExceptionApproved] };
  if (facts.latestExceptionStatus === null)
    return { canProvision: false, messages: [...messages, FINANCING_MESSAGES.cannotProvision] };
  return { canProvision: false, messages: [...messages, FINANCING_MESSAGES.latestExceptionNotApproved] };
}

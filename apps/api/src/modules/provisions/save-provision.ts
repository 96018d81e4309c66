import {
  MESSAGES,
  PROVISION_REFUSALS,
  parseTerms,
  vinAlreadyFinanced,
  vinRepeatedInProvision,
  type ProvisionUnit,
  AppErrorCode,
} from '@planpiso/domain';
import type { Executor, Tx } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import type { CreditLinesService } from '../credit-lines';
import { unitDescriptionOf } from '../financing';
import type { NotificationsService } from '../notifications';
import * as repo from './repository';

/**
 * What the provisions' use cases need (spec 3 §2, §4, §5, §7; decision 029). Every save (create-provision.ts,
 * update-provision.ts): the domain contract (at the route), the operating window, the caller's company, branch and
 * legal representative, the CRM's line read outside any transaction, then one transaction under the line's lock:
 * no double financing, the reservation, the rows, their evidences, the notification and the audit row. The steps
 * both saves share are below.
 */
export type ProvisionsDeps = Pick<AppDeps, 'db' | 'adapters' | 'clock' | 'jobs'> & {
  creditLines: CreditLinesService;
  notifications: NotificationsService;
};

/** What a save was checked against before its transaction: the caller's company, branch and representative. */
export type SaveContext = { company: { id: number; name: string; clientId: string | null; accountId: number } };

/** A unit's VIN as stored: upper case (decision 029), so one index answers the double-financing check. */
export const vinKey = (vin: string) => vin.trim().toUpperCase();

/** The unit columns a save writes (the form's fields; the lender's review columns are not the dealer's). */
export function unitValues(unit: ProvisionUnit) {
  return {
    ...unitDescriptionOf(unit),
    vinNumber: vinKey(unit.vinNumber),
    amount: unit.amount,
    included: true,
  };
}

/** Type 5 only (the machine's `who`), with an account and an active company that is the body's. */
export async function saveContext(db: Executor, actor: AuthUser, companyId: number, agencyId: number, legalId: number) {
  if (!actor.accountId) throw new AppError(AppErrorCode.USER_WITHOUT_ACCOUNT);
  if (!actor.companyId) throw new AppError(AppErrorCode.USER_WITHOUT_COMPANY);
  if (companyId !== actor.companyId) throw new AppError(AppErrorCode.COMPANY_NOT_ASSIGNED);
  const company = await repo.findCompany(db, companyId);
  if (!company || company.accountId !== actor.accountId) {
    throw new AppError(AppErrorCode.COMPANY_NOT_ASSIGNED);
  }
  if (!(await repo.findAssignedBranch(db, actor.id, agencyId, company.id))) {
    throw new AppError(AppErrorCode.AGENCY_NOT_ASSIGNED, { message: PROVISION_REFUSALS.agencyNotAssigned });
  }
  if (!(await repo.findLegalRepresentative(db, legalId, company.id))) {
    throw new AppError(AppErrorCode.LEGAL_NOT_IN_COMPANY, { message: PROVISION_REFUSALS.legalNotInCompany });
  }
  return { company } satisfies SaveContext;
}

/** The same VIN twice in one save is refused before anything else (spec 3: no double financing). */
export function assertDistinctVins(units: readonly ProvisionUnit[]) {
  const seen = new Set<string>();
  for (const unit of units) {
    const vin = vinKey(unit.vinNumber);
    if (seen.has(vin)) throw new AppError(AppErrorCode.VIN_REPEATED, { message: vinRepeatedInProvision(vin) });
    seen.add(vin);
  }
}

/**
 * Reads the line from the CRM (outside any transaction, decision 015) and checks it is the company's and the
 * term one of its plazos. A line of another client is not found, as if it did not exist.
 */
export async function checkedLine(
  creditLines: CreditLinesService,
  crmLineId: string,
  deadlines: number,
  context: SaveContext,
) {
  const line = await creditLines.refreshFromCrm(crmLineId);
  if (line.clientNumber !== context.company.clientId) throw notFound(MESSAGES.creditLineNotFound);
  if (!parseTerms(line.plazos).includes(deadlines)) {
    throw new AppError(AppErrorCode.TERM_NOT_IN_LINE, { message: PROVISION_REFUSALS.termNotInLine });
  }
  return line;
}

/** Refuses VINs another open or financed provision holds, naming the VIN and its folio. */
export async function assertVinsFree(tx: Tx, units: readonly ProvisionUnit[], exceptProvisionId: number | null) {
  // The line's lock does not cover a save on another line with the same VIN: the VINs' own locks do.
  await repo.lockVinBuckets(
    tx,
    units.map((u) => u.vinNumber),
  );
  const held = await repo.vinsHeldElsewhere(
    tx,
    units.map((u) => u.vinNumber),
    exceptProvisionId,
  );
  const first = held[0];
  if (first)
    throw new AppError(AppErrorCode.VIN_ALREADY_FINANCED, { message: vinAlreadyFinanced(first.vin, first.folio) });
}

/**
 * The files a save attaches: each must be the caller's own upload that nothing holds yet, or (edit) already
 * this provision's. Locked first, so two saves of one upload, or a save and a delete, go one after the other.
 */
export async function claimFiles(tx: Tx, actor: AuthUser, fileIds: number[], alreadyOurs: Set<number>) {
  const wanted = [...new Set(fileIds.filter((id) => !alreadyOurs.has(id)))];
  const locked = await repo.lockFiles(tx, wanted);
  const held = await repo.evidencesOfFiles(tx, wanted);
  const usable = locked.filter((file) => file.uploadedBy === actor.id);
  if (usable.length !== wanted.length || held.length > 0) {
    throw new AppError(AppErrorCode.DOCUMENT_UNAVAILABLE);
  }
}

import {
  AppErrorCode,
  AUDIT_MESSAGES,
  auditDaysInOrder,
  type AuditListQuery,
  type AuditResponse,
  AUDITS_DEFAULT_SORT,
  askLotAudit,
  businessClock,
  type CreateAuditRequest,
  type UpdateAuditRequest,
} from '@planpiso/domain';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { found, listPage, type Saved } from '../../platform/crud';
import { AppError, notFound, refusalError } from '../../platform/errors';
import type { Page } from '../../platform/listing';
import { staleVersion } from '../../platform/state-transition';
import { transaction } from '../../platform/transaction';
import type { Executor } from '../../db/client';
import { accountScopeOf } from '../organisation-lookups';
import { findCompanyInScope } from '../organisation-lookups';
import { auditFacts, presentAudit } from './presenter';
import { entityOf } from './lot-audit-presenter';
import * as lotRepo from './lot-audit-repository';
import * as repo from './repository';
import { answerWithin } from '../../platform/idempotency';

export type AuditsService = ReturnType<typeof createAuditsService>;

const scopeOf = (actor: AuthUser): repo.AuditScope => ({ registerBy: actor.id, accounts: accountScopeOf(actor) });

/**
 * The rules a body must meet beyond its shape, checked before anything is written: the days in order (422) and the
 * company within the caller's accounts (404 otherwise) and of the chosen account (422) — decision 041.
 */
async function checkBody(db: Executor, actor: AuthUser, body: CreateAuditRequest): Promise<repo.AuditValues> {
  if (!auditDaysInOrder(body.initialDate, body.endDate)) {
    throw new AppError(AppErrorCode.AUDIT_DAYS_ORDER);
  }
  const company = await findCompanyInScope(db, accountScopeOf(actor), body.companyId);
  if (!company) throw notFound();
  if (company.accountId !== body.accountId) {
    throw new AppError(AppErrorCode.COMPANY_NOT_OF_ACCOUNT);
  }
  return {
    auditor: body.auditor,
    description: body.description,
    accountId: body.accountId,
    companyId: body.companyId,
    isSuspended: body.isSuspended,
    initialDate: body.initialDate,
    endDate: body.endDate,
  };
}

/** Reads the saved audit back and records the change (`before` on an edit) in the same transaction. */
async function auditSaved(
  tx: Executor,
  actor: AuthUser,
  id: number,
  requestId: string,
  action: 'audit.created' | 'audit.updated',
  before?: repo.AuditRow,
): Promise<repo.AuditRow> {
  const after = (await repo.findAudit(tx, scopeOf(actor), id))!;
  await writeAudit(tx, {
    actor: actor.id,
    action,
    entity: 'audit',
    entityId: id,
    before: before && auditFacts(before),
    after: auditFacts(after),
    requestId,
  });
  return after;
}

/** Audits (spec 3 §2, §3, §7): the lender administrator's own audits, listed, read, created and edited. */
export function createAuditsService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    async list(actor: AuthUser, query: AuditListQuery): Promise<Page<AuditResponse>> {
      const filters = { account: query.account, registerBy: query.registerBy, from: query.from, to: query.to };
      const today = businessClock(clock.now()).day;
      return listPage(
        query,
        { fallback: AUDITS_DEFAULT_SORT, fields: repo.auditSortFields, id: repo.auditId },
        (window, order) => repo.listAudits(db, scopeOf(actor), filters, window, order),
        (row) => presentAudit(row, actor, today),
      );
    },

    async get(actor: AuthUser, id: number): Promise<AuditResponse> {
      const row = found(await repo.findAudit(db, scopeOf(actor), id));
      return presentAudit(row, actor, businessClock(clock.now()).day);
    },

    async create(actor: AuthUser, body: CreateAuditRequest, requestId: string): Promise<Saved<AuditResponse>> {
      return transaction(db, async (tx) => {
        const values = await checkBody(tx, actor, body);
        const id = await repo.insertAudit(tx, { ...values, registerBy: actor.id });
        // Issue 29 §3 (decision 081): the audit starts with a snapshot of the company's financed units.
        await lotRepo.snapshotUnits(tx, id, values.companyId, clock.now());
        const after = await auditSaved(tx, actor, id, requestId, 'audit.created');
        const data = presentAudit(after, actor, businessClock(clock.now()).day);
        return answerWithin(tx, 201, { data, message: AUDIT_MESSAGES.saved });
      });
    },

    async update(
      actor: AuthUser,
      id: number,
      { version, ...body }: UpdateAuditRequest,
      requestId: string,
    ): Promise<Saved<AuditResponse>> {
      const saved = await transaction(db, async (tx) => {
        const before = found(await repo.findAudit(tx, scopeOf(actor), id, { lock: true }));
        // The audit's machine: an open audit only, and its company only while none of its units is checked.
        const lot = found(await lotRepo.findLotAudit(tx, actor, id));
        const entity = {
          ...entityOf(lot, businessClock(clock.now()).day, 0),
          checked: (await lotRepo.unitCountsOf(tx, id)).checked,
        };
        const ask = (action: 'edit' | 'changeCompany') => {
          const verdict = askLotAudit(actor, action, entity);
          if (!verdict.allowed) throw refusalError(verdict);
        };
        ask('edit');
        const values = await checkBody(tx, actor, body);
        if (values.companyId !== before.companyId) ask('changeCompany');
        if (before.version !== version || !(await repo.updateAudit(tx, id, version, values))) throw staleVersion();
        // Another company (no unit checked yet): the snapshot is of the new company's units.
        if (values.companyId !== before.companyId && (await lotRepo.dropUncheckedSnapshot(tx, id))) {
          await lotRepo.snapshotUnits(tx, id, values.companyId, clock.now());
        }
        const after = await auditSaved(tx, actor, id, requestId, 'audit.updated', before);
        return presentAudit(after, actor, entity.today);
      });
      return { data: saved, message: AUDIT_MESSAGES.updated };
    },
  };
}

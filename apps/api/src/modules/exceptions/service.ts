import {
  AppErrorCode,
  createExceptionRequest,
  EXCEPTION_APPROVAL_COMMENT,
  EXCEPTION_EVIDENCE_OF_ACTION,
  EXCEPTION_EVIDENCE_RULE,
  EXCEPTION_MACHINE,
  exceptionActionFor,
  exceptionDecidedNotice,
  type ExceptionListQuery,
  exceptionListStatuses,
  exceptionRequested,
  exceptionRequestedNotice,
  type ExceptionResponse,
  exceptionReviewedNotice,
  EXCEPTIONS_DEFAULT_SORT,
  FINANCING_MESSAGES,
  MESSAGES,
  NOTIFICATION_TYPE,
  updateExceptionRequest,
} from '@planpiso/domain';
import { sql } from 'drizzle-orm';
import { exceptions as exceptionsTable } from '../../db/schema/exceptions';
import { writeAudit } from '../../platform/audit';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { orderBy, pageWindow, type Page } from '../../platform/listing';
import { applyTransition, checkTransition } from '../../platform/state-transition';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import type { ReceivedForm } from '../../platform/uploads';
import type { FilesService } from '../files';
import * as filesRepo from '../files';
import type { NotificationsService } from '../notifications';
import { accountScopeOf } from '../organisation-lookups';
import { findCompanyInScope } from '../organisation-lookups';
import { CUSTOMER_EVIDENCE, presentEvidence, presentException } from './presenter';
import { exceptionScopeOf } from './policy';
import * as repo from './repository';
import { answerWithin } from '../../platform/idempotency';

export type ExceptionsService = ReturnType<typeof createExceptionsService>;

/** The evidence part of POST /api/exceptions and what it may be (spec 1 §5, §9). */
export const EXCEPTION_EVIDENCE_UPLOAD = {
  field: 'evidence',
  allowed: EXCEPTION_EVIDENCE_RULE.extensions,
  maxBytes: EXCEPTION_EVIDENCE_RULE.maxBytes,
};

/**
 * Exception requests (spec 3 "Exceptions", §7): the dealer operator (type 5) asks for one with a comment and an
 * evidence (type 4); the account's lender operator is notified. Then the review flow along EXCEPTION_MACHINE
 * (spec 3 §4): the operator's observations (1, evidence 5; its administrators notified), the administrator's
 * approval (2) or rejection (3) (evidence 6; the dealer who asked notified). Lists and gets are scoped in SQL.
 */
export function createExceptionsService(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  files: FilesService,
  notifications: NotificationsService,
) {
  /** The rows as the screens read them, each with its evidences (one query for the page). */
  async function withEvidences(rows: repo.ExceptionWithCompany[]): Promise<ExceptionResponse[]> {
    const found = await repo.evidencesOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      presentException(
        row,
        row.companyName,
        found.filter((e) => e.evidence.exceptionId === row.id).map((e) => presentEvidence(e.evidence, e.file)),
      ),
    );
  }

  return {
    async request(
      actor: AuthUser,
      form: ReceivedForm,
      requestId: string,
    ): Promise<{ data: ExceptionResponse; message: string }> {
      const parsed = createExceptionRequest.safeParse(form.fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw badRequest(issue?.message ?? MESSAGES.badRequest);
      }
      // Account and company are the session's (spec 3 §3: accountId, companyId, registerBy), never the form's.
      if (!actor.accountId) throw new AppError(AppErrorCode.USER_WITHOUT_ACCOUNT);
      const company = actor.companyId
        ? await findCompanyInScope(db, accountScopeOf(actor), actor.companyId)
        : undefined;
      if (!company || company.accountId !== actor.accountId) {
        throw new AppError(AppErrorCode.USER_WITHOUT_COMPANY);
      }

      // The bytes go to storage before the transaction (no locks held during a slow write) and are deleted if it
      // fails, so no file outlives its record. The route discards the temporary copy in every case.
      return files.withUpload(form.file, 'evidences', actor.id, async (tx, stored) => {
        const now = clock.now();
        const exception = await repo.insertException(tx, {
          accountId: company.accountId,
          companyId: company.id,
          registerBy: actor.id,
          type: parsed.data.type,
          comment: parsed.data.comment,
          createdAt: now,
          updatedAt: now,
        });
        const evidences = [];
        if (stored) {
          const file = await files.record(tx, stored);
          const evidence = await filesRepo.insertEvidence(tx, {
            fileId: file.id,
            type: CUSTOMER_EVIDENCE,
            exceptionId: exception.id,
            createdAt: now,
          });
          evidences.push(presentEvidence(evidence, file));
        }
        const operatorId = await repo.accountOperatorOf(tx, company.accountId);
        if (operatorId !== undefined) {
          await notifications.notify(
            tx,
            [operatorId],
            NOTIFICATION_TYPE.EXCEPTION,
            exceptionRequestedNotice(exception.folio, company.name),
          );
        }
        const data = presentException(exception, company.name, evidences);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'exceptions.requested',
          entity: 'exception',
          entityId: exception.id,
          after: { ...data, notified: operatorId ?? null },
          requestId,
        });
        return answerWithin(tx, 201, { data, message: exceptionRequested(exception.folio) });
      });
    },

    async list(actor: AuthUser, query: ExceptionListQuery): Promise<Page<ExceptionResponse>> {
      // Spec 3 §4: each type asks for its statuses; a status outside them is simply never answered.
      const own = exceptionListStatuses(actor.type);
      const statuses = query.status ? own.filter((status) => query.status!.includes(status)) : own;
      const { rows, ...counted } = await repo.listExceptions(
        db,
        exceptionScopeOf(actor),
        { ...query, statuses },
        pageWindow(query),
        orderBy(query.sort, EXCEPTIONS_DEFAULT_SORT, repo.exceptionSortFields, exceptionsTable.id),
      );
      return { items: await withEvidences(rows), ...counted };
    },

    async get(actor: AuthUser, id: number): Promise<ExceptionResponse> {
      const row = await repo.findException(db, exceptionScopeOf(actor), id);
      if (!row) throw notFound();
      const [data] = await withEvidences([row]);
      return data!;
    },

    /**
     * PUT /api/exceptions/{id}: the status sent names the step. The machine is asked before the evidence's bytes
     * are stored (a wrong type or status writes nothing), then again inside the transaction by applyTransition,
     * which moves the row only from the version the screen read (409 otherwise).
     */
    async update(
      actor: AuthUser,
      id: number,
      form: ReceivedForm,
      requestId: string,
    ): Promise<{ data: ExceptionResponse; message: string }> {
      const parsed = updateExceptionRequest.safeParse(form.fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw badRequest(issue?.message ?? MESSAGES.badRequest);
      }
      const input = parsed.data;
      const action = exceptionActionFor(input.status);
      if (!action) throw badRequest();
      const scope = exceptionScopeOf(actor);
      const current = await repo.findException(db, scope, id);
      if (!current) throw notFound();
      checkTransition(EXCEPTION_MACHINE, actor, action, current, input.version);

      return files.withUpload(form.file, 'evidences', actor.id, async (tx, stored) => {
        const now = clock.now();
        const row = await repo.findException(tx, scope, id, { lock: true });
        if (!row) throw notFound();
        const set =
          action === 'review'
            ? { commentOF: input.commentOF!, isApproved: input.isApproved === 'true', operatorId: actor.id }
            : {
                commentAF: action === 'approve' ? EXCEPTION_APPROVAL_COMMENT : input.commentAF!,
                adminId: actor.id,
              };
        const moved = await applyTransition(tx, {
          target: { table: exceptionsTable, status: exceptionsTable.status, encode: (status) => status },
          machine: EXCEPTION_MACHINE,
          action,
          actor,
          entity: row,
          expectedVersion: input.version,
          set: { ...set, updatedAt: sql`now()` },
        });
        if (stored) {
          const file = await files.record(tx, stored);
          await filesRepo.insertEvidence(tx, {
            fileId: file.id,
            type: EXCEPTION_EVIDENCE_OF_ACTION[action],
            exceptionId: row.id,
            createdAt: now,
          });
        }
        const notified =
          action === 'review'
            ? await repo.accountAdminsOf(tx, row.accountId)
            : row.registerBy !== null
              ? [row.registerBy]
              : [];
        await notifications.notify(
          tx,
          notified,
          NOTIFICATION_TYPE.EXCEPTION,
          action === 'review'
            ? exceptionReviewedNotice(row.folio, row.companyName)
            : exceptionDecidedNotice(row.folio, action === 'approve'),
        );
        const after = await repo.findException(tx, scope, id);
        const [data] = await withEvidences([after!]);
        await writeAudit(tx, {
          actor: actor.id,
          action: `exceptions.${action}`,
          entity: 'exception',
          entityId: row.id,
          before: { status: row.status, version: row.version },
          after: { status: moved.to, version: moved.version, ...set, notified },
          requestId,
        });
        const message =
          action === 'review'
            ? FINANCING_MESSAGES.exceptionReviewed
            : action === 'approve'
              ? FINANCING_MESSAGES.exceptionApprovedMessage
              : FINANCING_MESSAGES.exceptionRejectedMessage;
        return { data: data!, message };
      });
    },
  };
}

import {
  EXCEPTION_EVIDENCE_RULE,
  MESSAGES,
  NOTIFICATION_TYPE,
  createExceptionRequest,
  exceptionRequested,
  exceptionRequestedNotice,
  type ExceptionResponse,
} from '@planpiso/domain';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { transaction } from '../../platform/transaction';
import type { ReceivedForm } from '../../platform/uploads';
import type { FilesService, StoredFile } from '../files/service';
import * as filesRepo from '../files/repository';
import type { NotificationsService } from '../notifications/service';
import { accountScopeOf } from '../organisation-lookups/policy';
import { findCompanyInScope } from '../organisation-lookups/repository';
import { CUSTOMER_EVIDENCE, presentEvidence, presentException } from './presenter';
import * as repo from './repository';

export type ExceptionsService = ReturnType<typeof createExceptionsService>;

/** The evidence part of POST /api/exceptions and what it may be (spec 1 §5, §9). */
export const EXCEPTION_EVIDENCE_UPLOAD = {
  field: 'evidence',
  allowed: EXCEPTION_EVIDENCE_RULE.extensions,
  maxBytes: EXCEPTION_EVIDENCE_RULE.maxBytes,
};

/**
 * Exception requests (spec 3 "Exceptions", §7): the dealer operator (type 5) asks for one with a comment and an
 * evidence (type 4); the account's lender operator is notified. The review flow (statuses 1–3) comes later.
 */
export function createExceptionsService(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  files: FilesService,
  notifications: NotificationsService,
) {
  return {
    async request(
      actor: AuthUser,
      form: ReceivedForm,
      requestId: string,
    ): Promise<{ data: ExceptionResponse; message: string }> {
      const parsed = createExceptionRequest.safeParse(form.fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AppError('BAD_REQUEST', 400, issue?.message ?? MESSAGES.badRequest);
      }
      // Account and company are the session's (spec 3 §3: accountId, companyId, registerBy), never the form's.
      if (!actor.accountId) throw new AppError('USER_WITHOUT_ACCOUNT', 422, MESSAGES.userWithoutAccount);
      const company = actor.companyId
        ? await findCompanyInScope(db, accountScopeOf(actor), actor.companyId)
        : undefined;
      if (!company || company.accountId !== actor.accountId) {
        throw new AppError('USER_WITHOUT_COMPANY', 422, MESSAGES.userWithoutCompany);
      }

      // The bytes go to storage before the transaction (no locks held during a slow write) and are deleted if it
      // fails, so no file outlives its record. The route discards the temporary copy in every case.
      const stored: StoredFile | null = form.file ? await files.store(form.file, 'evidences', actor.id) : null;
      try {
        return await transaction(db, async (tx) => {
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
          const data = presentException(exception, evidences);
          await writeAudit(tx, {
            actor: actor.id,
            action: 'exceptions.requested',
            entity: 'exception',
            entityId: exception.id,
            after: { ...data, notified: operatorId ?? null },
            requestId,
          });
          return { data, message: exceptionRequested(exception.folio) };
        });
      } catch (error) {
        if (stored) await files.abandon(stored);
        throw error;
      }
    },
  };
}

import {
  AppErrorCode,
  CONFIGURATION_MESSAGES,
  type CreateServiceDeskEmailRequest,
  SERVICE_DESK_EMAILS_DEFAULT_SORT,
  type ServiceDeskEmailListQuery,
  type ServiceDeskEmailResponse,
  serviceDeskEmailSaved,
  type UpdateServiceDeskEmailRequest,
} from '@planpiso/domain';
import { writeAudit } from '../../platform/audit';
import { deleteAudited, type DeletableRows } from '../../platform/audited-delete';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { orderBy, pageWindow, type Page } from '../../platform/listing';
import { transaction } from '../../platform/transaction';
import { presentServiceDeskEmail } from './presenter';
import * as repo from './repository';
import { answerWithin } from '../../platform/idempotency';

export type Saved<T> = { data: T; message: string };
export type ServiceDeskEmailsService = ReturnType<typeof createServiceDeskEmailsService>;

const serviceDeskEmailRows: DeletableRows<repo.ServiceDeskEmailRow> = {
  entity: 'service-desk-email',
  findLocked: (tx, id) => repo.findServiceDeskEmail(tx, id, { lock: true }),
  remove: repo.deleteServiceDeskEmail,
  present: presentServiceDeskEmail,
};

const emailTaken = () => new AppError(AppErrorCode.SERVICE_DESK_EMAIL_TAKEN);

/** Service-desk e-mails (spec 2 §2–§5): list with an e-mail filter, create, edit and delete; no duplicates. */
export function createServiceDeskEmailsService({ db }: Pick<AppDeps, 'db'>) {
  return {
    async list(query: ServiceDeskEmailListQuery): Promise<Page<ServiceDeskEmailResponse>> {
      const { rows, total } = await repo.listServiceDeskEmails(
        db,
        { email: query.email },
        pageWindow(query),
        orderBy(query.sort, SERVICE_DESK_EMAILS_DEFAULT_SORT, repo.serviceDeskEmailSortFields, repo.serviceDeskEmailId),
      );
      return { items: rows.map(presentServiceDeskEmail), total };
    },

    async get(id: number): Promise<ServiceDeskEmailResponse> {
      const row = await repo.findServiceDeskEmail(db, id);
      if (!row) throw notFound();
      return presentServiceDeskEmail(row);
    },

    async create(
      actor: AuthUser,
      input: CreateServiceDeskEmailRequest,
      requestId: string,
    ): Promise<Saved<ServiceDeskEmailResponse>> {
      // Addresses are compared as mail servers do in practice: case does not make another address.
      const email = input.email.toLowerCase();
      return transaction(db, async (tx) => {
        if (await repo.emailTaken(tx, email)) throw emailTaken();
        // A race lost on the unique index after this check: the error handler answers the same 409 (decision 067).
        const id = await repo.insertServiceDeskEmail(tx, { email, registerBy: actor.id });
        const row = presentServiceDeskEmail((await repo.findServiceDeskEmail(tx, id))!);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'service-desk-email.created',
          entity: 'service-desk-email',
          entityId: id,
          after: row,
          requestId,
        });
        return answerWithin(tx, 201, { data: row, message: serviceDeskEmailSaved(row.email) });
      });
    },

    async update(
      actor: AuthUser,
      id: number,
      input: UpdateServiceDeskEmailRequest,
      requestId: string,
    ): Promise<Saved<ServiceDeskEmailResponse>> {
      const email = input.email.toLowerCase();
      const saved = await transaction(db, async (tx) => {
        const before = await repo.findServiceDeskEmail(tx, id, { lock: true });
        if (!before) throw notFound();
        if (email !== before.email && (await repo.emailTaken(tx, email, id))) throw emailTaken();
        await repo.updateServiceDeskEmail(tx, id, email);
        const after = presentServiceDeskEmail((await repo.findServiceDeskEmail(tx, id))!);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'service-desk-email.updated',
          entity: 'service-desk-email',
          entityId: id,
          before: presentServiceDeskEmail(before),
          after,
          requestId,
        });
        return after;
      });
      return { data: saved, message: serviceDeskEmailSaved(saved.email) };
    },

    async remove(actor: AuthUser, id: number, requestId: string): Promise<Saved<{ id: number }>> {
      await deleteAudited(db, serviceDeskEmailRows, actor, id, requestId);
      return { data: { id }, message: CONFIGURATION_MESSAGES.serviceDeskEmailDeleted };
    },
  };
}

import {
  AppErrorCode,
  CONFIGURATION_MESSAGES,
  type CreateNonWorkingDayRequest,
  NON_WORKING_DAYS_DEFAULT_SORT,
  type NonWorkingDayListQuery,
  type NonWorkingDayResponse,
} from '@planpiso/domain';
import { writeAudit } from '../../platform/audit';
import { deleteAudited, type DeletableRows } from '../../platform/audited-delete';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { listPage, type Saved } from '../../platform/crud';
import type { Page } from '../../platform/listing';
import { transaction } from '../../platform/transaction';
import { presentNonWorkingDay } from './presenter';
import * as repo from './repository';
import { answerWithin } from '../../platform/idempotency';

export type NonWorkingsService = ReturnType<typeof createNonWorkingsService>;

const nonWorkingDayRows: DeletableRows<repo.NonWorkingDayRow> = {
  entity: 'non-working-day',
  findLocked: (tx, id) => repo.findNonWorkingDay(tx, id, { lock: true }),
  remove: repo.deleteNonWorkingDay,
  present: presentNonWorkingDay,
};

const dayTaken = () => new AppError(AppErrorCode.NON_WORKING_DAY_TAKEN);

/** Non-working days (spec 2 §2–§5): listed, created and deleted (never edited, spec 2 §4). */
export function createNonWorkingsService({ db }: Pick<AppDeps, 'db'>) {
  return {
    async list(query: NonWorkingDayListQuery): Promise<Page<NonWorkingDayResponse>> {
      return listPage(
        query,
        { fallback: NON_WORKING_DAYS_DEFAULT_SORT, fields: repo.nonWorkingDaySortFields, id: repo.nonWorkingDayId },
        (window, order) => repo.listNonWorkingDays(db, window, order),
        presentNonWorkingDay,
      );
    },

    async create(
      actor: AuthUser,
      input: CreateNonWorkingDayRequest,
      requestId: string,
    ): Promise<Saved<NonWorkingDayResponse>> {
      return transaction(db, async (tx) => {
        if ((await repo.nonWorkingDaysOn(tx, input.date)).length > 0) throw dayTaken();
        // Someone registering the same day between the check and the insert hits the unique index: the error
        // handler answers that with this same 409 (decision 067).
        const id = await repo.insertNonWorkingDay(tx, { date: input.date, reason: input.reason, registerBy: actor.id });
        const saved = presentNonWorkingDay((await repo.findNonWorkingDay(tx, id))!);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'non-working-day.created',
          entity: 'non-working-day',
          entityId: id,
          after: saved,
          requestId,
        });
        return answerWithin(tx, 201, { data: saved, message: CONFIGURATION_MESSAGES.nonWorkingDaySaved });
      });
    },

    async remove(actor: AuthUser, id: number, requestId: string): Promise<Saved<{ id: number }>> {
      await deleteAudited(db, nonWorkingDayRows, actor, id, requestId);
      return { data: { id }, message: CONFIGURATION_MESSAGES.nonWorkingDayDeleted };
    },
  };
}

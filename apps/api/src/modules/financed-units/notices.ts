import { and, eq, inArray, sql } from 'drizzle-orm';
import { NOTIFICATION_TYPE, USER_TYPE } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { accountOperators, userCompanies } from '../../db/schema/assignments';
import { users } from '../../db/schema/users';
import { queueMail } from '../../jobs/send-mail';
import type { JobRunner } from '../../jobs/runner';
import type { NotificationsService } from '../notifications';

/** What a sold-out-of-trust notice needs to send (decision 080): the in-app notices and the mail queue. */
export type FinancedUnitNoticeDeps = {
  notifications: Pick<NotificationsService, 'notify'>;
  jobs: Pick<JobRunner, 'send'>;
};

/** Whose a unit is: the notices go to its company's dealer users and its account's operators. */
export type UnitOwner = { accountId: number; companyId: number };

const DEALER_TYPES: number[] = [USER_TYPE.LEGAL_REPRESENTATIVE, USER_TYPE.AGENCY_OPERATOR];

/**
 * The audience of a financed unit's notices (issue 29 §2: "to the dealer and the account's operator"): the users of
 * types 4 and 5 assigned to its company and the lender's operators (type 3) of its account — active and not
 * archived, as every financing notice's audience (issue 28). Sorted by id, each once, with the e-mail to write to.
 */
export async function unitAudience(tx: Executor, owner: UnitOwner): Promise<{ id: number; email: string }[]> {
  // The dealer: type 4 through its companies (user_companies), type 5 through its own company (users.company_id) —
  // the provisions' scope of each (provisionScopeOf). The lender: the account's operators.
  const dealers = tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.type, DEALER_TYPES),
        sql`(${users.companyId} = ${owner.companyId} or ${users.id} in
          (select ${userCompanies.userId} from ${userCompanies} where ${userCompanies.companyId} = ${owner.companyId}))`,
      ),
    );
  const operators = tx
    .select({ id: accountOperators.userId })
    .from(accountOperators)
    .innerJoin(users, eq(users.id, accountOperators.userId))
    .where(and(eq(accountOperators.accountId, owner.accountId), eq(users.type, USER_TYPE.PROVIDER_OPERATOR)));
  const [dealerIds, operatorIds] = await Promise.all([dealers, operators]);
  const ids = [...new Set([...dealerIds, ...operatorIds].map((row) => row.id))];
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.isActive, true), sql`not ${users.isArchived}`));
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Tells a unit's audience, in the caller's transaction: one in-app notification each (pushed live once it commits)
 * and one e-mail each, queued as a send-mail job in the same transaction (decision 017) — so the SMTP conversation
 * happens after the commit, outside any transaction, and a rolled-back move sends nothing. Answers who.
 */
export async function noticeUnitAudience(
  tx: Executor,
  deps: FinancedUnitNoticeDeps,
  owner: UnitOwner,
  notice: { title: string; message: string },
): Promise<number[]> {
  const audience = await unitAudience(tx, owner);
  if (audience.length === 0) return [];
  await deps.notifications.notify(
    tx,
    audience.map((user) => user.id),
    NOTIFICATION_TYPE.PROVISION,
    notice.message,
  );
  for (const user of audience) {
    await queueMail(deps.jobs, tx, { to: user.email, subject: notice.title, text: notice.message });
  }
  return audience.map((user) => user.id);
}

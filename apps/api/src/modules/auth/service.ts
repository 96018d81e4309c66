import { ACCESS_TOKEN_TTL_SECONDS, MESSAGES, isDealer, isUserType, type SessionUser } from '@planpiso/domain';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { notFound, unauthorized } from '../../platform/errors';
import { transaction } from '../../platform/transaction';
import * as repo from './repository';

export type SessionAnswer = { user: SessionUser; token: string };
export type AuthService = ReturnType<typeof createAuthService>;

/** The session user of spec 1 §3 and the company switch of the header (spec 1 §2.3). */
export function createAuthService({ db, jwt }: Pick<AppDeps, 'db' | 'jwt'>) {
  async function sessionUser(userId: number): Promise<SessionUser> {
    const row = await repo.findSessionUserRow(db, userId);
    if (!row || !isUserType(row.type)) throw unauthorized();
    // Dealers pick among the companies assigned to them; the lender's staff have no company list.
    const assigned = isDealer(row.type) ? await repo.findAssignedCompanies(db, userId) : [];
    let company = row.company;
    if (isDealer(row.type) && !assigned.some((c) => c.id === company?.id)) {
      // The stored company was unassigned (or never set): show the first one still assigned.
      company = assigned[0] ?? null;
    }
    return {
      id: row.id,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      type: row.type,
      account: row.account,
      company,
      companies: assigned.map(({ id, name }) => ({ id, name })),
      agency: row.agency,
      role: row.role,
    };
  }

  async function answer(userId: number): Promise<SessionAnswer> {
    const user = await sessionUser(userId);
    // The browser keeps this signed copy for display only; the server never trusts it (docs/decisions/005).
    const token = await jwt.sign('session', String(user.id), { user }, ACCESS_TOKEN_TTL_SECONDS);
    return { user, token };
  }

  return {
    login: (caller: AuthUser) => answer(caller.id),

    async setInformation(caller: AuthUser, input: { userId: number; companyId: number }, requestId: string) {
      // Another user's id is simply not found: nobody can switch someone else's company.
      if (input.userId !== caller.id) throw notFound();
      const assigned = await repo.findAssignedCompanies(db, caller.id);
      if (!assigned.some((c) => c.id === input.companyId)) throw notFound(MESSAGES.companyNotAssigned);
      await transaction(db, async (tx) => {
        await repo.setActiveCompany(tx, caller.id, input.companyId);
        await writeAudit(tx, {
          actor: caller.id,
          action: 'auth.set-information',
          entity: 'user',
          entityId: caller.id,
          before: { companyId: caller.companyId },
          after: { companyId: input.companyId },
          requestId,
        });
      });
      return answer(caller.id);
    },
  };
}

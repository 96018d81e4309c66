import type {
  CreateProvisionRequest,
  ProvisionListQuery,
  SetProvisionStatusRequest,
  UpdateProvisionRequest,
} from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import type { CreditLinesService } from '../credit-lines';
import type { NotificationsService } from '../notifications';
import { createProvision, type CreateMode } from './create-provision';
import { listAccountAssigned, listProvisions } from './list-provisions';
import { provisionScopeOf } from './policy';
import { provisionDetail } from './provision-detail';
import { reservedAmount } from './reserved-amount';
import { sendProvision } from './send-provision';
import { updateProvision } from './update-provision';

export type ProvisionsService = ReturnType<typeof createProvisionsService>;
export type { CreateMode } from './create-provision';

/**
 * Provisions, dealer side and lists (spec 3 §2, §4, §5, §7; decision 029). Each use case is an exported function
 * of its own file (create-provision.ts, update-provision.ts, send-provision.ts, list-provisions.ts,
 * reserved-amount.ts); this binds them to the app's dependencies for the routes.
 */
export function createProvisionsService(
  app: Pick<AppDeps, 'db' | 'adapters' | 'clock' | 'jobs'>,
  creditLines: CreditLinesService,
  notifications: NotificationsService,
) {
  const deps = { ...app, creditLines, notifications };
  const { db } = deps;
  return {
    create: (actor: AuthUser, body: CreateProvisionRequest, mode: CreateMode, requestId: string) =>
      createProvision(deps, actor, body, mode, requestId),
    update: (actor: AuthUser, id: number, body: UpdateProvisionRequest, requestId: string) =>
      updateProvision(deps, actor, id, body, requestId),
    /** Send to validation (1 → 2): send-provision.ts. */
    setStatus: (actor: AuthUser, id: number, body: SetProvisionStatusRequest, requestId: string) =>
      sendProvision(deps, actor, id, body, requestId),

    list: (actor: AuthUser, query: ProvisionListQuery) => listProvisions(db, provisionScopeOf(actor), query),

    /** The type 3 operator's list (spec 3 §7): the accounts it operates, statuses 3–10. */
    accountAssigned: (actor: AuthUser, userId: number, query: ProvisionListQuery) =>
      listAccountAssigned(db, actor, userId, query),

    get: (actor: AuthUser, id: number) => provisionDetail(db, provisionScopeOf(actor), id),

    /** What open provisions hold on a line (spec 3 §7 reserved-amount): reserved-amount.ts. */
    reservedAmount: (actor: AuthUser, crmLineId: string) => reservedAmount(deps, actor, crmLineId),
  };
}

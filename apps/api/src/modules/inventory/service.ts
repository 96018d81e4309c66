import {
  AppErrorCode,
  INVENTORY_DEFAULT_SORT,
  INVENTORY_SORT_FIELDS,
  type InventoryQuery,
  type InventoryRow,
  MESSAGES,
  parseSort,
  USER_TYPE,
  type CrmInventoryRow,
} from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { Page } from '../../platform/listing';
import { clientScopeOf } from '../external';
import { clientInScope } from '../external';
import * as repo from './repository';

export type InventoryService = ReturnType<typeof createInventoryService>;

type SortField = (typeof INVENTORY_SORT_FIELDS)[number];

const compareText = (a: string, b: string) => a.localeCompare(b, 'es', { numeric: true });

/** One column's order; the credit number breaks ties so pages never overlap. */
function comparator(field: SortField, direction: 'asc' | 'desc') {
  const sign = direction === 'desc' ? -1 : 1;
  return (a: CrmInventoryRow, b: CrmInventoryRow) => {
    const primary = field === 'plazo' ? a.plazo - b.plazo : compareText(a[field], b[field]);
    return sign * (primary !== 0 ? primary : compareText(a.noCredito, b.noCredito));
  };
}

/**
 * The credit inventory (spec 3 "Credit inventory", §6, §7, §9; issue 18; docs/decisions/042). Whose inventory is
 * decided in the database before the CRM is asked: the lender's operator names one client of the accounts it
 * operates (another is 404, and the CRM is not called); a dealer always reads its active company's client, whatever
 * it sends. The CRM answers the whole list; the API sorts and pages it. No transaction is open around the call;
 * a CRM outage is the adapters' 503 'Ocurrió un error API externa'.
 */
export function createInventoryService({ db, adapters }: Pick<AppDeps, 'db' | 'adapters'>) {
  /** The client whose inventory the actor reads; null when an operator has not chosen one yet. */
  async function clientOf(actor: AuthUser, requested: string | undefined): Promise<string | null> {
    switch (actor.type) {
      case USER_TYPE.PROVIDER_OPERATOR: {
        if (!requested) return null;
        if (!(await clientInScope(db, clientScopeOf(actor, 'credit'), requested))) {
          throw notFound(MESSAGES.clientNotFound);
        }
        return requested;
      }
      case USER_TYPE.LEGAL_REPRESENTATIVE:
      case USER_TYPE.AGENCY_OPERATOR: {
        // Spec 3 §6: "the user's own company clientId" — the company active in its header, while assigned to it.
        const own = await repo.activeCompanyClient(db, actor.id);
        if (!own || !(await clientInScope(db, clientScopeOf(actor, 'credit'), own))) {
          throw new AppError(AppErrorCode.USER_WITHOUT_COMPANY);
        }
        return own;
      }
      default:
        throw forbidden();
    }
  }

  return {
    async list(actor: AuthUser, query: InventoryQuery): Promise<Page<InventoryRow>> {
      if (query.from && query.to && query.from > query.to) {
        throw new AppError(AppErrorCode.INVALID_DATE_RANGE);
      }
      const { field, direction } = parseSort(query.sort, INVENTORY_DEFAULT_SORT);
      if (!(INVENTORY_SORT_FIELDS as readonly string[]).includes(field)) {
        throw badRequest(MESSAGES.sortInvalid);
      }
      const clientNumber = await clientOf(actor, query.clientNumber);
      if (clientNumber === null) return { items: [], total: 0 };

      const rows = await adapters.crm.inventory(clientNumber, { fechaInicio: query.from, fechaFinal: query.to });
      const sorted = [...rows].sort(comparator(field as SortField, direction));
      const start = (query.page - 1) * query.pageSize;
      return {
        items: sorted.slice(start, start + query.pageSize).map(({ noCredito, modelo, vin, plazo, finCredito }) => ({
          noCredito,
          modelo,
          vin,
          plazo,
          finCredito,
        })),
        total: sorted.length,
      };
    },
  };
}

import {
  ACCOUNTS_LOOKUP_DEFAULT_SORT,
  AGENCIES_LOOKUP_DEFAULT_SORT,
  COMPANIES_LOOKUP_DEFAULT_SORT,
  type AccountLookupItem,
  type AccountLookupQuery,
  type AgencyLookupItem,
  type AgencyLookupQuery,
  type CompanyItem,
  type CompanyLookupQuery,
} from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { orderBy, pageWindow, type Page } from '../../platform/listing';
import { accountScopeOf, agencyScopeOf } from './policy';
import * as repo from './repository';

export type OrganisationLookups = ReturnType<typeof createOrganisationLookups>;

const flag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

/** The filters every look-up takes: its name (`q` is the search box's alias) and whether it is active. */
const nameAndActive = (query: { name?: string; q?: string; active?: 'true' | 'false' }) => ({
  name: query.name ?? query.q,
  active: flag(query.active),
});

/** Read-only look-ups of accounts, companies and branches for the user form and filters (spec 1 §2.5–2.6). */
export function createOrganisationLookups({ db }: Pick<AppDeps, 'db'>) {
  return {
    async accounts(actor: AuthUser, query: AccountLookupQuery): Promise<Page<AccountLookupItem>> {
      const { rows, ...counted } = await repo.listAccounts(
        db,
        accountScopeOf(actor),
        {
          ...nameAndActive(query),
          type: query.type,
          assigned: query.assigned,
          from: query.from,
          to: query.to,
        },
        pageWindow(query),
        orderBy(query.sort, ACCOUNTS_LOOKUP_DEFAULT_SORT, repo.accountSortFields, repo.accountColumns.id),
      );
      return { items: rows, ...counted };
    },

    async companiesOfAccount(
      actor: AuthUser,
      accountId: number,
      query: CompanyLookupQuery,
    ): Promise<Page<CompanyItem>> {
      // An account outside the caller's scope is not found, whatever companies it has.
      if (!(await repo.findAccount(db, accountScopeOf(actor), accountId))) throw notFound();
      const { rows, ...counted } = await repo.listCompaniesOfAccount(
        db,
        accountId,
        nameAndActive(query),
        pageWindow(query),
        orderBy(query.sort, COMPANIES_LOOKUP_DEFAULT_SORT, repo.companySortFields, repo.companyColumns.id),
      );
      return { items: rows, ...counted };
    },

    async agencies(actor: AuthUser, query: AgencyLookupQuery): Promise<Page<AgencyLookupItem>> {
      const { rows, ...counted } = await repo.listAgencies(
        db,
        agencyScopeOf(actor),
        {
          ...nameAndActive(query),
          account: query.account,
          company: query.company,
          assigned: query.assigned,
          from: query.from,
          to: query.to,
        },
        pageWindow(query),
        orderBy(query.sort, AGENCIES_LOOKUP_DEFAULT_SORT, repo.agencySortFields, repo.agencyColumns.id),
      );
      return { items: rows, ...counted };
    },
  };
}

import type { AppRoute } from '@planpiso/domain';
import { prefetchAccounts } from '../features/accounts/api/accounts';
import { prefetchBranches } from '../features/branches/api/branches';
import { prefetchCompanies } from '../features/companies/api/companies';
import { prefetchExceptions } from '../features/exceptions/api/exceptions';
import { prefetchCreditFailures } from '../features/credit-failures/api/get-credit-failures';
import { prefetchFinancedUnits } from '../features/financed-units/api/get-financed-units';
import { prefetchInventory } from '../features/inventory/api/get-inventory';
import { prefetchNonWorkingDays } from '../features/non-working-days/api/get-non-working-days';
import { prefetchNotifications } from '../features/notifications/api/get-notifications';
import { prefetchServiceDeskEmails } from '../features/service-desk/api/get-service-desk-emails';
import { prefetchRoles } from '../features/roles/api/get-roles';
import { prefetchProvisions } from '../features/provisions/api/provisions-list';
import { prefetchUnitsReview } from '../features/units/api/get-units-review';
import { prefetchReviewList } from '../features/provision-review/api/provision-review';
import { prefetchUsers } from '../features/users/api/get-users';
import { prefetchAudits } from '../features/audits/api/audits';
import { prefetchRefinancingUnits } from '../features/refinancings/api/refinancing-units';
import { prefetchRefinancings } from '../features/refinancings/api/refinancings-list';
import { queryClient } from '../lib/query-client';
import { getSession } from '../lib/session';
import { screenFor } from './screens';

type ListPrefetch = (params: URLSearchParams, client: typeof queryClient) => Promise<void>;

/**
 * Lists whose first page is requested as the navigation starts (issue 15). This module sits in the shell's
 * chunk (the side menu imports it), so by the time a menu link is clicked the api modules are loaded and the
 * request leaves at once, beside the screen's chunk, instead of after it; the screen then reads the rows from the
 * cache. Each api module reads the URL with the screen's own `ListSpec`, so both build the same query key.
 */
const PREFETCH: Partial<Record<string, ListPrefetch>> = {
  '/usuarios': prefetchUsers,
  '/roles': prefetchRoles,
  '/cuentas': prefetchAccounts,
  '/companias': prefetchCompanies,
  '/sucursales': prefetchBranches,
  '/creditos-fallos': prefetchCreditFailures,
  '/disposiciones': prefetchProvisions,
  '/unidades': prefetchUnitsReview,
  '/unidades-financiadas': prefetchFinancedUnits,
  '/inventario': prefetchInventory,
  '/disposiciones-revision': prefetchReviewList,
  '/notificaciones': prefetchNotifications,
  '/dias-inhabiles': prefetchNonWorkingDays,
  '/emails-mesa-servicio': prefetchServiceDeskEmails,
  // Each type asks for its statuses (spec 3 §4): the query key carries the session's type.
  '/excepciones': (params, client) => prefetchExceptions(getSession()?.user.type ?? 0, params, client),
  '/auditorias': prefetchAudits,
  '/refinanciamientos/unidades': prefetchRefinancingUnits,
  '/refinanciamientos': prefetchRefinancings,
};

/** Starts a built list's first request for `url`, never waiting for it (the screen's query shows any error). */
export function prefetchListData(route: AppRoute, url: URL): void {
  const prefetch = route.built ? PREFETCH[route.path] : undefined;
  void prefetch?.(url.searchParams, queryClient);
}

/** Hover or focus on a menu link: fetch the screen's code and start its list call before the click. */
export function prefetchRoute(route: AppRoute, url: URL): void {
  void screenFor(route)().catch(() => undefined);
  prefetchListData(route, url);
}

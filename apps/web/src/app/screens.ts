import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { AppRoute } from '@planpiso/domain';

type ScreenLoader = () => Promise<ComponentType>;

/**
 * Built screens by route path, each loaded on demand (one chunk per feature). A later issue adds its screen
 * here and flips `built` in the domain route table; until then the route shows "En construcción".
 */
export const SCREENS: Partial<Record<string, ScreenLoader>> = {
  '/usuarios': async () => (await import('../features/users/user-list')).UserListPage,
  '/crear-usuario': async () => (await import('../features/users/user-form')).UserFormPage,
  '/editar-usuario/:id': async () => (await import('../features/users/user-form')).UserFormPage,
  '/roles': async () => (await import('../features/roles/role-list')).RoleListPage,
  '/crear-rol': async () => (await import('../features/roles/role-form')).RoleFormPage,
  '/editar-rol/:id': async () => (await import('../features/roles/role-form')).RoleFormPage,
  '/notificaciones': async () => (await import('../features/notifications/notification-list')).NotificationListPage,
  '/dias-inhabiles': async () =>
    (await import('../features/non-working-days/non-working-day-list')).NonWorkingDayListPage,
  '/crear-dia-inhabil': async () =>
    (await import('../features/non-working-days/non-working-day-form')).NonWorkingDayFormPage,
  '/emails-mesa-servicio': async () => (await import('../features/service-desk/service-desk-list')).ServiceDeskListPage,
  '/crear-emails-mesa-servicio': async () =>
    (await import('../features/service-desk/service-desk-form')).ServiceDeskFormPage,
  '/editar-emails-mesa-servicio/:id': async () =>
    (await import('../features/service-desk/service-desk-form')).ServiceDeskFormPage,
  '/emails-mesa-servicio/:id': async () =>
    (await import('../features/service-desk/service-desk-form')).ServiceDeskFormPage,
  '/configuraciones': async () => (await import('../features/configuration/configuration-page')).ConfigurationPage,
  '/estadisticas-disposiciones': async () => (await import('../features/statistics/statistics-page')).StatisticsPage,
  '/sucursales': async () => (await import('../features/branches/branch-list')).BranchListPage,
  '/crear-sucursal': async () => (await import('../features/branches/branch-form')).BranchFormPage,
  '/editar-sucursal/:id': async () => (await import('../features/branches/branch-form')).BranchFormPage,
  '/cuentas': async () => (await import('../features/accounts/account-list')).AccountListPage,
  '/crear-cuenta': async () => (await import('../features/accounts/account-wizard')).AccountWizardPage,
  '/editar-cuenta/:id': async () => (await import('../features/accounts/account-edit-page')).AccountEditPage,
  '/configurar-cuenta/:id': async () =>
    (await import('../features/accounts/signer-configuration-page')).SignerConfigurationPage,
  '/companias': async () => (await import('../features/companies/company-list')).CompanyListPage,
  '/creditos-fallos': async () =>
    (await import('../features/credit-failures/credit-failure-list')).CreditFailureListPage,
};

type ListPrefetch = (params: URLSearchParams, client: QueryClient) => Promise<void>;
type PrefetchLoader = () => Promise<ListPrefetch>;

/**
 * Lists whose first page is requested as the navigation starts (issue 15): the route's loader (and a hover or
 * focus on the menu link) loads the small api module and starts the call while the screen's chunk downloads; the
 * screen then reads the rows from the cache. Each api module reads the URL with the screen's own `ListSpec`.
 */
const PREFETCH: Partial<Record<string, PrefetchLoader>> = {
  '/usuarios': async () => (await import('../features/users/api/get-users')).prefetchUsers,
  '/roles': async () => (await import('../features/roles/api/get-roles')).prefetchRoles,
  '/cuentas': async () => (await import('../features/accounts/api/accounts')).prefetchAccounts,
  '/companias': async () => (await import('../features/companies/api/companies')).prefetchCompanies,
  '/sucursales': async () => (await import('../features/branches/api/branches')).prefetchBranches,
  '/creditos-fallos': async () =>
    (await import('../features/credit-failures/api/get-credit-failures')).prefetchCreditFailures,
};

/**
 * Starts a built list's first request for `url` (never awaited by the caller: the request runs beside the code).
 * The query client is imported here, not statically, so the sign-in page does not carry TanStack Query.
 */
export function prefetchListData(route: AppRoute, url: URL): void {
  const load = route.built ? PREFETCH[route.path] : undefined;
  if (!load) return;
  void Promise.all([load(), import('../lib/query-client')])
    .then(([prefetch, { queryClient }]) => prefetch(url.searchParams, queryClient))
    .catch(() => undefined); // the screen's own query shows the error state
}

/** Hover or focus on a menu link: fetch the screen's code and its data before the click. */
export function prefetchRoute(route: AppRoute, url: URL): void {
  void screenFor(route)().catch(() => undefined);
  prefetchListData(route, url);
}

const underConstruction: ScreenLoader = async () => (await import('./shell/under-construction')).UnderConstruction;

export function screenFor(route: AppRoute): ScreenLoader {
  return (route.built ? SCREENS[route.path] : undefined) ?? underConstruction;
}

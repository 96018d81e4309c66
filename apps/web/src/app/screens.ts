import type { ComponentType } from 'react';
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
  '/disposiciones': async () => (await import('../features/provisions/provisions-list')).ProvisionListPage,
  '/creditos-fallos': async () =>
    (await import('../features/credit-failures/credit-failure-list')).CreditFailureListPage,
  '/cartera': async () => (await import('../features/portfolio/portfolio-page')).PortfolioPage,
  '/resumen-unidades': async () => (await import('../features/portfolio/dealer-summary-page')).DealerSummaryPage,
  '/unidades-financiadas': async () =>
    (await import('../features/financed-units/financed-unit-list')).FinancedUnitListPage,
  '/unidades-financiadas/:id': async () =>
    (await import('../features/financed-units/financed-unit-detail')).FinancedUnitDetailPage,
  '/inventario': async () => (await import('../features/inventory/inventory-list')).InventoryListPage,
  '/layout': async () => (await import('../features/layout/layout-page')).LayoutPage,
  '/crear-disposicion': async () => (await import('../features/provisions/create-provision-page')).CreateProvisionPage,
  '/editar-disposicion/:id': async () => (await import('../features/provisions/edit-provision-page')).EditProvisionPage,
  '/vizualizar-disposicion/:id': async () =>
    (await import('../features/provisions/follow-up/follow-up-page')).FollowUpPage,
  '/vizualizar-expediente/:id': async () =>
    (await import('../features/provisions/follow-up/follow-up-page')).FollowUpPage,
  '/unidades': async () => (await import('../features/units/unit-review-list')).UnitReviewListPage,
  '/disposiciones-revision': async () =>
    (await import('../features/provision-review/provision-review-list')).ProvisionReviewListPage,
  '/disposiciones-revision/:id': async () =>
    (await import('../features/provision-review/provision-review-detail')).ProvisionReviewDetailPage,
  '/auditorias': async () => (await import('../features/audits/audit-list')).AuditListPage,
  '/crear-auditoria': async () => (await import('../features/audits/audit-form')).AuditFormPage,
  '/editar-auditoria/:id': async () => (await import('../features/audits/audit-form')).AuditFormPage,
  '/cambiar-vista-calendario': async () => (await import('../features/audits/audit-calendar')).AuditCalendarPage,
  '/auditorias/:id/unidades': async () => (await import('../features/audits/lot-audit-units')).LotAuditUnitsPage,
  '/autoauditorias': async () => (await import('../features/audits/self-audit-list')).SelfAuditListPage,
  '/firmar-disposicion/:id': async () =>
    (await import('../features/provisions/signing/sign-provision-page')).SignProvisionPage,
  '/documentos-firmados/:id': async () =>
    (await import('../features/provisions/signing/signed-documents-page')).SignedDocumentsPage,
  '/refinanciamientos/:id': async () =>
    (await import('../features/refinancings/detail/refinancing-detail-page')).RefinancingDetailPage,
  '/firmar-refinanciamiento/:id': async () =>
    (await import('../features/refinancings/signing/sign-refinancing-page')).SignRefinancingPage,
  '/excepciones': async () => (await import('../features/exceptions/exception-list')).ExceptionListPage,
  '/refinanciamientos/unidades': async () =>
    (await import('../features/refinancings/refinancing-units-list')).RefinancingUnitsListPage,
  '/refinanciamientos': async () => (await import('../features/refinancings/refinancing-list')).RefinancingListPage,
  '/crear-refinanciamiento': async () =>
    (await import('../features/refinancings/create-refinancing-page')).CreateRefinancingPage,
};

const underConstruction: ScreenLoader = async () => (await import('./shell/under-construction')).UnderConstruction;

export function screenFor(route: AppRoute): ScreenLoader {
  return (route.built ? SCREENS[route.path] : undefined) ?? underConstruction;
}

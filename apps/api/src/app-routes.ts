import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './platform/deps';
import { auditRoutes } from './modules/audits/routes';
import { exceptionRoutes } from './modules/exceptions/routes';
import { createExceptionsService } from './modules/exceptions/service';
import { fileRoutes } from './modules/files/routes';
import { createCreditLinesService } from './modules/credit-lines/service';
import { documentRoutes } from './modules/documents/routes';
import { createDocumentsService } from './modules/documents/service';
import { provisionReviewRoutes } from './modules/provision-review/routes';
import { createProvisionReviewService } from './modules/provision-review/service';
import { createProvisionLenderActions } from './modules/provisions/lender-actions';
import { provisionLenderRoutes } from './modules/provisions/lender-routes';
import { esignWebhookRoutes, provisionSigningRoutes } from './modules/provision-signing/routes';
import { createProvisionSigningService } from './modules/provision-signing/service';
import { provisionRoutes } from './modules/provisions/routes';
import { createProvisionsService } from './modules/provisions/service';
import { provisionValidationRoutes } from './modules/provision-validation/routes';
import { createProvisionValidation } from './modules/provision-validation/service';
import { createFilesService } from './modules/files/service';
import { authRoutes } from './modules/auth/routes';
import { accountRoutes } from './modules/accounts/routes';
import { createAccountsService } from './modules/accounts/service';
import { branchRoutes } from './modules/branches/routes';
import { companyRoutes } from './modules/companies/routes';
import { signerConfigurationRoutes } from './modules/signer-configuration/routes';
import { createSignerConfigurationService } from './modules/signer-configuration/service';
import { createCompaniesService } from './modules/companies/service';
import { createBranchesService } from './modules/branches/service';
import { creditFailureRoutes } from './modules/credit-failures/routes';
import { financedUnitRoutes } from './modules/financed-units/routes';
import { portfolioRoutes } from './modules/portfolio/routes';
import { createCreditFailuresService } from './modules/credit-failures/service';
import { externalRoutes } from './modules/external/routes';
import { inventoryRoutes } from './modules/inventory/routes';
import { layoutRoutes } from './modules/layouts/routes';
import { createRefinancingEvidencesService } from './modules/refinancing-signing/evidences';
import { refinancingSigningRoutes } from './modules/refinancing-signing/routes';
import { createRefinancingSigningService } from './modules/refinancing-signing/service';
import { refinancingRoutes } from './modules/refinancings/routes';
import { createRefinancingFlows } from './modules/refinancings/flows';
import { createRefinancingsService } from './modules/refinancings/service';
import { auditLogRoutes } from './modules/audit-log/routes';
import { createAuditLogService } from './modules/audit-log/service';
import { nonWorkingRoutes } from './modules/non-workings/routes';
import { provisionSettingsRoutes } from './modules/provision-settings/routes';
import { reportRoutes } from './modules/reports/routes';
import { createReportsService } from './modules/reports/service';
import { createProvisionSettingsService } from './modules/provision-settings/service';
import { createNonWorkingsService } from './modules/non-workings/service';
import { serviceDeskEmailRoutes } from './modules/service-desk-emails/routes';
import { createServiceDeskEmailsService } from './modules/service-desk-emails/service';
import { createExternalService } from './modules/external/service';
import { createInventoryService } from './modules/inventory/service';
import { createLayoutService } from './modules/layouts/service';
import { healthRoutes } from './modules/health/routes';
import { identityRoutes } from './modules/identity/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { organisationLookupRoutes } from './modules/organisation-lookups/routes';
import { createOrganisationLookups } from './modules/organisation-lookups/service';
import { roleRoutes } from './modules/roles/routes';
import { createRolesService } from './modules/roles/service';
import { unitRoutes } from './modules/units/routes';
import { createUnitsService } from './modules/units/service';
import { userRoutes } from './modules/users/routes';
import { createUsersService } from './modules/users/service';
import type { IdentityService } from './modules/identity/service';
import type { AuthService } from './modules/auth/service';
import type { NotificationsService } from './modules/notifications/service';

export type Services = {
  identity: IdentityService;
  auth: AuthService;
  notifications: NotificationsService;
};

/**
 * Every module's routes with the services behind them, in the order they always were registered. Returns what the
 * background jobs need besides the shared services.
 */
export async function registerModuleRoutes(app: FastifyInstance, deps: AppDeps, services: Services) {
  const { db, config } = deps;
  await app.register(healthRoutes, { db });
  await app.register(identityRoutes, { identity: services.identity, config });
  await app.register(authRoutes, { auth: services.auth });
  await app.register(userRoutes, { users: createUsersService(deps, services.identity) });
  await app.register(roleRoutes, { roles: createRolesService(deps) });
  await app.register(organisationLookupRoutes, { lookups: createOrganisationLookups(deps) });
  await app.register(notificationRoutes, { notifications: services.notifications });
  await app.register(branchRoutes, { branches: createBranchesService(deps) });
  await app.register(accountRoutes, { accounts: createAccountsService(deps, services.identity) });
  await app.register(companyRoutes, { companies: createCompaniesService(deps) });
  await app.register(signerConfigurationRoutes, { signers: createSignerConfigurationService(deps) });
  await app.register(externalRoutes, { external: createExternalService(deps) });
  await app.register(inventoryRoutes, { inventory: createInventoryService(deps) });
  await app.register(layoutRoutes, { layouts: createLayoutService(deps) });
  await app.register(nonWorkingRoutes, { nonWorkings: createNonWorkingsService(deps) });
  await app.register(auditLogRoutes, { auditLog: createAuditLogService(deps), deps });
  await app.register(provisionSettingsRoutes, { settings: createProvisionSettingsService(deps) });
  await app.register(reportRoutes, { reports: createReportsService(deps) });
  await app.register(serviceDeskEmailRoutes, { serviceDeskEmails: createServiceDeskEmailsService(deps) });
  const files = createFilesService(deps);
  await app.register(fileRoutes, { files });
  await app.register(exceptionRoutes, {
    exceptions: createExceptionsService(deps, files, services.notifications),
  });
  await app.register(documentRoutes, { documents: createDocumentsService(deps, files) });
  const provisionCreditLines = createCreditLinesService(deps);
  const lender = createProvisionLenderActions(deps, provisionCreditLines, services.notifications);
  await app.register(provisionRoutes, {
    provisions: createProvisionsService(deps, provisionCreditLines, services.notifications),
    lender,
  });
  await app.register(provisionReviewRoutes, {
    review: createProvisionReviewService(deps, services.notifications),
  });
  await app.register(provisionLenderRoutes, { lender });
  const refinancingSigning = createRefinancingSigningService(deps, services.notifications, (actor, id) =>
    refinancingFlows.detail(actor, id),
  );
  const refinancingFlows = createRefinancingFlows({
    ...deps,
    creditLines: provisionCreditLines,
    notifications: services.notifications,
    signing: refinancingSigning,
  });
  await app.register(refinancingRoutes, {
    refinancings: createRefinancingsService({ ...deps, creditLines: provisionCreditLines }),
    flows: refinancingFlows,
  });
  await app.register(refinancingSigningRoutes, {
    evidences: createRefinancingEvidencesService(deps, files),
    signing: refinancingSigning,
  });
  const signing = createProvisionSigningService(deps, services.notifications);
  await app.register(provisionSigningRoutes, { signing });
  await app.register(esignWebhookRoutes, { signing, refinancingSigning });
  await app.register(auditRoutes, { deps, files, notifications: services.notifications });
  await app.register(unitRoutes, { units: createUnitsService(deps, files) });
  await app.register(provisionValidationRoutes, {
    validation: createProvisionValidation({ ...deps, notifications: services.notifications }),
  });
  const failures = createCreditFailuresService(deps);
  await app.register(creditFailureRoutes, { failures });
  await app.register(financedUnitRoutes, { deps, notifications: services.notifications });
  await app.register(portfolioRoutes, { deps });
  return { failures };
}

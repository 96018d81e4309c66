import { permissionsOf } from './operations/operation';
import { NON_WORKING_OPERATIONS } from './operations/non-workings';
import { CUSTOM_SIGNER_OPERATIONS } from './operations/custom-signers';
import { SERVICE_DESK_EMAIL_OPERATIONS } from './operations/emails-service-desk';
import { ROLE_OPERATIONS } from './operations/roles';
import { USER_OPERATIONS } from './operations/users';
import { ACCOUNT_OPERATIONS } from './operations/accounts';
import { COMPANY_OPERATIONS } from './operations/companies';
import { AGENCY_OPERATIONS } from './operations/agencies';
import { CONFIGURATION_OPERATIONS } from './operations/configuration';
import { CREDIT_FAILURE_OPERATIONS } from './operations/credits-failures';
import { AUDIT_LOG_OPERATIONS } from './operations/audit-log';
import { REPORT_OPERATIONS } from './operations/reports';
import { INVENTORY_OPERATIONS } from './operations/inventory';
import { LAYOUT_OPERATIONS } from './operations/layouts';
import { REFINANCING_OPERATIONS } from './operations/refinancings';
import { REFINANCING_FLOW_OPERATIONS } from './operations/refinancing-flows';
import { REFINANCING_DOCUMENT_OPERATIONS } from './operations/refinancing-documents';
import { EXTERNAL_OPERATIONS } from './operations/external';
import { AUDIT_OPERATIONS } from './operations/audits';
import { NOTIFICATION_OPERATIONS } from './operations/notifications';
import { EXCEPTION_OPERATIONS } from './operations/exceptions';
import { DOCUMENT_OPERATIONS } from './operations/documents';
import { UNIT_OPERATIONS } from './operations/units';
import { FILE_OPERATIONS } from './operations/files';
import { PLATFORM_OPERATIONS, TEST_CLOCK_OPERATIONS } from './operations/platform';
import { AUTH_OPERATIONS } from './operations/auth';
import { IDENTITY_OPERATIONS } from './operations/identity';
import { PROVISION_OPERATIONS } from './operations/provisions';
import { PROVISION_LENDER_OPERATIONS } from './operations/provision-lender';
import { PROVISION_REVIEW_OPERATIONS } from './operations/provision-review';
import { PROVISION_SIGNING_OPERATIONS } from './operations/provision-signing';
import { WEBHOOK_OPERATIONS } from './operations/webhooks';
import { UNIT_VALIDATION_OPERATIONS } from './operations/unit-validations';
import { FINANCED_UNIT_OPERATIONS } from './operations/financed-units';
import { PORTFOLIO_OPERATIONS } from './operations/portfolio';
import type { UserType } from './user-types';

/**
 * Which caller may call which API operation: 'public' (no session), 'authenticated' (any signed-in user) or
 * the list of user types. Keys are `METHOD /path` exactly as the API registers them. The authorization
 * harness fails when a registered route is missing here, so every new route must be added.
 * Per-row rules (scope, ownership, status) live in each module's policy on top of this table.
 */
export type Access = 'public' | 'authenticated' | readonly UserType[];

export const API_PERMISSIONS = {
  // Platform: liveness and readiness
  ...permissionsOf(PLATFORM_OPERATIONS),
  // The movable clock of e2e journeys: registered only with TEST_CLOCK=1 (development mode)
  ...permissionsOf(TEST_CLOCK_OPERATIONS),
  // OpenAPI documentation (ARCHITECTURE §2), served by @fastify/swagger-ui under /api/docs
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/*': 'public',
  // Identity (ARCHITECTURE §5)
  ...permissionsOf(IDENTITY_OPERATIONS),
  // The audit log (issue 14): read by the super user only; written by every state change (ARCHITECTURE §4)
  ...permissionsOf(AUDIT_LOG_OPERATIONS),
  // Session user (spec 1 §7)
  ...permissionsOf(AUTH_OPERATIONS),
  // Users (spec 1 §7); the scope of spec 1 §6 is applied per row by the users policy
  ...permissionsOf(USER_OPERATIONS),
  // A user's own notifications: anyone, for themselves (others' → 404)
  ...permissionsOf(NOTIFICATION_OPERATIONS),
  // Roles (spec 1 §7)
  ...permissionsOf(ROLE_OPERATIONS),
  // Accounts (spec 2 §6): the look-ups and views for 1–3; the wizard, status, archive and signer configuration for
  // the operator; the operator change for type 1; the customers assigned to oneself (reports)
  ...permissionsOf(ACCOUNT_OPERATIONS),
  // Custom signers: the operator who configures accounts (spec 2 §6)
  ...permissionsOf(CUSTOM_SIGNER_OPERATIONS),
  // Companies (spec 2 §7): the lender's list; assigning for the types that register dealer users; the branch and
  // operator pickers of the financing screens for every type, within its scope
  ...permissionsOf(COMPANY_OPERATIONS),
  // Branches (spec 2 §7, §6): type 4 sees its own and manages their users, but neither edits nor toggles them
  ...permissionsOf(AGENCY_OPERATIONS),
  // The lender's systems through the API (issue 4, decision 009); which clients, the external policy
  ...permissionsOf(EXTERNAL_OPERATIONS),
  // Inventario (spec 3 §6: types 3, 4, 5; decision 042)
  ...permissionsOf(INVENTORY_OPERATIONS),
  // Layout generator (spec 3 §2, §6: type 2; decision 043)
  ...permissionsOf(LAYOUT_OPERATIONS),
  // Refinancing (spec 3 §2, §4 "Visibility", §6; decision 044): rows narrowed by the refinancings policy
  ...permissionsOf(REFINANCING_OPERATIONS),
  // Refinancing flows (decisions 045, 046): the machine's `who` narrows each further
  ...permissionsOf(REFINANCING_FLOW_OPERATIONS),
  // Días inhábiles and Correos mesa de servicio (spec 2 §7): the super user's menu only (spec 1 §6)
  ...permissionsOf(NON_WORKING_OPERATIONS),
  ...permissionsOf(SERVICE_DESK_EMAIL_OPERATIONS),
  // Provisions configuration (spec 1 §7, spec 2 §7): read by every screen that needs the window, saved by the
  // types whose menu has Configuraciones (spec 1 §6)
  ...permissionsOf(CONFIGURATION_OPERATIONS),
  // Reports (spec 2 §7, spec 3 §7): the lender's staff; a customer outside the caller's accounts is 404
  ...permissionsOf(REPORT_OPERATIONS),
  // Créditos con fallos (spec 2 §7): the super user's menu only (spec 1 §6)
  ...permissionsOf(CREDIT_FAILURE_OPERATIONS),
  // Exceptions (spec 3 §4, §7): the dealer operator requests one; types 2, 3 and 5 read theirs (the exceptions
  // policy); the operator sends observations and the administrator decides (the exception machine)
  ...permissionsOf(EXCEPTION_OPERATIONS),
  // Eligibility (spec 3 §7 "Audits"; decision 030) and audits (spec 3 §6, §7; decision 041)
  ...permissionsOf(AUDIT_OPERATIONS),
  // Units under review and their documents (spec 3 §7 "Units"; decision 030)
  ...permissionsOf(UNIT_OPERATIONS),
  // A unit's validation history (issue 17, decision 035): every type, within its provisions' scope (404 outside)
  ...permissionsOf(UNIT_VALIDATION_OPERATIONS),
  // Provisions (spec 3 §7, decision 029): every type lists and reads within its scope (the provisions policy);
  // the dealer operator saves and sends; the assigned list is the lender operator's (types 1 and 2 may ask for one)
  ...permissionsOf(PROVISION_OPERATIONS),
  // Disposition review (spec 3 §2, §7; decision 034): the lender administrator's screen, within its accounts
  ...permissionsOf(PROVISION_REVIEW_OPERATIONS),
  // The lender's actions and reads of the follow-up page (issue 17, decision 036)
  ...permissionsOf(PROVISION_LENDER_OPERATIONS),
  // Signing documents and e-signature (issue 17, decision 037). The provider's webhook carries its own authority
  // (HMAC of the body), so it needs no session.
  ...permissionsOf(PROVISION_SIGNING_OPERATIONS),
  ...permissionsOf(WEBHOOK_OPERATIONS),
  // A refinancing's unit evidences, signing documents and e-signature (issue 19, decision 047): narrowed by the
  // refinancings policy; the machine says who at which status.
  ...permissionsOf(REFINANCING_DOCUMENT_OPERATIONS),
  // Documents a provision save attaches (spec 3 §7 "document upload", "document delete")
  ...permissionsOf(DOCUMENT_OPERATIONS),
  // Files (issue 13): the scoped download and its short-lived signed link (the file's owner decides who: 404
  // otherwise); the signed link carries its own authority (HMAC, 5 minutes), so it needs no session
  ...permissionsOf(FILE_OPERATIONS),
  // The financed-units register (issue 29): every type within the provisions' scope; the dealer reports a sale
  ...permissionsOf(FINANCED_UNIT_OPERATIONS),
  ...permissionsOf(PORTFOLIO_OPERATIONS),
} as const satisfies Record<string, Access>;

export type ApiOperation = keyof typeof API_PERMISSIONS;

export function accessFor(operation: string): Access | undefined {
  return (API_PERMISSIONS as Record<string, Access>)[operation];
}

export function isAllowed(access: Access, type: UserType | null): boolean {
  if (access === 'public') return true;
  if (type === null) return false;
  if (access === 'authenticated') return true;
  return access.includes(type);
}

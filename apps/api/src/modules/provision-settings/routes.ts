import type { FastifyInstance } from 'fastify';
import { CONFIGURATION_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute } from '../../platform/operation-route';
import type { ProvisionSettingsService } from './service';

/**
 * GET and POST /configuration (spec 1 §7, spec 2 §7 "Provisions configuration"), declared in
 * packages/domain/src/operations/configuration.ts.
 */
export async function provisionSettingsRoutes(
  app: FastifyInstance,
  { settings }: { settings: ProvisionSettingsService },
) {
  operationRoute(app, op.getConfiguration, async () => ({ data: await settings.get() }));
  operationRoute(app, op.getOperatingWindow, async () => ({ data: await settings.operatingWindow() }));
  operationRoute(app, op.saveConfiguration, ({ body }, request) =>
    settings.save(currentUser(request), body, request.id),
  );
}

import type { FastifyInstance } from 'fastify';
import { UNIT_VALIDATION_OPERATIONS } from '@planpiso/domain';
import { operationRoute, readRow } from '../../platform/operation-route';
import type { ProvisionValidation } from './service';

/**
 * The validation history of one unit (issue 17 "Validation of units", decision 035), declared in
 * packages/domain/src/operations/unit-validations.ts.
 */
export async function provisionValidationRoutes(
  app: FastifyInstance,
  { validation }: { validation: Pick<ProvisionValidation, 'history'> },
) {
  operationRoute(app, UNIT_VALIDATION_OPERATIONS.listUnitValidations, readRow(validation.history));
}

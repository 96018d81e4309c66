import { REFINANCING_OPERATIONS, type CreateRefinancingRequest } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';

/**
 * POST /api/refinancings (spec 3 §3 payload): one Idempotency-Key per submission, as the provisions wizard sends
 * (the api client keeps it for a retry of the same body). Answers 'Refinanciamiento con folio N generado
 * exitosamente.'
 */
export const createRefinancing = (body: CreateRefinancingRequest) =>
  callOperation(REFINANCING_OPERATIONS.createRefinancing, { body });

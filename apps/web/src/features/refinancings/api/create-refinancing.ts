import type { CreateRefinancingRequest } from '@planpiso/domain';
import { api } from '../../../lib/api-client';

export type CreatedRefinancing = { id: number; folio: string; status: number };

/**
 * POST /api/refinancings (spec 3 §3 payload): one Idempotency-Key per submission, as the provisions wizard sends
 * (the api client keeps it for a retry of the same body). Answers 'Refinanciamiento con folio N generado
 * exitosamente.'
 */
export const createRefinancing = (body: CreateRefinancingRequest) =>
  api.create<CreatedRefinancing>('/api/refinancings', body);

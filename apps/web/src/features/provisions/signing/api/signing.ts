import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROVISION_SIGNING_OPERATIONS, type SigningEvidence } from '@planpiso/domain';
import { callOperation } from '../../../../lib/operation-client';

export const signingKeys = {
  all: ['provision-signing'] as const,
  evidences: (provisionId: number) => ['provision-signing', 'evidences', provisionId] as const,
};

/** GET /api/provisions/{id}/evidences-signature (spec 3 §7): the provision's signing documents, for the caller. */
export async function getSigningEvidences(provisionId: number, signal?: AbortSignal): Promise<SigningEvidence[]> {
  const { data } = await callOperation(PROVISION_SIGNING_OPERATIONS.listSigningEvidences, {
    params: { id: provisionId },
    signal,
  });
  return data.evidences;
}

export const signingEvidencesQueryOptions = (provisionId: number) =>
  queryOptions({
    queryKey: signingKeys.evidences(provisionId),
    queryFn: ({ signal }) => getSigningEvidences(provisionId, signal),
  });

export const useSigningEvidences = (provisionId: number) => useQuery(signingEvidencesQueryOptions(provisionId));

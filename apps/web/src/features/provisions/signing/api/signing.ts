import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SigningActionResponse, SigningEvidence } from '@planpiso/domain';
import { api } from '../../../../lib/api-client';

export const signingKeys = {
  all: ['provision-signing'] as const,
  evidences: (provisionId: number) => ['provision-signing', 'evidences', provisionId] as const,
};

/** GET /api/provisions/{id}/evidences-signature (spec 3 §7): the provision's signing documents, for the caller. */
export async function getSigningEvidences(provisionId: number, signal?: AbortSignal): Promise<SigningEvidence[]> {
  const { data } = await api.get<{ evidences: SigningEvidence[] }>(
    `/api/provisions/${provisionId}/evidences-signature`,
    undefined,
    signal,
  );
  return data.evidences;
}

export const signingEvidencesQueryOptions = (provisionId: number) =>
  queryOptions({
    queryKey: signingKeys.evidences(provisionId),
    queryFn: ({ signal }) => getSigningEvidences(provisionId, signal),
  });

export const useSigningEvidences = (provisionId: number) => useQuery(signingEvidencesQueryOptions(provisionId));

type SigningAction = 'documents' | 'send-to-sign' | 'redo-document';

/**
 * The signing actions of the follow-up page (spec 3 §4): generate the documents (type 5 at 4), send them to sign
 * (type 5 at 4, with the version shown) and redo a document (types 1 and 3). Each refreshes the documents list;
 * the caller refreshes the provision it shows.
 */
export function useSigningAction(provisionId: number, action: SigningAction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { version?: number } = {}) =>
      api.post<SigningActionResponse['data']>(`/api/provisions/${provisionId}/${action}`, {
        ...body,
        ...(action === 'redo-document' && { provisionId }),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: signingKeys.evidences(provisionId) }),
  });
}

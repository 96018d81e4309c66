import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileLink, SigningActionResponse, SigningEvidence } from '@planpiso/domain';
import { api } from '../../../../lib/api-client';
import { downloadFile } from '../../../../lib/download';

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

/** A document shown in the browser's own PDF viewer, in a new tab (read with the session, never cached). */
export async function viewSigningDocument(evidence: SigningEvidence): Promise<void> {
  // Opened before the request so the browser does not take it for an unrequested pop-up.
  const tab = window.open('', '_blank');
  try {
    const { blob } = await downloadFile(evidence.url);
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** A download through the file's short-lived signed link (spec 3 §7 "signed URL fetch"): an attachment. */
export async function downloadSigningDocument(evidence: SigningEvidence): Promise<void> {
  const { data } = await api.get<FileLink>(`/api/files/${evidence.fileId}/link`);
  const link = document.createElement('a');
  link.href = data.url;
  link.download = evidence.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

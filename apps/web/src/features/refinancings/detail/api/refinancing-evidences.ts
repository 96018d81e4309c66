import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf, REFINANCING_DOCUMENT_OPERATIONS as op, type RefinancingEvidence } from '@planpiso/domain';
import { api } from '../../../../lib/api-client';
import { downloadFile } from '../../../../lib/download';
import { callOperation } from '../../../../lib/operation-client';
import { refinancingDetailKeys } from './refinancing-detail';

/** GET /api/refinancings/{id}/units/{unitId}/evidences: the unit's uploaded evidences (type 8). */
export const useUnitEvidences = (id: number, unitId: number | null) =>
  useQuery({
    queryKey: refinancingDetailKeys.evidences(id, unitId ?? 0),
    queryFn: async ({ signal }) =>
      (await callOperation(op.listRefinancingUnitEvidences, { params: { id, unitId: unitId ?? 0 }, signal })).data
        .evidences,
    enabled: unitId !== null,
    retry: false,
    staleTime: 0,
  });

/**
 * POST …/evidences (multipart `file`): one file at a time. The unit's list and the detail (its evidence count, which
 * Evidencia completa needs) are read again.
 */
export function useUploadUnitEvidence(id: number, unitId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.create<unknown>(pathOf(op.uploadRefinancingUnitEvidence, { id, unitId: unitId ?? 0 }), form);
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: refinancingDetailKeys.evidences(id, unitId ?? 0) }),
        client.invalidateQueries({ queryKey: refinancingDetailKeys.detail(id), exact: true }),
      ]),
  });
}

/** An evidence opened in a new tab (read with the session); the tab is opened in the click for popup blockers. */
export async function viewUnitEvidence(evidence: RefinancingEvidence): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { blob } = await downloadFile(evidence.url);
    const url = URL.createObjectURL(blob);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

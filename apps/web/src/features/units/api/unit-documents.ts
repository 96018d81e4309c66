import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UNIT_OPERATIONS as op, pathOf, type EvidenceResponse } from '@planpiso/domain';
import { api } from '../../../lib/api-client';
import { callOperation } from '../../../lib/operation-client';
import { unitKeys } from './get-units-review';

/** GET /api/units/{id}/evidences: the unit's evidences (type 7 with the provision, type 8 uploaded later). */
export const useUnitEvidences = (id: number) =>
  useQuery({
    queryKey: unitKeys.evidences(id),
    queryFn: async ({ signal }) => (await callOperation(op.listUnitEvidences, { params: { id }, signal })).data,
  });

/** POST /api/units/{id}/uploadDocument, multipart `file` (spec 3 §7): only the first chosen file is sent. */
export function useUploadUnitDocument(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.create<EvidenceResponse>(pathOf(op.uploadUnitDocument, { id }), form);
    },
    onSettled: () => client.invalidateQueries({ queryKey: unitKeys.evidences(id) }),
  });
}

/** DELETE /api/units/{id}/evidences/{evidenceId}: a document uploaded later (type 8). */
export function useDeleteUnitEvidence(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (evidenceId: number) => callOperation(op.deleteUnitEvidence, { params: { id, evidenceId } }),
    onSettled: () => client.invalidateQueries({ queryKey: unitKeys.evidences(id) }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUDIT_OPERATIONS as op, pathOf, type LotAuditPhoto, type MarkLotAuditUnitRequest } from '@planpiso/domain';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { callOperation } from '../../../lib/operation-client';

export const lotAuditKeys = {
  all: ['lot-audits'] as const,
  list: () => ['lot-audits', 'list'] as const,
  units: (id: number) => ['lot-audits', 'units', id] as const,
};

/** GET /api/lot-audits: the audits the caller checks units of (a dealer: its requested self-audits). */
export const useLotAudits = () =>
  useQuery({
    queryKey: lotAuditKeys.list(),
    queryFn: async ({ signal }) => (await callOperation(op.listLotAudits, { signal })).data,
  });

/** GET /api/audits/{id}/units: the audit, its snapshot of units with their results, and its findings. */
export const useLotAuditUnits = (id: number) =>
  useQuery({
    queryKey: lotAuditKeys.units(id),
    queryFn: async ({ signal }) => (await callOperation(op.listLotAuditUnits, { params: { id }, signal })).data,
  });

/** GET /api/audits/{id}/units/by-vin: the unit typed or scanned (the server's Spanish message when not found). */
export const findLotAuditUnit = async (id: number, vin: string) =>
  (await callOperation(op.findLotAuditUnit, { params: { id }, query: { vin } })).data;

/** POST /api/audits/{id}/photos (multipart): the phone's photo, named afterwards by its file id. */
export async function uploadLotAuditPhoto(id: number, file: File): Promise<LotAuditPhoto> {
  const form = new FormData();
  form.append('file', file, file.name || 'foto.jpg');
  return (await api.create<LotAuditPhoto>(pathOf(op.uploadLotAuditPhoto, { id }), form)).data;
}

export const downloadLotAuditReport = (id: number) => downloadFile(pathOf(op.getLotAuditReport, { id }));

/** The audit's moves: each reloads the audit (and the list of audits) whatever the outcome. */
export function useLotAuditMoves(id: number) {
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: lotAuditKeys.all });
  return {
    mark: useMutation({
      mutationFn: (input: { unitId: number; body: MarkLotAuditUnitRequest }) =>
        callOperation(op.markLotAuditUnit, { params: { id, unitId: input.unitId }, body: input.body }),
      onSettled: reload,
    }),
    requestSelfAudit: useMutation({
      mutationFn: (deadline: string) => callOperation(op.requestSelfAudit, { params: { id }, body: { deadline } }),
      onSettled: reload,
    }),
    close: useMutation({
      mutationFn: (version: number) => callOperation(op.closeLotAudit, { params: { id }, body: { version } }),
      onSettled: reload,
    }),
  };
}

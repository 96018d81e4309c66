import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PROVISION_LENDER_OPERATIONS as lenderOp,
  PROVISION_OPERATIONS,
  PROVISION_SIGNING_OPERATIONS as signingOp,
  pathOf,
  type ConfirmRejectRequestInput,
  type ProvisionActionResponse,
  type SendToCrmRequest,
  type UpdateFolioRequestInput,
} from '@planpiso/domain';
import { api, type Envelope } from '../../../../lib/api-client';
import { callOperation } from '../../../../lib/operation-client';
import { downloadFile, saveFile } from '../../../../lib/download';
import { signingKeys } from '../../signing/api/signing';
import { followUpKeys } from './follow-up-detail';

export type FollowUpAnswer = Envelope<ProvisionActionResponse['data'] | unknown>;

/**
 * The follow-up page's calls (issue 17, LENDER-SIDE.md): each sends the version the page showed; the server answers
 * 409 when someone moved the provision first. Whatever the answer, the page's detail and timeline are read again.
 */
export const followUpCalls = {
  /** Confirmar (status 4) or Rechazar (status 9): PUT /api/provisions/{id}. */
  confirmReject: (id: number, body: ConfirmRejectRequestInput) =>
    callOperation(PROVISION_OPERATIONS.updateProvision, { params: { id }, body }),
  /** Liberar (status 10): POST /api/provisions/{id}/release. */
  release: (id: number, version: number) => callOperation(lenderOp.release, { params: { id }, body: { version } }),
  sendToCrm: (id: number, body: Omit<SendToCrmRequest, 'provisionId'>) =>
    callOperation(lenderOp.sendToCrm, { params: { id }, body }),
  updateFolio: (id: number, body: UpdateFolioRequestInput) =>
    callOperation(lenderOp.updateFolio, { params: { id }, body }),
  /** Regenerar el documento de firma (types 1, 3): D's route. */
  redoDocument: (id: number, version: number) =>
    callOperation(signingOp.redoDocument, { params: { id }, body: { provisionId: id, version } }),
  /**
   * Generar documentos (type 5 at status 4): D's route. The operation declares no body (the server reads none); the
   * version shown is sent as it always was.
   */
  generateDocuments: (id: number, version: number) =>
    api.post<unknown>(pathOf(signingOp.generateDocuments, { id }), { version }),
  /** Enviar a firma (type 5 at status 4 → 5): D's route. */
  sendToSign: (id: number, version: number) =>
    callOperation(signingOp.sendToSign, { params: { id }, body: { version } }),
  /** Descargar XLSX: GET /api/provisions/{id}/units.xlsx, saved under the server's name 'Unidades (DD-MM-YYYY).xlsx'. */
  downloadUnits: async (id: number): Promise<FollowUpAnswer> => {
    const file = await downloadFile(pathOf(lenderOp.unitsXlsx, { id }));
    saveFile(file.blob, file.fileName ?? 'Unidades.xlsx');
    return { data: null };
  },
};

export type FollowUpCall = (id: number) => Promise<FollowUpAnswer>;

/** Runs one of the calls above and reads the provision again afterwards, success or failure. */
export function useFollowUpAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (call: FollowUpCall) => call(id),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: followUpKeys.detail(id) }),
        client.invalidateQueries({ queryKey: followUpKeys.units(id) }),
        client.invalidateQueries({ queryKey: followUpKeys.timeline(id) }),
        client.invalidateQueries({ queryKey: ['provisions', 'list'] }),
        client.invalidateQueries({ queryKey: signingKeys.evidences(id) }),
      ]);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  pathOf,
  REFINANCING_DOCUMENT_OPERATIONS as documents,
  REFINANCING_FLOW_OPERATIONS as flows,
  type AcceptRefinancingRequestInput,
  type ConfirmRefinancingUnitsRequest,
  type RefinancingActionResponse,
} from '@planpiso/domain';
import type { Envelope } from '../../../../lib/api-client';
import { downloadFile, saveFile } from '../../../../lib/download';
import { callOperation } from '../../../../lib/operation-client';
import { refinancingDetailKeys } from './refinancing-detail';

/** An action's answer: the refreshed detail and the server's message; a download answers no detail. */
export type RefinancingAnswer = Envelope<RefinancingActionResponse['data'] | null>;
export type RefinancingCall = (id: number) => Promise<RefinancingAnswer>;

/**
 * The detail page's calls (packages/domain/src/operations/refinancing-flows.ts, refinancing-documents.ts; decision
 * 045). Each sends the version the page showed — the server answers 409 when someone moved the refinancing first —
 * and answers the refreshed detail.
 */
export const refinancingCalls = {
  /** Evidencia completa (→ 3) or Enviar a FinBe (→ 5): PATCH set-status. */
  setStatus: (id: number, status: 3 | 5, version: number) =>
    callOperation(flows.setRefinancingStatus, { params: { id }, body: { status, version } }),
  /** Enviar (4 → 3): POST send-units. */
  send: (id: number, version: number) =>
    callOperation(flows.sendRefinancingUnits, { body: { refinancingId: id, version } }),
  /** Validar unidades (type 2): the verdicts per unit, the status stays 3. */
  confirmUnits: (id: number, body: ConfirmRefinancingUnitsRequest) =>
    callOperation(flows.confirmRefinancingUnits, { params: { id }, body }),
  confirm: (id: number, version: number) =>
    callOperation(flows.confirmRefinancing, { params: { id }, body: { version } }),
  accept: (id: number, body: AcceptRefinancingRequestInput) =>
    callOperation(flows.acceptRefinancing, { params: { id }, body }),
  reject: (id: number, comment: string, version: number) =>
    callOperation(flows.rejectRefinancing, { params: { id }, body: { comment, version } }),
  sendToSign: (id: number, version: number) =>
    callOperation(documents.sendRefinancingToSign, { params: { id }, body: { version } }),
  release: (id: number, version: number) =>
    callOperation(flows.releaseRefinancing, { params: { id }, body: { version } }),
  sendToCrm: (id: number, approvedDate: string, version: number) =>
    callOperation(flows.sendRefinancingToCrm, { params: { id }, body: { approvedDate, version, refinancingId: id } }),
  updateFolio: (id: number, manualFolio: number, version: number) =>
    callOperation(flows.updateRefinancingFolio, { params: { id }, body: { manualFolio, version } }),
  redoDocument: (id: number, documentId: number, version: number) =>
    callOperation(documents.redoRefinancingDocument, { params: { id, documentId }, body: { version } }),
  /** Descargar XLSX: saved under the server's name 'Unidades (DD-MM-YYYY).xlsx'. */
  downloadUnits: async (id: number): Promise<RefinancingAnswer> => {
    const file = await downloadFile(pathOf(flows.downloadRefinancingUnits, { id }));
    saveFile(file.blob, file.fileName ?? 'Unidades.xlsx');
    return { data: null };
  },
  /** The signed documents (types 3 and 4): a zip, or the PDF when there is one. */
  downloadSignedDocuments: async (id: number): Promise<RefinancingAnswer> => {
    const file = await downloadFile(pathOf(documents.downloadRefinancingSignedDocuments, { id }));
    saveFile(file.blob, file.fileName ?? 'Documentos firmados.zip');
    return { data: null };
  },
};

/**
 * Runs one call. A detail in the answer replaces the page's at once; whatever happens, the detail and the lists are
 * read again afterwards (a 409 shows the server's message and then the refinancing as it now is).
 */
export function useRefinancingAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (call: RefinancingCall) => call(id),
    onSuccess: (answer) => {
      if (answer.data) client.setQueryData(refinancingDetailKeys.detail(id), answer.data);
    },
    onSettled: () =>
      client.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'refinancings',
      }),
  });
}

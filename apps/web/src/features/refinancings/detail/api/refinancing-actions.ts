import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptRefinancingRequestInput,
  ConfirmRefinancingUnitsRequest,
  RefinancingActionResponse,
} from '@planpiso/domain';
import { api, type Envelope } from '../../../../lib/api-client';
import { downloadFile, saveFile } from '../../../../lib/download';
import { refinancingDetailKeys, type RefinancingDetail } from './refinancing-detail';

/** An action's answer: the refreshed detail and the server's message; a download answers no detail. */
export type RefinancingAnswer = Envelope<RefinancingActionResponse['data'] | null>;
export type RefinancingCall = (id: number) => Promise<RefinancingAnswer>;

const base = (id: number) => `/api/refinancings/${id}`;

/**
 * The detail page's calls (contracts/refinancing-flows.ts, decision 045). Each sends the version the page showed —
 * the server answers 409 when someone moved the refinancing first — and answers the refreshed detail.
 */
export const refinancingCalls = {
  /** Evidencia completa (→ 3) or Enviar a FinBe (→ 5): PATCH set-status. */
  setStatus: (id: number, status: 3 | 5, version: number) =>
    api.patch<RefinancingDetail>(`${base(id)}/set-status`, { status, version }),
  /** Enviar (4 → 3): POST /api/refinancings/send-units. */
  send: (id: number, version: number) =>
    api.post<RefinancingDetail>('/api/refinancings/send-units', { refinancingId: id, version }),
  /** Validar unidades (type 2): the verdicts per unit, the status stays 3. */
  confirmUnits: (id: number, body: ConfirmRefinancingUnitsRequest) =>
    api.patch<RefinancingDetail>(`${base(id)}/confirm-units`, body),
  confirm: (id: number, version: number) => api.post<RefinancingDetail>(`${base(id)}/confirm`, { version }),
  accept: (id: number, body: AcceptRefinancingRequestInput) => api.post<RefinancingDetail>(`${base(id)}/accept`, body),
  reject: (id: number, comment: string, version: number) =>
    api.post<RefinancingDetail>(`${base(id)}/reject`, { comment, version }),
  sendToSign: (id: number, version: number) => api.post<RefinancingDetail>(`${base(id)}/send-to-sign`, { version }),
  release: (id: number, version: number) => api.post<RefinancingDetail>(`${base(id)}/release`, { version }),
  sendToCrm: (id: number, approvedDate: string, version: number) =>
    api.post<RefinancingDetail>(`${base(id)}/send-crm`, { approvedDate, version, refinancingId: id }),
  updateFolio: (id: number, manualFolio: number, version: number) =>
    api.patch<RefinancingDetail>(`${base(id)}/update-folio`, { manualFolio, version }),
  redoDocument: (id: number, documentId: number, version: number) =>
    api.post<RefinancingDetail>(`${base(id)}/documents/${documentId}/redo`, { version }),
  /** Descargar XLSX: saved under the server's name 'Unidades (DD-MM-YYYY).xlsx'. */
  downloadUnits: async (id: number): Promise<RefinancingAnswer> => {
    const file = await downloadFile(`${base(id)}/units.xlsx`);
    saveFile(file.blob, file.fileName ?? 'Unidades.xlsx');
    return { data: null };
  },
  /** The signed documents (types 3 and 4): a zip, or the PDF when there is one. */
  downloadSignedDocuments: async (id: number): Promise<RefinancingAnswer> => {
    const file = await downloadFile(`${base(id)}/signed-documents`);
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

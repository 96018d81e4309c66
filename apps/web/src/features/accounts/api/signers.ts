import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_OPERATIONS,
  CUSTOM_SIGNER_OPERATIONS,
  EXTERNAL_OPERATIONS,
  type CreateCustomSignerRequest,
  type SaveSignatureConfigRequest,
} from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';

type Line = { companyId: number | null; creditLine: string | null };
const ready = ({ companyId, creditLine }: Line) => companyId !== null && creditLine !== null;

/** The client's lines (ConfiguracionClientesDispLinea); a failure carries the CRM's answer (spec 2 §8). */
export const useCreditLines = (clientId: string | null) =>
  useQuery({
    queryKey: ['crm', 'clients', clientId, 'credit-lines'],
    queryFn: async ({ signal }) =>
      (await callOperation(EXTERNAL_OPERATIONS.listCrmCreditLines, { params: { clientNumber: clientId! }, signal }))
        .data,
    enabled: clientId !== null,
    retry: false,
  });

/** The line's guarantors (Avales), corporate ones with their legal representatives. */
export const useGuarantors = (creditLine: string | null) =>
  useQuery({
    queryKey: ['crm', 'credit-lines', creditLine, 'guarantors'],
    queryFn: async ({ signal }) =>
      (await callOperation(EXTERNAL_OPERATIONS.listCrmGuarantors, { params: { creditLine: creditLine! }, signal }))
        .data,
    enabled: creditLine !== null,
    retry: false,
  });

const signerKeys = {
  config: (line: Line) => ['signature-config', line.companyId, line.creditLine] as const,
  custom: (line: Line) => ['custom-signers', line.companyId, line.creditLine] as const,
};

/** GET /api/accounts/signatureConfig: null until one is saved. */
export const useSignatureConfig = (line: Line) =>
  useQuery({
    queryKey: signerKeys.config(line),
    queryFn: async ({ signal }) =>
      (await callOperation(ACCOUNT_OPERATIONS.getSignatureConfig, { query: line, signal })).data,
    enabled: ready(line),
  });

export function useSaveSignatureConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSignatureConfigRequest) => callOperation(ACCOUNT_OPERATIONS.saveSignatureConfig, { body }),
    onSuccess: (_answer, body) => queryClient.invalidateQueries({ queryKey: signerKeys.config(body) }),
  });
}

/** GET /api/custom-signers of one company and line. */
export const useCustomSigners = (line: Line) =>
  useQuery({
    queryKey: signerKeys.custom(line),
    queryFn: async ({ signal }) =>
      (await callOperation(CUSTOM_SIGNER_OPERATIONS.listCustomSigners, { query: line, signal })).data,
    enabled: ready(line),
  });

export type CustomSignerChange =
  | { kind: 'create'; body: CreateCustomSignerRequest }
  | { kind: 'update'; id: number; fullName: string }
  | { kind: 'delete'; id: number; fullName: string };

/** POST, PUT and DELETE /api/custom-signers (spec 2 §7). */
export function useCustomSignerChange(line: Line) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CustomSignerChange) => {
      switch (change.kind) {
        case 'create':
          return callOperation(CUSTOM_SIGNER_OPERATIONS.createCustomSigner, { body: change.body });
        case 'update':
          return callOperation(CUSTOM_SIGNER_OPERATIONS.updateCustomSigner, {
            params: { id: change.id },
            body: { fullName: change.fullName },
          });
        case 'delete':
          return callOperation(CUSTOM_SIGNER_OPERATIONS.deleteCustomSigner, { params: { id: change.id } });
      }
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: signerKeys.custom(line) }),
        queryClient.invalidateQueries({ queryKey: signerKeys.config(line) }),
      ]),
  });
}

import { useQuery } from '@tanstack/react-query';
import type {
  CompanyUserAgencies,
  CreateProvisionRequestInput,
  ExternalCreditLine,
  OperatingWindowResponse,
} from '@planpiso/domain';
import { api } from '../../../lib/api-client';
import type { ProvisionDetail, SavedProvision, UploadedDocument } from './provision-wizard-types';

/** Today's operating window (ours): the wizard says so before the person types when creating is not possible. */
export const useOperatingWindow = () =>
  useQuery({
    queryKey: ['configuration', 'operating-window'],
    queryFn: async ({ signal }) =>
      (await api.get<OperatingWindowResponse>('/api/configuration/operating-window', undefined, signal)).data,
    staleTime: 60_000,
  });

/**
 * GET /api/companies/{id}/users-agencies: the company's users with their branches. The wizard reads two things from
 * it: the legal representatives (the type 4 users, spec 3 §3 "fetched with person type 4") and the caller's own
 * branches (spec 3 §2 "branch (sucursal)": only the user's).
 */
export const useCompanyPeople = (companyId: number | null) =>
  useQuery({
    queryKey: ['companies', companyId, 'users-agencies'],
    queryFn: async ({ signal }) =>
      (await api.get<CompanyUserAgencies[]>(`/api/companies/${companyId}/users-agencies`, undefined, signal)).data,
    enabled: companyId !== null,
    staleTime: 5 * 60_000,
  });

/** The client's credit lines (ConfiguracionClientesDispLinea) with montoRestante, reserved and the parsed terms. */
export const useWizardCreditLines = (clientNumber: string | null) =>
  useQuery({
    queryKey: ['crm', 'clients', clientNumber, 'credit-lines'],
    queryFn: async ({ signal }) =>
      (
        await api.get<ExternalCreditLine[]>(
          `/api/external/clients/${encodeURIComponent(clientNumber!)}/credit-lines`,
          undefined,
          signal,
        )
      ).data,
    enabled: clientNumber !== null,
    retry: false,
    // The balance moves with every provision: ask again each time the step opens.
    staleTime: 0,
  });

/** GET /api/provisions/{id}: the provision to edit. */
export const useProvisionDetail = (id: number | null) =>
  useQuery({
    queryKey: ['provisions', 'detail', id],
    queryFn: async ({ signal }) => (await api.get<ProvisionDetail>(`/api/provisions/${id}`, undefined, signal)).data,
    enabled: id !== null,
    retry: false,
    staleTime: 0,
  });

/** POST /api/documents (multipart): the annex (`provision`, PDF) or a unit's evidence (`unit`). */
export async function uploadDocument(file: File, kind: 'provision' | 'unit'): Promise<UploadedDocument> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return (await api.post<UploadedDocument>('/api/documents', form)).data;
}

export type SaveMode = 'save' | 'saveAndSend' | 'review';

const CREATE_PATHS: Record<SaveMode, string> = {
  save: '/api/provisions',
  saveAndSend: '/api/provisions/create-send',
  review: '/api/provisions/create/withUnitsExistits',
};

/** The creates carry an Idempotency-Key per submission (the api client keeps it for a retry of the same body). */
export const createProvision = (mode: SaveMode, body: CreateProvisionRequestInput) =>
  api.create<SavedProvision>(CREATE_PATHS[mode], body);

/** PUT /api/provisions/{id} with the version read (409 when someone else saved meanwhile). */
export const updateProvision = (id: number, body: CreateProvisionRequestInput & { version: number }) =>
  api.put<ProvisionDetail>(`/api/provisions/${id}`, body);

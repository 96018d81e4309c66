import { useQuery } from '@tanstack/react-query';
import { DOCUMENT_OPERATIONS, pathOf, type CreateProvisionRequestInput } from '@planpiso/domain';
import { api } from '../../../lib/api-client';
import type { ProvisionDetail, SavedProvision, UploadedDocument } from './provision-wizard-types';

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
  return (await api.create<UploadedDocument>(pathOf(DOCUMENT_OPERATIONS.uploadDocument), form)).data;
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

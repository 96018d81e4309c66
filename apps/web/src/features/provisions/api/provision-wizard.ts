import { useQuery } from '@tanstack/react-query';
import { DOCUMENT_OPERATIONS, PROVISION_OPERATIONS, pathOf, type CreateProvisionRequestInput } from '@planpiso/domain';
import { api, type Envelope } from '../../../lib/api-client';
import { callOperation } from '../../../lib/operation-client';
import type { ProvisionDetail, SavedProvision, UploadedDocument } from './provision-wizard-types';

/** GET /api/provisions/{id}: the provision to edit. */
export const useProvisionDetail = (id: number | null) =>
  useQuery({
    queryKey: ['provisions', 'detail', id],
    queryFn: async ({ signal }) =>
      (await callOperation(PROVISION_OPERATIONS.getProvision, { params: { id: id ?? 0 }, signal }))
        .data as ProvisionDetail,
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

const CREATES = {
  save: PROVISION_OPERATIONS.createProvision,
  saveAndSend: PROVISION_OPERATIONS.createAndSendProvision,
  review: PROVISION_OPERATIONS.createProvisionFromReview,
} as const satisfies Record<SaveMode, unknown>;

/** The creates carry an Idempotency-Key per submission (the api client keeps it for a retry of the same body). */
export const createProvision = async (mode: SaveMode, body: CreateProvisionRequestInput) =>
  (await callOperation(CREATES[mode], { body })) as Envelope<SavedProvision>;

/** PUT /api/provisions/{id} with the version read (409 when someone else saved meanwhile). */
export const updateProvision = async (id: number, body: CreateProvisionRequestInput & { version: number }) =>
  (await callOperation(PROVISION_OPERATIONS.updateProvision, {
    params: { id },
    body,
  })) as Envelope<ProvisionDetail>;

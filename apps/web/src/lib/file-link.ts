import { FILE_OPERATIONS, type FileLink } from '@planpiso/domain';
import { callOperation } from './operation-client';

/** A 5-minute signed link to a stored file (GET /api/files/{id}/link; spec 3 §7 "signed URL fetch"). */
export async function signedFileLink(fileId: number): Promise<FileLink> {
  return (await callOperation(FILE_OPERATIONS.fileLink, { params: { id: fileId } })).data;
}

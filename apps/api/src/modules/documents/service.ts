import {
  fileDownloadPath,
  AppErrorCode,
  checkExtension,
  type DocumentKind,
  documentUploadFields,
  type DocumentUploadResponse,
  FINANCING_MESSAGES,
  MESSAGES,
  PROVISION_ATTACHMENT_EXTENSIONS,
  unclaimedUploadRefusal,
  UNIT_EVIDENCE_EXTENSIONS,
} from '@planpiso/domain';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { afterCommit, transaction } from '../../platform/transaction';
import type { ReceivedForm } from '../../platform/uploads';
import type { FilesService } from '../files';
import * as repo from './repository';
import { answerWithin } from '../../platform/idempotency';

export type DocumentsService = ReturnType<typeof createDocumentsService>;

/** Spec 3 §5 "Files": what each kind of document may be. */
const EXTENSIONS: Record<DocumentKind, readonly string[]> = {
  provision: PROVISION_ATTACHMENT_EXTENSIONS,
  unit: UNIT_EVIDENCE_EXTENSIONS,
};

/** POST /api/documents reads every extension either kind takes; the kind narrows it once the form is read. */
export const DOCUMENT_UPLOAD = {
  field: 'file',
  allowed: [...new Set([...PROVISION_ATTACHMENT_EXTENSIONS, ...UNIT_EVIDENCE_EXTENSIONS])],
};

/**
 * Documents uploaded before a save (spec 3 §7 "document upload", "document delete"; decision 029): the file is
 * stored and recorded, owned by its uploader and attached to nothing until a provision save claims it by fileId.
 */
export function createDocumentsService(
  { db, storage, log }: Pick<AppDeps, 'db' | 'storage' | 'log'>,
  files: FilesService,
) {
  return {
    async upload(actor: AuthUser, form: ReceivedForm, requestId: string): Promise<DocumentUploadResponse> {
      const fields = documentUploadFields.safeParse(form.fields);
      if (!fields.success) throw badRequest();
      if (!form.file) throw badRequest(MESSAGES.fileMissingName);
      // The annex is a PDF only (spec 3 §5: 'La extensión del documento no es permitido' otherwise).
      if (checkExtension(form.file.originalName, EXTENSIONS[fields.data.kind]) !== null) {
        throw new AppError(AppErrorCode.FILE_TYPE_NOT_ALLOWED, { message: FINANCING_MESSAGES.extensionNotAllowed });
      }
      const size = form.file.size;
      const overQuota = (held: { files: number; bytes: number }) => {
        const refusal = unclaimedUploadRefusal(held, size);
        if (refusal) throw new AppError(AppErrorCode.UPLOAD_QUOTA_EXCEEDED, { message: refusal });
      };
      // Refused before the bytes are written when the quota is already full (decision 071) ...
      await transaction(db, async (tx) => overQuota(await repo.lockedUnclaimedOf(tx, actor.id)));
      return files.withUpload(form.file, 'evidences', actor.id, async (tx, stored) => {
        // ... and counted again under the user's lock with the row, so uploads at once cannot pass it together.
        overQuota(await repo.lockedUnclaimedOf(tx, actor.id));
        const file = await files.record(tx, stored);
        const data = {
          fileId: file.id,
          url: fileDownloadPath(file.id),
          fileName: file.originalName,
          fileSize: file.size,
          extension: form.file!.extension,
        };
        await writeAudit(tx, {
          actor: actor.id,
          action: 'documents.uploaded',
          entity: 'file',
          entityId: file.id,
          after: { ...data, kind: fields.data.kind },
          requestId,
        });
        return answerWithin(tx, 201, { data });
      });
    },

    /** Only one's own upload that no save attached yet; the bytes go once the row's removal is committed. */
    async remove(actor: AuthUser, fileId: number, requestId: string): Promise<void> {
      await transaction(db, async (tx) => {
        const file = await repo.lockFile(tx, fileId);
        if (!file || file.uploadedBy !== actor.id) throw notFound();
        if (await repo.isAttached(tx, fileId)) {
          throw new AppError(AppErrorCode.DOCUMENT_ATTACHED);
        }
        await repo.deleteFile(tx, fileId);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'documents.deleted',
          entity: 'file',
          entityId: fileId,
          before: { fileName: file.originalName, size: file.size },
          requestId,
        });
        await afterCommit(tx, async () => {
          try {
            await storage.delete(file.key);
          } catch (error) {
            log.error({ err: error, key: file.key }, 'documents: could not delete a removed upload');
          }
        });
      });
    },
  };
}

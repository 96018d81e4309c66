import {
  EVIDENCE_TYPE,
  FINANCING_MESSAGES,
  REFINANCING_EVIDENCE_EXTENSIONS,
  REFINANCING_SIGNING_MESSAGES as M,
  refinancingEvidenceFilePath,
  type RefinancingEvidence,
} from '@planpiso/domain';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { assertCan } from '../../platform/can';
import { badRequest, notFound } from '../../platform/errors';
import type { FileRule, ReceivedForm } from '../../platform/uploads';
import { presentFileFields, type Download, type FilesService } from '../files';
import * as filesRepo from '../files';
import { visibleRefinancing } from '../refinancings';
import * as repo from './repository';
import { answerWithin } from '../../platform/idempotency';

export type RefinancingEvidencesService = ReturnType<typeof createRefinancingEvidencesService>;

/** Spec 3 §5: the refinancing evidence's hint says png, jpg, jpeg; the server also takes pdf (decision 045). */
export const REFINANCING_EVIDENCE_UPLOAD: FileRule = { field: 'file', allowed: REFINANCING_EVIDENCE_EXTENSIONS };

type EvidenceRow = Awaited<ReturnType<typeof repo.unitEvidences>>[number];

export function presentRefinancingEvidence(
  refinancingId: number,
  { evidence, file }: EvidenceRow,
): RefinancingEvidence {
  return {
    id: evidence.id,
    unitId: evidence.refinancingUnitId ?? 0,
    ...presentFileFields(file),
    type: evidence.type,
    url: refinancingEvidenceFilePath(refinancingId, evidence.id),
    createdAt: evidence.createdAt.toISOString(),
  };
}

/**
 * The evidence of a refinancing's units (issue 19, decisions 045 and 047): type 8, png/jpg/jpeg/pdf by sniffed
 * content, uploaded by types 5 (own company, only when the refinancing asks for evidences) and 3 at statuses 1 and
 * 2; read and downloaded by whoever sees the refinancing (404 otherwise).
 */
export function createRefinancingEvidencesService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, files: FilesService) {
  const found = (actor: AuthUser, id: number) => visibleRefinancing(db, actor, id);

  async function unitOf(id: number, unitId: number) {
    const unit = await repo.findUnit(db, id, unitId);
    if (!unit) throw notFound(M.unitNotFound);
    return unit;
  }

  /** The refusals of an upload as the refinancing stands (`can`; checked again under its lock). */
  function assertUploadable(actor: AuthUser, refinancing: { status: number; requireEvidences: boolean }) {
    const { status, requireEvidences } = refinancing;
    assertCan(actor, 'refinancing.uploadEvidence', { status, requireEvidences });
  }

  return {
    async upload(actor: AuthUser, id: number, unitId: number, form: ReceivedForm, requestId: string) {
      if (!form.file) throw badRequest(FINANCING_MESSAGES.fileRequired);
      const refinancing = await found(actor, id);
      const unit = await unitOf(id, unitId);
      assertUploadable(actor, refinancing.refinancing);
      // The bytes are stored before the transaction (a slow upload holds no lock) and deleted if it fails.
      return files.withUpload(form.file, 'evidences', actor.id, async (tx, stored) => {
        const row = await repo.lockRefinancingById(tx, id);
        if (!row) throw notFound();
        assertUploadable(actor, row);
        const file = await files.record(tx, stored);
        const evidence = await filesRepo.insertEvidence(tx, {
          fileId: file.id,
          type: EVIDENCE_TYPE.UNIT_DOCUMENT,
          refinancingUnitId: unitId,
          position: await repo.nextEvidencePosition(tx, unitId),
          createdAt: clock.now(),
        });
        const presented = presentRefinancingEvidence(id, { evidence, file });
        await writeAudit(tx, {
          actor: actor.id,
          action: 'refinancings.evidence-uploaded',
          entity: 'refinancing',
          entityId: id,
          after: { ...presented, vinNumber: unit.vinNumber },
          requestId,
        });
        return answerWithin(tx, 201, { data: presented, message: M.evidenceUploaded });
      });
    },

    async list(actor: AuthUser, id: number, unitId: number): Promise<{ evidences: RefinancingEvidence[] }> {
      await found(actor, id);
      await unitOf(id, unitId);
      const rows = await repo.unitEvidences(db, unitId);
      return { evidences: rows.map((row) => presentRefinancingEvidence(id, row)) };
    },

    /** An evidence or signing document of a refinancing the caller sees (404 otherwise), as a download. */
    async download(actor: AuthUser, id: number, evidenceId: number): Promise<Download> {
      await found(actor, id);
      const row = await repo.findEvidence(db, id, evidenceId);
      if (!row) throw notFound();
      return files.open(row.file);
    },
  };
}

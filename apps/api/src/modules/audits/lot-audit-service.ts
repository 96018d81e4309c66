import {
  AppErrorCode,
  askFinancedUnit,
  askLotAudit,
  businessClock,
  FINANCED_UNIT_STATUS,
  fileDownloadPath,
  LOT_AUDIT_MESSAGES as TEXT,
  LOT_AUDIT_RESULT,
  LOT_AUDIT_STATUS,
  lotAuditFinding,
  lotAuditFindingDeadline,
  lotAuditLocationRefusal,
  lotAuditProgress,
  lotAuditResultName,
  lotAuditVinRefusal,
  normalizeAuditVin,
  selfAuditDeadlineRefusal,
  SYSTEM_ACTOR,
  type CloseLotAuditRequest,
  type LotAuditAction,
  type LotAuditSummary,
  type LotAuditUnit,
  type LotAuditUnits,
  type MarkLotAuditUnitRequest,
  type RequestSelfAuditRequest,
} from '@planpiso/domain';
import { gte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { nonWorkingDays } from '../../db/schema/non-working-days';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound, refusalError } from '../../platform/errors';
import { staleVersion } from '../../platform/state-transition';
import { transaction } from '../../platform/transaction';
import { markUnitSold, recordEvents, type FinancedUnitNoticeDeps } from '../financed-units';
import type { ReceivedForm } from '../../platform/uploads';
import type { FilesService } from '../files';
import * as repo from './lot-audit-repository';
import { drawablePhoto, lotAuditReportPdf, type ReportPhoto } from './lot-audit-report';
import { entityOf, presentFindings, presentUnit, summary } from './lot-audit-presenter';

/** A photo over this size is left out of the report (its row says 'Foto adjunta'); a phone's JPEG is 2–5 MB. */
const REPORT_PHOTO_MAX_BYTES = 8 * 1024 * 1024;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

type Deps = Pick<AppDeps, 'db' | 'clock' | 'storage' | 'log'>;

const invalid = (message: string) => new AppError(AppErrorCode.VALIDATION_ERROR, { message });

/** Asks the audit's machine, refusing with its words (closed 409, not requested 403, expired or pending 422). */
function ask(actor: AuthUser, action: LotAuditAction, row: repo.LotAuditRow, today: string, pending: number) {
  const verdict = askLotAudit(actor, action, entityOf(row, today, pending));
  if (!verdict.allowed) throw refusalError(verdict);
  return verdict;
}

/** The audit's units screen: the audit, its units and findings, as the caller reaches it. */
export async function lotAuditUnits(
  db: Executor,
  clock: Deps['clock'],
  actor: AuthUser,
  id: number,
): Promise<LotAuditUnits> {
  const row = await repo.findLotAudit(db, actor, id);
  if (!row) throw notFound();
  const units = await repo.auditUnitsOf(db, id);
  const progress = lotAuditProgress(units.map((unit) => unit.result));
  return {
    audit: summary(actor, row, progress, businessClock(clock.now()).day),
    units: units.map(presentUnit),
    findings: presentFindings(units),
  };
}

/**
 * Lot audits per unit (issue 29 item 3, decision 081): the snapshot, the checks on the phone, the self-audit the
 * lender requests and the close that turns findings into deadlines and feeds the sold-out-of-trust control.
 */
export function createLotAuditsService(
  { db, clock, storage, log }: Deps,
  files: FilesService,
  notices: FinancedUnitNoticeDeps,
) {
  return {
    async list(actor: AuthUser): Promise<LotAuditSummary[]> {
      const rows = await repo.listLotAudits(db, actor);
      const counts = await repo.unitCounts(
        db,
        rows.map((row) => row.id),
      );
      const today = businessClock(clock.now()).day;
      return rows.map((row) => summary(actor, row, counts.get(row.id) ?? { checked: 0, total: 0 }, today));
    },

    units: (actor: AuthUser, id: number) => lotAuditUnits(db, clock, actor, id),

    /**
     * A unit's photo from the phone (the file input's camera): stored and recorded as the caller's upload, then
     * referenced by the check. Only while the caller may mark the audit; anything but an image is refused (415).
     */
    async uploadPhoto(actor: AuthUser, id: number, form: ReceivedForm, requestId: string) {
      const row = await repo.findLotAudit(db, actor, id);
      if (!row) throw notFound();
      ask(actor, 'mark', row, businessClock(clock.now()).day, (await repo.unitCountsOf(db, id)).pending);
      if (!form.file) throw invalid(TEXT.photoNotImage);
      return files.withUpload(form.file, 'audits', actor.id, async (tx, stored) => {
        const file = await files.record(tx, stored);
        const data = {
          fileId: file.id,
          url: fileDownloadPath(file.id),
          fileName: file.originalName,
          fileSize: file.size,
        };
        await writeAudit(tx, {
          actor: actor.id,
          action: 'audits.photo-uploaded',
          entity: 'file',
          entityId: file.id,
          after: { ...data, auditId: id },
          requestId,
        });
        return { data };
      });
    },

    /** The report's PDF: the audit's units with their results and photos' thumbnails (read from storage). */
    async report(actor: AuthUser, id: number): Promise<{ bytes: Buffer; fileName: string }> {
      const data = await lotAuditUnits(db, clock, actor, id);
      const photos = new Map<number, ReportPhoto>();
      const photoIds = data.units.flatMap((unit) => (unit.photoFileId === null ? [] : [unit.photoFileId]));
      for (const file of await repo.filesFacts(db, photoIds)) {
        if (!file.contentType.startsWith('image/')) continue;
        // A photo whose bytes cannot be read is left out of the report (its row says "Foto adjunta" still), not a 500.
        const bytes = await storage
          .get(file.key)
          .then(readAll)
          .catch((error: unknown) => {
            log.warn({ err: error, fileId: file.id }, 'lot audits: a photo could not be read for the report');
            return null;
          });
        const photo = bytes && bytes.length <= REPORT_PHOTO_MAX_BYTES ? { contentType: file.contentType, bytes } : null;
        if (photo && (await drawablePhoto(photo))) photos.set(file.id, photo);
      }
      const now = clock.now();
      return {
        bytes: await lotAuditReportPdf(data, photos, now),
        fileName: TEXT.reportFileName(data.audit.folio, businessClock(now).day),
      };
    },

    /** A typed or scanned VIN: the unit when the audit has it; a 17-character typo → 422; else 404 in Spanish. */
    async findByVin(actor: AuthUser, id: number, raw: string): Promise<LotAuditUnit> {
      const row = await repo.findLotAudit(db, actor, id);
      if (!row) throw notFound();
      const vin = normalizeAuditVin(raw);
      const [unit] = vin === '' ? [] : await repo.auditUnitsOf(db, id, { vin });
      if (unit) return presentUnit(unit);
      const refusal = lotAuditVinRefusal(vin);
      if (refusal) throw new AppError(AppErrorCode.VIN_CHECK_DIGIT, { message: refusal });
      throw notFound(TEXT.vinNotInAudit(vin));
    },

    /** Marks one unit at the server's time; the photo must be the caller's own image, the location both or none. */
    async mark(
      actor: AuthUser,
      id: number,
      unitId: number,
      body: MarkLotAuditUnitRequest,
      requestId: string,
    ): Promise<{ data: LotAuditUnit; message: string }> {
      return transaction(db, async (tx) => {
        const row = await repo.findLotAudit(tx, actor, id, { lock: true });
        if (!row) throw notFound();
        const now = clock.now();
        ask(actor, 'mark', row, businessClock(now).day, (await repo.unitCountsOf(tx, id)).pending);
        const location = lotAuditLocationRefusal(body.latitude, body.longitude);
        if (location) throw invalid(location);
        const photoFileId = body.photoFileId ?? null;
        if (photoFileId !== null) {
          const file = await repo.fileFacts(tx, photoFileId);
          if (!file || file.uploadedBy !== actor.id) throw invalid(TEXT.photoNotYours);
          if (!file.contentType.startsWith('image/')) throw new AppError(AppErrorCode.PHOTO_NOT_IMAGE);
        }
        const check = {
          result: body.result,
          photoFileId,
          checkedAt: now,
          checkedBy: actor.id,
          latitude: body.latitude ?? null,
          longitude: body.longitude ?? null,
        };
        if (!(await repo.markUnit(tx, id, unitId, check))) throw notFound();
        const [unit] = await repo.auditUnitsOf(tx, id, { id: unitId });
        await writeAudit(tx, {
          actor: actor.id,
          action: 'audits.unit-checked',
          entity: 'audit',
          entityId: id,
          after: { auditUnitId: unitId, vin: unit!.vin, ...check, checkedAt: now.toISOString() },
          requestId,
        });
        return { data: presentUnit(unit!), message: TEXT.unitMarked(unit!.vin, lotAuditResultName(body.result)) };
      });
    },

    /** The lender asks the company to check its own units by a deadline (the snapshot is taken if it is missing). */
    async requestSelfAudit(
      actor: AuthUser,
      id: number,
      body: RequestSelfAuditRequest,
      requestId: string,
    ): Promise<{ data: LotAuditUnits; message: string }> {
      await transaction(db, async (tx) => {
        const row = await repo.findLotAudit(tx, actor, id, { lock: true });
        if (!row) throw notFound();
        const now = clock.now();
        const today = businessClock(now).day;
        ask(actor, 'requestSelfAudit', row, today, 0);
        const refusal = selfAuditDeadlineRefusal({ deadline: body.deadline, today, endDate: row.endDate });
        if (refusal) throw invalid(refusal);
        if (row.unitsSnapshotAt === null) await repo.snapshotUnits(tx, id, row.companyId, now);
        await repo.setSelfAuditDeadline(tx, id, body.deadline, now);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'audits.self-audit-requested',
          entity: 'audit',
          entityId: id,
          before: { selfAuditDeadline: row.selfAuditDeadline },
          after: { selfAuditDeadline: body.deadline },
          requestId,
        });
      });
      const data = await lotAuditUnits(db, clock, actor, id);
      return { data, message: TEXT.selfAuditRequested(data.audit.folio, body.deadline) };
    },

    /**
     * Closes the audit once every unit is marked, in one transaction: each checked unit's history gets 'audited';
     * a 'Vendida' unit still Vigente is reported sold by the system (its financed unit's machine), sold on its
     * check's day, with its 'sold' history and audit rows; the findings get their deadlines; the audit is Cerrada.
     */
    async close(
      actor: AuthUser,
      id: number,
      body: CloseLotAuditRequest,
      requestId: string,
    ): Promise<{ data: LotAuditUnits; message: string }> {
      const findings = await transaction(db, async (tx) => {
        const row = await repo.findLotAudit(tx, actor, id, { lock: true });
        if (!row) throw notFound();
        const now = clock.now();
        const today = businessClock(now).day;
        ask(actor, 'close', row, today, (await repo.unitCountsOf(tx, id)).pending);
        if (row.version !== body.version) throw staleVersion();
        const checked = await repo.lockCheckedUnits(tx, id);
        const closedDays = await tx
          .select({ date: nonWorkingDays.date })
          .from(nonWorkingDays)
          .where(gte(nonWorkingDays.date, today));
        let count = 0;
        for (const unit of checked) {
          const checkedAt = unit.checkedAt!;
          await recordEvents(tx, [
            {
              financedUnitId: unit.financedUnitId,
              kind: 'audited',
              actorId: unit.checkedBy,
              at: checkedAt,
              details: {
                auditId: id,
                folio: row.folio,
                result: unit.result,
                resultName: lotAuditResultName(unit.result),
              },
            },
          ]);
          let status = unit.status;
          let payoffDueDate = unit.payoffDueDate;
          if (unit.result === LOT_AUDIT_RESULT.SOLD && unit.status === FINANCED_UNIT_STATUS.CURRENT) {
            const verdict = askFinancedUnit(SYSTEM_ACTOR, 'reportSold', { status: unit.status });
            if (!verdict.allowed) throw refusalError(verdict);
            const checkDay = businessClock(checkedAt).day;
            const soldAt = checkDay < unit.releasedOn ? unit.releasedOn : checkDay;
            const sold = await markUnitSold(
              tx,
              notices,
              {
                id: unit.financedUnitId,
                vin: unit.vin,
                status: unit.status,
                version: unit.version,
                accountId: unit.accountId,
                companyId: unit.companyId,
              },
              {
                to: verdict.to,
                readVersion: unit.version,
                soldAt,
                reportedBy: unit.checkedBy!,
                actorId: null,
                evidenceFileId: null,
                details: { auditId: id, folio: row.folio },
                requestId,
                now,
              },
            );
            payoffDueDate = sold.payoffDueDate;
            status = verdict.to;
          }
          const kind = lotAuditFinding(unit.result, status);
          if (kind) {
            const deadline = lotAuditFindingDeadline({
              kind,
              closeDay: today,
              payoffDueDate,
              nonWorkingDays: closedDays,
            });
            await repo.setFindingDeadline(tx, unit.auditUnitId, deadline);
            count += 1;
          }
        }
        if (!(await repo.closeAudit(tx, id, body.version, actor.id, now))) throw staleVersion();
        await writeAudit(tx, {
          actor: actor.id,
          action: 'audits.closed',
          entity: 'audit',
          entityId: id,
          before: { status: row.status, version: row.version },
          after: { status: LOT_AUDIT_STATUS.CLOSED, checked: checked.length, findings: count },
          requestId,
        });
        return count;
      });
      const data = await lotAuditUnits(db, clock, actor, id);
      return { data, message: TEXT.closed(data.audit.folio, findings) };
    },
  };
}
export type LotAuditsService = ReturnType<typeof createLotAuditsService>;

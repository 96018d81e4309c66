import type { Readable } from 'node:stream';
import {
  INVOICE_REASONS,
  PROVISION_STATUS,
  SYSTEM_ACTOR,
  UNIT_VALIDATION_CHECK,
  VALIDATION_CHECK,
  awaitsOutsideVerdict,
  unitValidationCheckLabel,
  validationRunOrder,
  type UnitValidationEntry,
  type ValidationCheck,
} from '@planpiso/domain';
import type { Adapters } from '../../adapters';
import type { Db } from '../../db/client';
import type { BatchJobRunner } from '../../jobs/runner';
import type { AuthUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { StorageNotFoundError, type Storage } from '../../platform/storage/storage';
import { transaction } from '../../platform/transaction';
import { createCreditLinesService } from '../credit-lines';
import { recordValidations } from '../external';
import { askCheck } from '../external';
import type { NotificationsService } from '../notifications';
import { provisionScopeOf } from '../provisions';
import { createProvisionMover, provisionMoveRow } from '../provisions';
import { MAX_CFDI_BYTES, verifyInvoice, type InvoiceVerdict } from './cfdi';
import { PROVISION_VALIDATION, type ValidationJobPayload } from './queue';
import * as repo from './repository';

/** The three outside checks in the order a round asks them, and the unit flag each one fills. */
const CHECKS: readonly { check: ValidationCheck; column: repo.VerdictColumn }[] = [
  { check: VALIDATION_CHECK.REPUVE, column: 'validRepuve' },
  { check: VALIDATION_CHECK.TRANSUNION, column: 'validTransunion' },
  { check: VALIDATION_CHECK.AX, column: 'validAx' },
];

/** How long a provision sits in 2 before the sweep may call its round stalled. */
export const SWEEP_GRACE_MINUTES = 15;

/** A round that met an outage: the verdicts it took are kept, the job fails and pg-boss tries it again. */
export class ValidationIncompleteError extends Error {
  constructor(
    readonly provisionId: number,
    readonly pending: number,
    readonly failure: unknown,
  ) {
    super(
      `provision ${provisionId}: ${pending} check(s) could not be reached (${String((failure as Error)?.message ?? failure)})`,
    );
    this.name = 'ValidationIncompleteError';
  }
}

/** A move the machine or the version check refused: someone else (another run, the expiry) already moved it. */
const alreadyMoved = (error: unknown) =>
  error instanceof AppError && (error.code === 'STALE_VERSION' || error.code === 'INVALID_STATUS');

async function readAll(stream: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limit) {
      stream.destroy();
      return null;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export type ProvisionValidationDeps = {
  db: Db;
  adapters: Adapters;
  clock: Clock;
  storage: Storage;
  notifications: NotificationsService;
  log: Logger;
};

/**
 * The validation of a provision's units (issue 17 "Validation of units", decision 035) and its expiry. A round
 * starts when the provision reaches 2 (queue.ts, in the sending transaction); the job (`validate`) takes every
 * missing verdict — the invoice from the unit's XML evidence, REPUVE, TransUnion and AX — each call outside any
 * transaction, each verdict written with its history row in a short transaction of its own, and moves the
 * provision to 3 once every included unit has its verdicts. An unreachable system is no verdict: the job fails
 * after taking what it could and pg-boss retries it; a retry asks only what is still missing.
 */
export function createProvisionValidation(deps: ProvisionValidationDeps) {
  const { db, adapters, clock, storage, notifications, log } = deps;
  const mover = createProvisionMover({ notifications, clock });
  const creditLines = createCreditLinesService(deps);

  /** The unit's invoice verdict from its XML evidences: the first that backs the unit, else the first's reason. */
  async function invoiceVerdict(unit: { id: number; vin: string; amount: string }): Promise<InvoiceVerdict | null> {
    const xmls = await repo.xmlEvidencesOf(db, unit.id);
    let first: InvoiceVerdict | null = null;
    for (const xml of xmls) {
      let bytes: Buffer | null = null;
      try {
        bytes = xml.size > MAX_CFDI_BYTES ? null : await readAll(await storage.get(xml.key), MAX_CFDI_BYTES);
      } catch (error) {
        // A file gone from storage will not come back: that evidence is no invoice. Anything else is an outage.
        if (error instanceof StorageNotFoundError) continue;
        throw error;
      }
      const verdict = bytes
        ? verifyInvoice(bytes, unit)
        : { valid: false, invoiceDate: null, reason: INVOICE_REASONS.unreadable };
      if (verdict.valid) return verdict;
      first ??= verdict;
    }
    return first;
  }

  /** Moves the provision 2 → 3 when every included unit has its three verdicts; true when it is (now or already) past 2. */
  async function completeIfValidated(provisionId: number): Promise<boolean> {
    return transaction(db, async (tx) => {
      const row = await repo.lockProvisionForMove(tx, provisionId);
      if (!row || row.isArchived || row.status !== PROVISION_STATUS.SENT_TO_VALIDATE) return true;
      const units = await repo.unitsToValidate(tx, provisionId);
      if (units.some((u) => u.validRepuve === null || u.validTransunion === null || u.validAx === null)) return false;
      try {
        await mover.move(tx, {
          action: 'validationComplete',
          actor: SYSTEM_ACTOR,
          row: moveRow(row),
          unitCount: units.length,
          details: {
            units: units.map((u) => ({
              id: u.id,
              vin: u.vin,
              validInvoice: u.validInvoice,
              validRepuve: u.validRepuve,
              validTransunion: u.validTransunion,
              validAx: u.validAx,
            })),
          },
        });
      } catch (error) {
        if (alreadyMoved(error)) return true;
        throw error;
      }
      return true;
    });
  }

  // The locked row carries the names too.
  const moveRow = (row: NonNullable<Awaited<ReturnType<typeof repo.lockProvisionForMove>>>) =>
    provisionMoveRow(row, row);

  return {
    /**
     * One run of the round (the job's handler); safe to run again, and twice at once. A run takes the units still
     * missing an outside verdict, in order, until `budgetMs` has passed (decision 070: each run ends well inside the
     * job queue's expiry, so the queue never fails and re-runs a long round while it is still working), and answers
     * 'again' when some remain: the runner queues the next run. Units with only their invoice missing are read
     * again while the budget lasts (an evidence added meanwhile counts), never kept waiting for.
     */
    async validate(
      { provisionId }: ValidationJobPayload,
      { budgetMs = Number.POSITIVE_INFINITY }: { budgetMs?: number } = {},
    ): Promise<'again' | undefined> {
      const provision = await repo.provisionStatus(db, provisionId);
      if (!provision || provision.isArchived || provision.status !== PROVISION_STATUS.SENT_TO_VALIDATE) return;
      const deadline = performance.now() + budgetMs;
      const units = validationRunOrder(await repo.unitsToValidate(db, provisionId));
      let pending = 0;
      let lastFailure: unknown;
      let taken = 0;
      for (const unit of units) {
        // At least one unit per run, so a round always advances.
        if (taken > 0 && performance.now() >= deadline) break;
        taken += 1;
        if (unit.validInvoice === null) {
          // Local (the storage), so read on every run while the unit has no XML: an evidence added meanwhile counts.
          let verdict: InvoiceVerdict | null = null;
          try {
            verdict = await invoiceVerdict(unit);
          } catch (error) {
            pending += 1;
            lastFailure = error;
          }
          if (verdict) {
            await transaction(db, async (tx) => {
              if (!(await repo.setInvoiceVerdict(tx, unit.id, verdict))) return;
              await recordValidations(
                tx,
                [{ vin: unit.vin, check: UNIT_VALIDATION_CHECK.INVOICE, valid: verdict.valid, reason: verdict.reason }],
                null,
                unit.id,
              );
            });
          }
        }
        for (const { check, column } of CHECKS) {
          if (unit[column] !== null) continue;
          let result;
          try {
            result = await askCheck(adapters, check, unit.vin);
          } catch (error) {
            // Unreachable: no pass, no fail — this check stays open for the retry.
            pending += 1;
            lastFailure = error;
            continue;
          }
          await transaction(db, async (tx) => {
            if (!(await repo.setVerdict(tx, unit.id, column, result.valid))) return;
            await recordValidations(
              tx,
              [{ vin: unit.vin, check, valid: result.valid, reason: result.reason }],
              null,
              unit.id,
            );
          });
        }
      }
      if (pending > 0) throw new ValidationIncompleteError(provisionId, pending, lastFailure);
      if (units.slice(taken).some(awaitsOutsideVerdict)) return 'again';
      await completeIfValidated(provisionId);
    },

    /**
     * Provisions in 2 for at least SWEEP_GRACE_MINUTES whose job ended for good (its retries spent) or was lost:
     * queued again. The grace leaves alone a provision whose round is still being queued or just finished.
     */
    async sweep(runner: Pick<BatchJobRunner, 'sendMany'>): Promise<number> {
      const since = new Date(clock.now().getTime() - SWEEP_GRACE_MINUTES * 60 * 1000);
      const ids = await repo.provisionsAwaitingValidation(db, since);
      // One statement for the whole backlog, not one per provision.
      await runner.sendMany(
        db,
        PROVISION_VALIDATION,
        ids.map((provisionId) => ({ payload: { provisionId } })),
      );
      return ids.length;
    },

    /**
     * Cancels (11, 'expire') every provision in statuses 1–6 created more than provision_days days ago, each under
     * its credit line's lock like every other balance change: status 11 reserves nothing, so the line's balance is
     * freed by the same move, and the mover tells the dealer. 0 days (or no configuration) expires nothing.
     */
    async expire(): Promise<number> {
      const days = await repo.provisionDays(db);
      if (!days || days <= 0) return 0;
      const cutoff = new Date(clock.now().getTime() - days * 24 * 60 * 60 * 1000);
      let expired = 0;
      for (const candidate of await repo.expiredProvisions(db, cutoff)) {
        try {
          const moved = await creditLines.withLockedCreditLine(db, candidate.creditLine, async (tx) => {
            const row = await repo.lockProvisionForMove(tx, candidate.id);
            if (!row || row.isArchived || !repo.EXPIRING_STATUSES.includes(row.status as never)) return false;
            if (row.createdAt >= cutoff) return false;
            try {
              await mover.move(tx, {
                action: 'expire',
                actor: SYSTEM_ACTOR,
                row: moveRow(row),
                unitCount: 0,
                details: { provisionDays: days, createdAt: row.createdAt.toISOString() },
              });
            } catch (error) {
              if (alreadyMoved(error)) return false;
              throw error;
            }
            return true;
          });
          if (moved) expired += 1;
        } catch (error) {
          // One provision that cannot move now (its line busy or gone) does not keep the others from expiring.
          log.warn({ provisionId: candidate.id, err: { message: (error as Error).message } }, 'expiry: skipped');
        }
      }
      return expired;
    },

    /** GET /api/units/{id}/validations: the unit's history, for a caller whose scope reaches its provision. */
    async history(actor: AuthUser, unitId: number): Promise<UnitValidationEntry[]> {
      if (!(await repo.findUnitInScope(db, provisionScopeOf(actor), unitId))) throw notFound();
      const rows = await repo.validationsOf(db, unitId);
      return rows.map((row) => ({
        check: row.check,
        label: unitValidationCheckLabel(row.check),
        valid: row.valid,
        reason: row.reason,
        at: row.at.toISOString(),
      }));
    },
  };
}

export type ProvisionValidation = ReturnType<typeof createProvisionValidation>;

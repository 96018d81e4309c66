import { sql } from 'drizzle-orm';
import {
  CREDIT_FAILURES_DEFAULT_SORT,
  CREDIT_FAILURE_MACHINE,
  Money,
  businessClock,
  lineTypeLabel,
  type CreditFailureListQuery,
  type CreditFailureResponse,
  type InsertionStatus,
  CONFIGURATION_MESSAGES,
  shownFolio,
  type CrmUnitInsertion,
} from '@planpiso/domain';
import { CrmRejectedError, ExternalServiceError, isOutage } from '../../adapters/errors';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { orderBy, pageWindow, type Page } from '../../platform/listing';
import { applyTransition, checkTransition, staleVersion, type StateTarget } from '../../platform/state-transition';
import { transaction } from '../../platform/transaction';
import { crmInsertions } from '../../db/schema/financing';
import { createCreditLinesService } from '../credit-lines';
import { registerInsertedUnit } from '../financed-units';
import * as repo from './repository';

export type CreditFailuresService = ReturnType<typeof createCreditFailuresService>;
type Outcome = { id: number; status: InsertionStatus; creditNumber: string | null; version: number };
export type Attempt =
  | { outcome: 'inserted'; creditNumber: string }
  | { outcome: 'failed'; error: AppError }
  /** The CRM could not be reached for a queued unit: it stays queued, its attempt and error recorded (decision 072). */
  | { outcome: 'waiting'; error: ExternalServiceError }
  | { outcome: 'skipped' };

const INSERTION_TARGET: StateTarget<InsertionStatus> = {
  table: crmInsertions,
  status: crmInsertions.status,
  encode: (status) => status,
};

function presentFailure(
  row: Awaited<ReturnType<typeof repo.listCreditFailures>>['rows'][number],
): CreditFailureResponse {
  return {
    id: row.id,
    folio: row.folio,
    manualFolio: row.manualFolio,
    useManualFolio: row.useManualFolio,
    legalName: row.legalName,
    type: lineTypeLabel(Number(row.typeLine)),
    creditLine: row.creditLine,
    vinNumer: row.vin,
    lastDate: row.lastDate ?? '',
    attempts: row.attempts,
    lastError: row.lastError,
    status: row.status,
    version: row.version,
  };
}

/**
 * The CRM insertion of units (ARCHITECTURE §6: a unit that fails to reach the CRM lands in credit failures, never
 * disappears) and the credit-failure actions of spec 2 §4: Reintentar queues it for the next cycle, Insertar tries
 * now, Remover archives it. The insertion cycle job (jobs/crm-insertion.ts) uses `attempt` too.
 */
export function createCreditFailuresService(deps: Pick<AppDeps, 'db' | 'adapters' | 'clock'>) {
  const { db, adapters, clock } = deps;
  const creditLines = createCreditLinesService(deps);
  /** The InsertarUnidad request of a queued or failed attempt. */
  function crmRequest(row: repo.Insertion): CrmUnitInsertion {
    return {
      numeroCliente: row.clientNumber ?? '',
      lineaCredito: row.creditLine,
      folio: shownFolio(row),
      vin: row.vin,
      motor: row.motor,
      marca: row.brand,
      modelo: row.model,
      descripcion: row.description,
      colorExterior: row.color,
      colorInterior: row.insideColor,
      // The CRM's contract carries a JSON number; the numeric column's exact 2-decimal value prints back the same.
      monto: Money.of(row.amount).toNumber(),
      plazo: row.deadlines ?? 1,
      // 'Inicio de la disposición' chosen when sent to the CRM; today (Mexico City) when none was.
      fechaInicio: row.approvedDate ?? businessClock(clock.now()).day,
    };
  }

  /**
   * One attempt at inserting `id`, if it is still in status `from` (and at `version`, when a user's screen names
   * one). The CRM's idempotency key makes a repeated attempt (a worker killed halfway, two clicks) insert once. A
   * refusal leaves a 'failed' row, and so does an outage met by a person's Insertar; an outage met by the insertion
   * job (`from` 'queued') leaves the unit queued with the attempt and its error recorded, and answers 'waiting': the
   * job fails and is tried again until the CRM is back (decision 072).
   */
  async function attempt(
    id: number,
    from: 'queued' | 'failed',
    actor: number | null,
    version?: number,
  ): Promise<Attempt> {
    const row = await repo.findInsertion(db, id);
    if (!row || row.status !== from || (version !== undefined && row.version !== version))
      return { outcome: 'skipped' };
    let result: Attempt;
    try {
      const inserted = await adapters.crm.insertUnit(crmRequest(row), row.idempotencyKey);
      // The CRM's remaining amount now has the unit; its hold on the line stops with the move below. The line is
      // read again first, so the cached remaining amount already has the credit when the hold stops (between the
      // two the amount counts twice, never an overdraw: the release reconciliation's order, decision 055). A line
      // that cannot be read leaves the unit where it was; the next attempt inserts it once (its idempotency key).
      await creditLines.refreshFromCrm(row.creditLine);
      result = { outcome: 'inserted', creditNumber: inserted.noCredito };
    } catch (error) {
      if (!(error instanceof CrmRejectedError || error instanceof ExternalServiceError)) throw error;
      result = from === 'queued' && isOutage(error) ? { outcome: 'waiting', error } : { outcome: 'failed', error };
    }
    const attempted = clock.now();
    await transaction(db, async (tx) => {
      const moved =
        result.outcome === 'inserted'
          ? await repo.moveInsertion(tx, id, from, 'inserted', {
              attempted,
              creditNumber: result.creditNumber,
              lastError: '',
              version: row.version,
            })
          : await repo.moveInsertion(tx, id, from, result.outcome === 'waiting' ? from : 'failed', {
              attempted,
              lastError: failureText(result),
              version: row.version,
            });
      // Still queued: no change of state, no audit row (the job's failure is in the log).
      if (!moved || result.outcome === 'waiting') return;
      // The CRM has the unit: it enters the financed-units register with its credit number (issue 29).
      if (result.outcome === 'inserted') await registerInsertedUnit(tx, id, attempted, actor);
      await writeAudit(tx, {
        actor,
        action: result.outcome === 'inserted' ? 'crm-insertion.inserted' : 'crm-insertion.failed',
        entity: 'crm-insertion',
        entityId: id,
        before: { status: from },
        after:
          result.outcome === 'inserted'
            ? { status: 'inserted', creditNumber: result.creditNumber }
            : { status: 'failed' },
      });
    });
    return result;
  }

  /** Reintentar or Remover along the credit-failure machine, from the version the screen read. */
  async function move(
    actor: AuthUser,
    id: number,
    action: 'retry' | 'archive',
    version: number,
    requestId: string,
  ): Promise<Outcome> {
    return transaction(db, async (tx) => {
      const before = await repo.insertionState(tx, id);
      if (!before) throw notFound();
      const moved = await applyTransition(tx, {
        target: INSERTION_TARGET,
        machine: CREDIT_FAILURE_MACHINE,
        action,
        actor,
        entity: before,
        expectedVersion: version,
        set: { updatedAt: sql`now()` },
      });
      await writeAudit(tx, {
        actor: actor.id,
        action: action === 'retry' ? 'credit-failure.retried' : 'credit-failure.archived',
        entity: 'crm-insertion',
        entityId: id,
        before: { status: before.status },
        after: { status: moved.to },
        requestId,
      });
      return { id, status: moved.to, creditNumber: null, version: moved.version };
    });
  }

  return {
    attempt,
    queuedIds: () => repo.queuedInsertionIds(db),

    async list(query: CreditFailureListQuery): Promise<Page<CreditFailureResponse>> {
      const { rows, ...counted } = await repo.listCreditFailures(
        db,
        query,
        pageWindow(query),
        orderBy(query.sort, CREDIT_FAILURES_DEFAULT_SORT, repo.creditFailureSortFields, repo.creditFailureColumns.id),
      );
      return { items: rows.map(presentFailure), ...counted };
    },

    async retry(actor: AuthUser, id: number, version: number, requestId: string) {
      return {
        data: await move(actor, id, 'retry', version, requestId),
        message: CONFIGURATION_MESSAGES.creditFailureQueued,
      };
    },

    async archive(actor: AuthUser, id: number, version: number, requestId: string) {
      return {
        data: await move(actor, id, 'archive', version, requestId),
        message: CONFIGURATION_MESSAGES.creditFailureArchived,
      };
    },

    /**
     * Insertar: into the CRM now; a refusal or an outage answers with its error, the row updated. The machine is
     * asked before the CRM is called; the move after it is conditional on the same version, so a second click (or
     * the screen of someone who acted first) gets 409 STALE_VERSION and the CRM inserts once.
     */
    async insertNow(actor: AuthUser, id: number, version: number) {
      const state = await repo.insertionState(db, id);
      if (!state) throw notFound();
      checkTransition(CREDIT_FAILURE_MACHINE, actor, 'insert', state, version);
      const result = await attempt(id, 'failed', actor.id, version);
      if (result.outcome === 'failed' || result.outcome === 'waiting') throw result.error;
      if (result.outcome === 'skipped') throw staleVersion();
      return {
        data: { id, status: 'inserted' as const, creditNumber: result.creditNumber, version: version + 1 },
        message: CONFIGURATION_MESSAGES.creditFailureInserted,
      };
    },
  };
}

/** What the credit-failures screen shows of a failure: the CRM's own words, or which system failed and how. */
function failureText(result: Extract<Attempt, { outcome: 'failed' | 'waiting' }>): string {
  const error = result.error;
  if (error instanceof CrmRejectedError) return error.crmMessage;
  if (error instanceof ExternalServiceError) return `${error.message}: ${error.detail}`;
  return error.message;
}

import { CONFIGURATION_MESSAGES } from '../messages-configuration';
import { defineMachine } from '../state-machine';

/**
 * A unit's way into the CRM (ARCHITECTURE §6): queued for a cycle, inserted, failed (a credit failure), archived; or
 * released by Liberar (decision 055) — financed outside the insertion cycle, which never takes it, until the CRM
 * lists a credit for its VIN (the release reconciliation then marks it inserted).
 */
export type InsertionStatus = (typeof INSERTION_STATUSES)[number];
export const INSERTION_STATUSES = ['queued', 'inserted', 'failed', 'archived', 'released'] as const;
/** Reintentar, Insertar and Remover (spec 2 §4). */
export type CreditFailureAction = 'retry' | 'insert' | 'archive';

/** The row, and for Insertar whether the CRM refused it (the outcome decides where it lands). */
export type CreditFailureEntity = { status: InsertionStatus; crmRefused?: boolean };

/**
 * The credit-failure actions (spec 2 §4, §7; the super user's screen, spec 1 §6): only a failed insertion is a credit
 * failure. The insertion cycle's own moves (queued → inserted or failed) are the system's, not a user's action.
 */
export const CREDIT_FAILURE_MACHINE = defineMachine<InsertionStatus, CreditFailureAction, CreditFailureEntity>({
  name: 'credit-failure',
  statuses: INSERTION_STATUSES,
  statusOf: (entity) => entity.status,
  wrongStatus: CONFIGURATION_MESSAGES.creditFailureNotFailed,
  transitions: [
    { action: 'retry', from: ['failed'], to: 'queued', who: [1] },
    { action: 'insert', from: ['failed'], to: (entity) => (entity.crmRefused ? 'failed' : 'inserted'), who: [1] },
    { action: 'archive', from: ['failed'], to: 'archived', who: [1] },
  ],
});

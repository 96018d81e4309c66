import type { Tx } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import type { CreditLinesService } from '../credit-lines';

/** The closing moves every financing operation shares (spec 3 §4, §6): Liberar, Enviar a CRM, Actualizar folio. */
export type ClosingAction = 'release' | 'sendToCrm' | 'updateFolio';

/** One closing move as the operation's own mover takes it. */
export type ClosingMove = {
  action: ClosingAction;
  actor: AuthUser;
  expectedVersion: number;
  /** Columns the same UPDATE writes (the approved date, the manual folio). */
  set?: { approvedDate?: string; useManualFolio?: boolean; manualFolio?: string };
  details?: Record<string, unknown>;
  /** The folio the notices name, when the move changes it (Actualizar folio). */
  folio?: string;
  requestId: string;
};

/**
 * What tells one financing operation from another when it closes (issue 28): how it is admitted (who, scope and its
 * own conditions), how its mover moves it, which CRM insertions its units become, and the detail it answers. The
 * closing use cases of this folder take it; provisions and refinancings each declare theirs.
 */
export type ClosingKind<Found, Detail> = {
  /** Which operation it is: its released units enter the financed-units register by it (issue 29). */
  owner: 'provision' | 'refinancing';
  /** The machine's `who` (403 before anything is read), the caller's scope (404), then the operation's own checks. */
  admit(actor: AuthUser, id: number, action: ClosingAction): Promise<Found>;
  /** The credit line the operation holds (Liberar and Enviar a CRM run under its lock). */
  creditLineOf(found: Found): string;
  /** The move through the operation's mover (its row locked, status and version checked, notices, audit row). */
  move(tx: Tx, found: Found, id: number, move: ClosingMove): Promise<unknown>;
  /** What Liberar or Enviar a CRM does to the units: queued ('queued') or held ('released') CRM insertions. */
  afterClose(tx: Tx, id: number, action: 'release' | 'sendToCrm', now: Date): Promise<void>;
  /** The refreshed detail the action answers. */
  detail(tx: Tx, actor: AuthUser, found: Found, id: number): Promise<Detail>;
};

export type ClosingDeps = Pick<AppDeps, 'db' | 'clock'> & { creditLines: CreditLinesService };

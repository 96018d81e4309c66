import { businessClock, type FinancedUnitDetail } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import { provisionScopeOf } from '../provisions';
import { presentDetail } from './presenter';
import * as repo from './repository';

/** GET /api/financed-units/:id: one unit the caller's scope reaches (404 otherwise), with its whole history. */
export async function financedUnitDetail(
  db: Executor,
  clock: Clock,
  actor: AuthUser,
  id: number,
): Promise<FinancedUnitDetail> {
  const row = await repo.findFinancedUnit(db, provisionScopeOf(actor), id);
  if (!row) throw notFound();
  return presentDetail(row, await repo.historyOf(db, id), businessClock(clock.now()).day);
}

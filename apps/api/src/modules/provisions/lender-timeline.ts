import type { ProvisionTimelineEntry, ProvisionTimelinePageQuery } from '@planpiso/domain';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import * as lenderRepo from './lender-repository';
import { provisionScopeOf } from './policy';
import * as repo from './repository';

/** Check codes of unit_validations (spec 3 §3: 1 REPUVE, 2 TransUnion, 3 AX) as the timeline names them. */
const CHECK_NAMES: Record<number, string> = { 1: 'REPUVE', 2: 'TransUnion', 3: 'AX', 4: 'Factura' };

/**
 * The provision's history (issue 17 "Timeline"): its audit rows (creation, edits and every move of the machine,
 * with who, the statuses and what the user wrote) merged with its units' validation results, oldest first.
 */
export async function provisionTimeline(db: Db, actor: AuthUser, id: number): Promise<ProvisionTimelineEntry[]> {
  const found = await repo.findProvision(db, provisionScopeOf(actor), id);
  if (!found) throw notFound();
  const [audits, validations] = await Promise.all([
    lenderRepo.provisionAudit(db, id),
    lenderRepo.provisionValidations(db, id),
  ]);
  const person = (row: { actorId: number | null; actorName: string | null; actorEmail: string | null }) =>
    row.actorId === null ? null : { id: row.actorId, name: row.actorName ?? row.actorEmail ?? '' };
  const entries: (ProvisionTimelineEntry & { sortKey: number })[] = [];
  for (const row of audits) {
    const before = (row.before ?? {}) as Record<string, unknown>;
    const after = (row.after ?? {}) as Record<string, unknown>;
    const status = (value: unknown) => (typeof value === 'number' ? value : null);
    const details: NonNullable<ProvisionTimelineEntry['details']> = {};
    if (typeof after.manualFolio === 'string') details.manualFolio = after.manualFolio;
    if (typeof after.approvedDate === 'string') details.approvedDate = after.approvedDate;
    if (typeof after.excludedUnits === 'number') details.excludedUnits = after.excludedUnits;
    entries.push({
      at: row.at.toISOString(),
      actor: person(row),
      action: timelineAction(row.action),
      fromStatus: status(before.status),
      toStatus: status(after.status),
      ...(typeof after.comment === 'string' && { comment: after.comment }),
      ...(Object.keys(details).length > 0 && { details }),
      sortKey: row.at.getTime(),
    });
  }
  for (const row of validations) {
    entries.push({
      at: row.at.toISOString(),
      actor: person(row),
      action: 'validation',
      fromStatus: null,
      toStatus: null,
      details: {
        check: CHECK_NAMES[row.check] ?? String(row.check),
        vinNumber: row.vin,
        valid: row.valid,
        reason: row.reason || null,
      },
      sortKey: row.at.getTime(),
    });
  }
  // A stable sort: at equal times the audit rows (read first) stay before the validations.
  return entries.sort((x, y) => x.sortKey - y.sortKey).map(({ sortKey: _, ...entry }) => entry);
}

/**
 * GET /api/provisions/{id}/timeline/page (issue 31): one page of the history and its size. The history is merged
 * from two tables in memory, then cut: what goes over the wire is the page (the follow-up page had 3.1 MB).
 */
export async function provisionTimelinePage(
  db: Db,
  actor: AuthUser,
  id: number,
  { page, pageSize }: ProvisionTimelinePageQuery,
): Promise<{ items: ProvisionTimelineEntry[]; total: number }> {
  const entries = await provisionTimeline(db, actor, id);
  const start = (page - 1) * pageSize;
  return { items: entries.slice(start, start + pageSize), total: entries.length };
}

/** 'provisions.confirm' → 'confirm'; the dealer's saves by the machine's names ('create', 'createAndSend', 'edit'). */
function timelineAction(action: string): string {
  const name = action.replace(/^provisions\./, '');
  if (name === 'created') return 'create';
  if (name === 'created-and-sent') return 'createAndSend';
  if (name === 'updated') return 'edit';
  return name;
}

import {
  Money,
  PROVISION_MACHINE,
  availableBalance,
  provisionUpdated,
  reservesBalance,
  type UpdateProvisionRequest,
} from '@planpiso/domain';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import { assertCan } from '../../platform/can';
import { notFound } from '../../platform/errors';
import { checkTransition } from '../../platform/state-transition';
import { reserve, type LockedCreditLine } from '../credit-lines';
import { assertOperatingWindow } from '../provision-settings';
import { evidenceRows } from './create-provision';
import { provisionScopeOf } from './policy';
import { provisionDetail } from './provision-detail';
import * as repo from './repository';
import {
  assertDistinctVins,
  assertVinsFree,
  checkedLine,
  claimFiles,
  saveContext,
  unitValues,
  vinKey,
  type ProvisionsDeps,
} from './save-provision';

/** The line as it would stand without `row`'s own reservation (an edit re-reserves its new total). */
function withoutOwn(locked: LockedCreditLine, row: repo.ProvisionRow): LockedCreditLine {
  if (row.creditLine !== locked.crmLineId || !reservesBalance(row.status)) return locked;
  const reserved = locked.reserved.sub(Money.of(row.total));
  return { ...locked, reserved, available: availableBalance(locked.montoRestante, reserved) };
}

/** Edits a provision at 1 (spec 3 §5): its units matched by VIN, the reservation made again for the new total. */
export async function updateProvision(
  deps: ProvisionsDeps,
  actor: AuthUser,
  id: number,
  body: UpdateProvisionRequest,
  requestId: string,
) {
  const { db, clock, creditLines } = deps;
  // `can` without the row first: only the dealer operator edits (403 before anything is read).
  assertCan(actor, 'provision.edit');
  // Scope first: someone else's provision is not found at any hour (ARCHITECTURE §6).
  const scope = provisionScopeOf(actor);
  if (!(await repo.findProvision(db, scope, id))) throw notFound();
  await assertOperatingWindow(db, clock.now());
  const context = await saveContext(db, actor, body.companyId, body.agencyId, body.legalId);
  assertDistinctVins(body.units);
  const line = await checkedLine(creditLines, body.creditLine, body.deadlines, context);

  return creditLines.withLockedCreditLine(db, line.crmLineId, async (tx, locked) => {
    const row = await repo.lockProvision(tx, scope, id);
    if (!row) throw notFound();
    checkTransition(
      PROVISION_MACHINE,
      actor,
      'edit',
      { status: row.status, unitCount: body.units.length, version: row.version },
      body.version,
    );
    await assertVinsFree(tx, body.units, id);
    reserve(withoutOwn(locked, row), Money.of(body.total));

    // Spec 3 §5: a unit whose VIN matches one of the provision's keeps that unit (its id and evidences).
    const existing = await repo.unitsOf(tx, id);
    const byVin = new Map(existing.map((u) => [vinKey(u.vinNumber), u]));
    const byId = new Map(existing.map((u) => [u.id, u]));
    const evidences = await repo.evidencesOf(tx, id);
    const ours = new Set(evidences.map((e) => e.file.id));
    const unitFiles = body.units.flatMap((u) => (u.evidences ?? []).map((e) => e.fileId));
    await claimFiles(tx, actor, [...body.evidences.map((e) => e.fileId), ...unitFiles], ours);

    const now = clock.now();
    const kept = new Set<number>();
    const plan = body.units.map((unit) => {
      const match = byVin.get(vinKey(unit.vinNumber)) ?? (unit.id === undefined ? undefined : byId.get(unit.id));
      if (!match || kept.has(match.id)) return { unit, keep: null };
      kept.add(match.id);
      return { unit, keep: match.id };
    });
    await repo.updateUnits(
      tx,
      plan.flatMap(({ unit, keep }) => (keep === null ? [] : [{ id: keep, values: unitValues(unit) }])),
    );
    const inserted = await repo.insertUnits(
      tx,
      plan.filter((p) => p.keep === null).map((p) => ({ ...unitValues(p.unit), provisionId: id, createdAt: now })),
    );
    // VINs are distinct within a save (assertDistinctVins), so a new unit is found by its VIN.
    const insertedIds = new Map(inserted.map((r) => [r.vinNumber, r.id]));
    const unitIds = plan.map((p) => p.keep ?? insertedIds.get(vinKey(p.unit.vinNumber))!);
    await repo.deleteUnits(
      tx,
      existing.filter((u) => !kept.has(u.id)).map((u) => u.id),
    );

    // The attachment is replaced by what the body lists; a kept unit keeps its evidences and gains new ones.
    const listed = new Set(body.evidences.map((e) => e.fileId));
    const ownEvidences = evidences.filter((e) => e.evidence.provisionId === id);
    await repo.deleteEvidences(
      tx,
      ownEvidences.filter((e) => !listed.has(e.file.id)).map((e) => e.evidence.id),
    );
    const attached = new Set(ownEvidences.map((e) => e.file.id));
    const unitHas = new Set(evidences.filter((e) => e.evidence.unitId !== null).map((e) => e.file.id));
    await repo.insertEvidences(
      tx,
      evidenceRows(body, id, unitIds, now, {
        attachment: (fileId) => !attached.has(fileId),
        unit: (fileId) => !unitHas.has(fileId),
      }),
    );

    const saved = await repo.updateProvision(tx, id, {
      agencyId: body.agencyId,
      legalId: body.legalId,
      creditLine: locked.crmLineId,
      typeLine: locked.typeLine,
      deadlines: body.deadlines,
      description: body.description ?? '',
      includeAll: body.includeAll,
      total: body.total,
      updatedAt: now,
    });
    const data = await provisionDetail(tx, scope, id);
    await writeAudit(tx, {
      actor: actor.id,
      action: 'provisions.updated',
      entity: 'provision',
      entityId: id,
      before: { creditLine: row.creditLine, total: row.total, units: existing.length, version: row.version },
      after: { creditLine: saved.creditLine, total: saved.total, units: unitIds.length, version: saved.version },
      requestId,
    });
    return { data, message: provisionUpdated(data.folio) };
  });
}

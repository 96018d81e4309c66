import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REFINANCING_MESSAGES, REFINANCING_NOTICE_TEXT, type StateActor, type UserType } from '@planpiso/domain';
import { auditLog } from '../src/db/schema/audit';
import { notifications } from '../src/db/schema/notifications';
import { refinancingUnits, refinancings } from '../src/db/schema/refinancings';
import { createNotificationsService } from '../src/modules/notifications/service';
import { createRefinancingMover, type RefinancingMove } from '../src/modules/refinancings/transitions';
import { transaction } from '../src/platform/transaction';
import { addUnitEvidence, createRefinancing } from './refinancing-fixtures';
import { financingApp, groupAdmins } from './support/financing-app';

/**
 * The refinancing mover (issue 19, decision 046): one move = the machine's verdict on the locked row (its unit
 * counts read from the evidences and the units' review), the version check, the notifications and the audit row
 * `refinancings.<action>`, all in the caller's transaction.
 */
const LINE = 'LC-10004-01';

const { t, seeded, groups } = await financingApp('refinancing_mover', { clients: ['10004'] });
const [a] = groups;
const [{ id: adminId }] = await groupAdmins(t.app, seeded.db, [a]);
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const mover = createRefinancingMover({
  notifications: createNotificationsService({ db: seeded.db, clock: t.clock, log }, { toUser: () => undefined }),
  clock: t.clock,
});

const actor = (id: number, type: UserType): StateActor => ({ id, type });
const move = (m: RefinancingMove) => transaction(seeded.db, (tx) => mover.move(tx, m));
const refused = async (m: RefinancingMove) => {
  try {
    await move(m);
  } catch (error) {
    return error as { statusCode: number; message: string };
  }
  throw new Error('the move was not refused');
};
const rowOf = async (id: number) => (await seeded.db.select().from(refinancings).where(eq(refinancings.id, id)))[0]!;

describe('createRefinancingMover().move', () => {
  it('Evidencia completa: refused without evidence, stale or by a foreign type; then 1 → 3 with notice and audit', async () => {
    const r = await createRefinancing(t.app, seeded.db, a, LINE, [{ amount: '1000.00' }, { amount: '2000.00' }]);
    const dealer = actor(a.dealer.id, 5);
    const base = { refinancingId: r.id, action: 'evidenceComplete' as const, actor: dealer, expectedVersion: 1 };

    await addUnitEvidence(seeded.db, r.unitIds[0]!, a.dealer.id);
    const missing = await refused(base);
    expect(missing).toMatchObject({ statusCode: 422, message: REFINANCING_MESSAGES.evidenceIncomplete });
    await addUnitEvidence(seeded.db, r.unitIds[1]!, a.dealer.id);

    expect(await refused({ ...base, actor: actor(a.legal.id, 4) })).toMatchObject({ statusCode: 403 });
    expect(await refused({ ...base, expectedVersion: 7 })).toMatchObject({ statusCode: 409 });
    expect(await refused({ ...base, action: 'release' })).toMatchObject({ statusCode: 403 });

    const moved = await move(base);
    expect(moved).toMatchObject({ from: 1, to: 3, version: 2 });
    expect(await rowOf(r.id)).toMatchObject({ status: 3, version: 2, adminValidated: false });
    const [audit] = await seeded.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'refinancings.evidenceComplete'), eq(auditLog.entityId, String(r.id))));
    expect(audit).toMatchObject({ actorId: a.dealer.id, entity: 'refinancing', before: { status: 1, version: 1 } });
    expect(audit!.after).toMatchObject({
      status: 3,
      version: 2,
      notified: [a.operator.id, adminId].sort((x, y) => x - y),
    });
    const told = await seeded.db.select().from(notifications).where(eq(notifications.userId, a.operator.id));
    expect(told.map((n) => n.message)).toContain(REFINANCING_NOTICE_TEXT.sentToValidation(r.folio, a.company.name));

    // A second move from the same version the screen showed: stale.
    expect(await refused(base)).toMatchObject({ statusCode: 409 });
  });

  it('Confirmar: a unit said No sends it to 2; all Sí keeps 3 and marks it validated', async () => {
    const r = await createRefinancing(t.app, seeded.db, a, LINE, [{ amount: '1000.00' }]);
    await seeded.db.update(refinancings).set({ status: 3, version: 5 }).where(eq(refinancings.id, r.id));
    const admin = actor(adminId, 2);
    const unreviewed = await refused({ refinancingId: r.id, action: 'confirm', actor: admin, expectedVersion: 5 });
    expect(unreviewed).toMatchObject({ statusCode: 422, message: REFINANCING_MESSAGES.unitsNotReviewed });

    await seeded.db.update(refinancingUnits).set({ status: 2 }).where(eq(refinancingUnits.refinancingId, r.id));
    expect(await move({ refinancingId: r.id, action: 'confirm', actor: admin, expectedVersion: 5 })).toMatchObject({
      to: 2,
    });
    expect(await rowOf(r.id)).toMatchObject({ status: 2, adminValidated: false });

    await seeded.db.update(refinancings).set({ status: 3 }).where(eq(refinancings.id, r.id));
    await seeded.db.update(refinancingUnits).set({ status: 1 }).where(eq(refinancingUnits.refinancingId, r.id));
    expect(await move({ refinancingId: r.id, action: 'confirm', actor: admin, expectedVersion: 6 })).toMatchObject({
      to: 3,
    });
    expect(await rowOf(r.id)).toMatchObject({ status: 3, adminValidated: true, version: 7 });
    // Once validated the administrator's buttons are gone.
    const again = await refused({ refinancingId: r.id, action: 'confirm', actor: admin, expectedVersion: 7 });
    expect(again).toMatchObject({ statusCode: 422, message: REFINANCING_MESSAGES.alreadyValidated });
  });

  it('a refused move leaves nothing: no status change, no audit row', async () => {
    const r = await createRefinancing(t.app, seeded.db, a, LINE, [{ amount: '1000.00' }]);
    await refused({ refinancingId: r.id, action: 'evidenceComplete', actor: actor(a.dealer.id, 5) });
    expect((await rowOf(r.id)).status).toBe(1);
    const audit = await seeded.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'refinancings.evidenceComplete'), eq(auditLog.entityId, String(r.id))));
    expect(audit).toEqual([]);
  });
});

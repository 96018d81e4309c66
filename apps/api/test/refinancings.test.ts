import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, Money, REFINANCING_MESSAGES, type CreateRefinancingRequest } from '@planpiso/domain';
import { auditLog } from '../src/db/schema/audit';
import { bearer, json } from './harness';
import { get, montoRestante, post, type DealerGroup } from './provision-fixtures';
import { createBody, financedUnits as seedFinancedUnits, type SeedUnit } from './refinancing-fixtures';
import { financingApp, groupAdmins } from './support/financing-app';

/**
 * Refinancings, server side (issue 19, decision 044), on a database of this file's own and the CRM simulator.
 * The financed units are seeded directly in the DB: a provision at status 8 (Autorizado) on a credit line of its own
 * ('LC-FIN-…', so its units' reservation until CRM insertion does not touch the line the refinancing uses), with
 * units whose can_refinance = true and term set, as the layout's Aplicar leaves them (decision 043).
 */
const LINE = 'LC-10004-01';

const { t, seeded, groups } = await financingApp('refinancings', { clients: ['10004', '10006'] });
const [a, b] = groups;
// The administrator who registered group a's operator reaches group a's account (decision 014).
const [{ token: adminToken }] = await groupAdmins(t.app, seeded.db, [a]);

/** A financed provision (status 8) of `group` with refinanceable units; returns the units' ids and VINs. */
const financedUnits = (group: DealerGroup, units: SeedUnit[]) => seedFinancedUnits(seeded.db, group, units);
const body = (
  group: DealerGroup,
  units: { id: number; amount: string }[],
  extra: Partial<CreateRefinancingRequest> = {},
) => createBody(group, LINE, units, extra);

type Created = { data: { id: number; folio: string; status: number }; message: string };
type Page<T> = { data: { items: T[]; total: number } };

/** Open refinancings on the line closed, so each test starts from the line's whole balance. */
async function freeLine() {
  await seeded.db.execute(sql`update refinancings set status = 9 where credit_line = ${LINE}`);
}

describe('units available for refinancing (GET /api/refinancings/units)', () => {
  it('lists the company’s refinanceable units, not sold by default; set-sold and set-deadlines change them', async () => {
    const [one, two] = await financedUnits(a, [{ amount: '100000.00' }, { amount: '120000.00' }]);
    const list = async (query = '') =>
      json<Page<{ id: number; deadlines: number }>>(
        await get(t.app, a.tokens.dealer, `/api/refinancings/units?pageSize=100${query}`),
      ).data.items.map((u) => u.id);
    expect(await list()).toEqual(expect.arrayContaining([one!.id, two!.id]));
    // Another company's dealer does not see them.
    const other = json<Page<{ id: number }>>(await get(t.app, b.tokens.dealer, '/api/refinancings/units?pageSize=100'));
    expect(other.data.items.map((u) => u.id)).not.toContain(one!.id);

    const sold = await t.app.inject({
      method: 'PATCH',
      url: `/api/units/${one!.id}/set-sold`,
      payload: { isSold: true },
      headers: bearer(a.tokens.dealer),
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(json<{ message: string }>(sold).message).toBe(`La unidad con vin:${one!.vin} se actualizo correctamente.`);
    expect(await list()).not.toContain(one!.id);
    expect(await list('&isSold=true')).toContain(one!.id);

    const term = await t.app.inject({
      method: 'PATCH',
      url: `/api/units/${two!.id}/set-deadlines`,
      payload: { deadline: 5 },
      headers: bearer(a.tokens.dealer),
    });
    expect(term.statusCode, term.body).toBe(200);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/units/${two!.id}/set-deadlines`,
      payload: { deadline: 7 },
      headers: bearer(a.tokens.dealer),
    });
    expect(bad.statusCode).toBe(400);
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: `/api/units/${two!.id}/set-deadlines`,
      payload: { deadline: 3 },
      headers: bearer(b.tokens.dealer),
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('POST /api/refinancings', () => {
  it('creates a refinancing with the folio message, copies its units and writes an audit row', async () => {
    await freeLine();
    const units = await financedUnits(a, [{ amount: '150000.00' }, { amount: '175000.50' }]);
    const response = await post(t.app, a.tokens.dealer, '/api/refinancings', body(a, units));
    expect(response.statusCode, response.body).toBe(201);
    const created = json<Created>(response);
    expect(created.data.status).toBe(1);
    expect(created.message).toBe(`Refinanciamiento con folio ${created.data.folio} generado exitosamente.`);

    const detail = json<{ data: { total: string; units: { sourceUnitId: number; status: number }[] } }>(
      await get(t.app, a.tokens.dealer, `/api/refinancings/${created.data.id}`),
    );
    expect(detail.data.total).toBe('325000.50');
    expect(detail.data.units.map((u) => u.sourceUnitId).sort()).toEqual(units.map((u) => u.id).sort());
    expect(detail.data.units.every((u) => u.status === 0)).toBe(true);
    const audit = await seeded.db.select().from(auditLog).where(eq(auditLog.action, 'refinancings.created'));
    expect(audit.some((row) => row.entityId === String(created.data.id))).toBe(true);
    // The units left the available list.
    const available = json<Page<{ id: number }>>(
      await get(t.app, a.tokens.dealer, '/api/refinancings/units?pageSize=100'),
    ).data.items.map((u) => u.id);
    expect(available).not.toContain(units[0]!.id);
  });

  it('refuses a unit already in an open refinancing', async () => {
    await freeLine();
    const [unit] = await financedUnits(a, [{ amount: '90000.00' }]);
    expect((await post(t.app, a.tokens.dealer, '/api/refinancings', body(a, [unit!]))).statusCode).toBe(201);
    const again = await post(t.app, a.tokens.dealer, '/api/refinancings', body(a, [unit!]));
    expect(again.statusCode).toBe(422);
    expect(json<{ message: string }>(again).message).toBe(REFINANCING_MESSAGES.unitInOpenRefinancing(unit!.vin));
    // Once that refinancing is closed (rejected), the unit may enter a new one.
    await freeLine();
    expect((await post(t.app, a.tokens.dealer, '/api/refinancings', body(a, [unit!]))).statusCode).toBe(201);
  });

  it('refuses units of different terms together', async () => {
    await freeLine();
    const units = await financedUnits(a, [
      { amount: '80000.00', deadlines: 2 },
      { amount: '80000.00', deadlines: 3 },
    ]);
    const response = await post(t.app, a.tokens.dealer, '/api/refinancings', body(a, units));
    expect(response.statusCode).toBe(422);
    expect(json<{ message: string }>(response).message).toBe(REFINANCING_MESSAGES.mixedTerms);
  });

  it('refuses a sold unit and one without valid REPUVE, TransUnion and AX', async () => {
    await freeLine();
    const [sold] = await financedUnits(a, [{ amount: '70000.00', isSold: true }]);
    const soldResponse = await post(t.app, a.tokens.dealer, '/api/refinancings', body(a, [sold!]));
    expect(soldResponse.statusCode).toBe(422);
    expect(json<{ message: string }>(soldResponse).message).toBe(REFINANCING_MESSAGES.unitSold(sold!.vin));
    const [unchecked] = await financedUnits(a, [{ amount: '70000.00', valid: false }]);
    const uncheckedResponse = await post(t.app, a.tokens.dealer, '/api/refinancings', body(a, [unchecked!]));
    expect(uncheckedResponse.statusCode).toBe(422);
  });

  it("refuses a total above the remaining balance: 'El monto total supera el saldo restante'", async () => {
    await freeLine();
    const remaining = Money.of(await montoRestante(t.app, a.tokens.dealer, '10004', LINE));
    const [unit] = await financedUnits(a, [{ amount: remaining.add(Money.of('0.01')).toDecimalString() }]);
    const response = await post(t.app, a.tokens.dealer, '/api/refinancings', body(a, [unit!]));
    expect(response.statusCode).toBe(422);
    expect(json<{ message: string }>(response).message).toBe('El monto total supera el saldo restante');
  });

  it('two concurrent creates that together overdraw the line: one 201, one 422', async () => {
    await freeLine();
    const remaining = Money.of(await montoRestante(t.app, a.tokens.dealer, '10004', LINE));
    const share = remaining.divideRounded(5).add(remaining.divideRounded(5)).add(remaining.divideRounded(5));
    const [first] = await financedUnits(a, [{ amount: share.toDecimalString() }]);
    const [second] = await financedUnits(a, [{ amount: share.toDecimalString() }]);
    const outcomes = await Promise.all([
      post(t.app, a.tokens.dealer, '/api/refinancings', body(a, [first!]), randomUUID()),
      post(t.app, a.tokens.dealer, '/api/refinancings', body(a, [second!]), randomUUID()),
    ]);
    expect(outcomes.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const refused = outcomes.find((r) => r.statusCode === 422)!;
    expect(json<{ message: string }>(refused).message).toBe(REFINANCING_MESSAGES.balanceExceeded);
  });

  it('replays the same answer for a repeated Idempotency-Key and creates once', async () => {
    await freeLine();
    const [unit] = await financedUnits(a, [{ amount: '60000.00' }]);
    const key = randomUUID();
    const first = await post(t.app, a.tokens.dealer, '/api/refinancings', body(a, [unit!]), key);
    const replay = await post(t.app, a.tokens.dealer, '/api/refinancings', body(a, [unit!]), key);
    expect(first.statusCode, first.body).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(json<Created>(replay).data.id).toBe(json<Created>(first).data.id);
  });

  it('only the agency operator creates', async () => {
    const [unit] = await financedUnits(a, [{ amount: '50000.00' }]);
    const response = await post(t.app, a.tokens.operator, '/api/refinancings', body(a, [unit!]));
    expect(response.statusCode).toBe(403);
    expect(json<{ message: string }>(response).message).toBe(MESSAGES.forbidden);
  });
});

describe('GET /api/refinancings: visibility per type (spec 3 §4)', () => {
  it('type 5 and 3 see status 1; types 2 and 4 do not; at 5 the legal rep and administrator see it', async () => {
    await freeLine();
    const [unit] = await financedUnits(a, [{ amount: '40000.00' }]);
    const created = json<Created>(await post(t.app, a.tokens.dealer, '/api/refinancings', body(a, [unit!])));
    const id = created.data.id;
    const sees = async (token: string) =>
      json<Page<{ id: number }>>(
        await get(t.app, token, `/api/refinancings?pageSize=100&folio=${created.data.folio}`),
      ).data.items.some((r) => r.id === id);
    expect(await sees(a.tokens.dealer)).toBe(true);
    expect(await sees(a.tokens.operator)).toBe(true);
    expect(await sees(a.tokens.legal)).toBe(false);
    expect(await sees(adminToken)).toBe(false);
    expect(await sees(b.tokens.dealer)).toBe(false);
    expect(await sees(b.tokens.operator)).toBe(false);
    expect((await get(t.app, b.tokens.dealer, `/api/refinancings/${id}`)).statusCode).toBe(404);

    await seeded.db.execute(sql`update refinancings set status = 5 where id = ${id}`);
    expect(await sees(a.tokens.legal)).toBe(true);
    expect(await sees(adminToken)).toBe(true);
    expect(await sees(b.tokens.legal)).toBe(false);
  });
});

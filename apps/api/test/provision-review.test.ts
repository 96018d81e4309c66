import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  Money,
  PROVISION_REVIEW_MESSAGES,
  type ProvisionReviewItem,
  type ProvisionRevision,
} from '@planpiso/domain';
import { auditLog } from '../src/db/schema/audit';
import { evidences, files } from '../src/db/schema/files';
import { provisionUnits, provisions } from '../src/db/schema/financing';
import { notifications } from '../src/db/schema/notifications';
import { bearer, createUser, json, signIn } from './harness';
import { get, montoRestante, post, randomVin, saveBody, unit, type DealerGroup } from './provision-fixtures';
import { financingApp, groupAdmins } from './support/financing-app';

/**
 * The lender administrator's disposition review (spec 3 §2, §4, §5, §7; decision 034): type 2 reviews provisions at
 * Validación (3) of the accounts of the operators it registered (decision 014); nobody else's.
 */
const { t, seeded, groups } = await financingApp('provision-review', { clients: ['10004', '10005'] });
const [a, b] = groups;
// Each administrator registered its group's operator: that is what its scope reaches (decision 014).
const [{ token: adminA }, { token: adminB }] = await groupAdmins(t.app, seeded.db, [a, b]);
const others: Record<1 | 3 | 5, string> = {
  1: await signIn(t.app, (await createUser(seeded.db, 1)).email),
  3: a.tokens.operator,
  5: a.tokens.dealer,
};
/** Group a's provision made through the API (so its line was read from the CRM) and moved to 3. */
let viaApi = 0;

beforeAll(async () => {
  const created = await post(
    t.app,
    a.tokens.dealer,
    '/api/provisions',
    saveBody(a, 'LC-10004-01', [unit(randomVin(), '1500.50'), unit(randomVin(), '2499.50')], '4000.00'),
  );
  expect(created.statusCode, created.body).toBe(201);
  viaApi = json<{ data: { id: number } }>(created).data.id;
  // The validations (another job) would take it there: here the test does.
  await seeded.db.update(provisions).set({ status: 3 }).where(eq(provisions.id, viaApi));
}, 120_000);

/** A provision of `group` in `status` with `count` units, written straight to the database. */
async function provisionOf(group: DealerGroup, status: number, count: number) {
  const [row] = await seeded.db
    .insert(provisions)
    .values({
      status,
      accountId: group.accountId,
      companyId: group.company.id,
      agencyId: group.agencyId,
      legalId: group.legal.id,
      // A line nobody read from the CRM: it holds nothing on the lines other tests read.
      creditLine: `LC-SIN-LEER-${group.company.clientId}`,
      typeLine: '100000001',
      deadlines: 3,
      total: '300.00',
      registerBy: group.dealer.id,
    })
    .returning({ id: provisions.id, folio: provisions.folio });
  const units = await seeded.db
    .insert(provisionUnits)
    .values(
      Array.from({ length: count }, (_, i) => ({
        ...unit(randomVin(), `${100 + i}.00`),
        provisionId: row!.id,
      })),
    )
    .returning({ id: provisionUnits.id });
  return { id: row!.id, folio: String(row!.folio), units: units.map((u) => u.id) };
}

type ListPage = { data: { items: ProvisionReviewItem[]; total: number } };
const list = async (token: string, query = '') =>
  json<ListPage>(await get(t.app, token, `/api/provisions/review?pageSize=100${query}`)).data;
const revision = async (token: string, id: number) =>
  json<{ data: ProvisionRevision }>(await get(t.app, token, `/api/provisions/${id}/revision`)).data;
const confirm = (token: string, body: unknown, url = '/api/provisions/confirmUnitsReview') =>
  post(t.app, token, url, body);

describe('who reaches the review', () => {
  it('needs a session, and only the lender administrator (type 2) is let in', async () => {
    const p = await provisionOf(a, 3, 1);
    const calls = [
      () => ({ method: 'GET' as const, url: '/api/provisions/review' }),
      () => ({ method: 'GET' as const, url: `/api/provisions/${p.id}/revision` }),
      () => ({
        method: 'POST' as const,
        url: '/api/provisions/confirmUnitsReview',
        payload: { provisionId: p.id, version: 1, units: [{ id: p.units[0], status: 1, comment: '' }] },
      }),
      () => ({
        method: 'POST' as const,
        url: '/api/provisions/send-units',
        payload: { provisionId: p.id, version: 1, units: [{ id: p.units[0], status: 1, comment: '' }] },
      }),
    ];
    for (const call of calls) {
      expect((await t.app.inject(call())).statusCode).toBe(401);
      for (const [type, token] of Object.entries(others)) {
        const response = await t.app.inject({ ...call(), headers: bearer(token) });
        expect(response.statusCode, `type ${type} ${call().url}`).toBe(403);
        expect(json(response).message).toBe(MESSAGES.forbidden);
      }
    }
    // Nothing moved.
    const [unchanged] = await seeded.db.select().from(provisions).where(eq(provisions.id, p.id));
    expect(unchanged!.version).toBe(1);
  });

  it('another administrator’s provision is not found: not listed, not opened, not reviewed', async () => {
    const foreign = await provisionOf(b, 3, 2);
    expect((await list(adminA)).items.map((i) => i.id)).not.toContain(foreign.id);
    expect((await list(adminB)).items.map((i) => i.id)).toContain(foreign.id);
    expect((await get(t.app, adminA, `/api/provisions/${foreign.id}/revision`)).statusCode).toBe(404);
    const response = await confirm(adminA, {
      provisionId: foreign.id,
      version: 1,
      units: foreign.units.map((id) => ({ id, status: 1, comment: '' })),
    });
    expect(response.statusCode, response.body).toBe(404);
    const units = await seeded.db.select().from(provisionUnits).where(eq(provisionUnits.provisionId, foreign.id));
    expect(units.every((u) => !u.reviewAf && u.status === 0)).toBe(true);
  });
});

describe('GET /api/provisions/review', () => {
  it('lists the status-3 provisions of its accounts by folio ascending, with the spec’s columns', async () => {
    const first = await provisionOf(a, 3, 3);
    const second = await provisionOf(a, 3, 1);
    const sent = await provisionOf(a, 2, 1);
    const accepted = await provisionOf(a, 4, 1);
    const page = await list(adminA);
    const ids = page.items.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id, viaApi]));
    expect(ids).not.toContain(sent.id);
    expect(ids).not.toContain(accepted.id);
    const folios = page.items.map((i) => Number(i.folio));
    expect(folios).toEqual([...folios].sort((x, y) => x - y));
    expect(page.items.find((i) => i.id === first.id)).toEqual({
      id: first.id,
      folio: first.folio,
      companyName: a.company.name,
      operatorName: 'Nombre3 Apellido3',
      typeLine: '100000001',
      countUnits: 3,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      version: 1,
    });
    const descending = (await list(adminA, '&sort=folio:desc')).items.map((i) => Number(i.folio));
    expect(descending).toEqual([...descending].sort((x, y) => y - x));
  });

  it('filters by disposition number, FinBe operator, account and company', async () => {
    const mine = await provisionOf(a, 3, 1);
    expect((await list(adminA, `&folio=${mine.folio}`)).items.map((i) => i.id)).toEqual([mine.id]);
    expect((await list(adminA, '&folio=999999999')).total).toBe(0);
    const byOperator = await list(adminA, `&operator=${a.operator.id}`);
    expect(byOperator.items.map((i) => i.id)).toContain(mine.id);
    expect((await list(adminA, `&operator=${b.operator.id}`)).total).toBe(0);
    expect((await list(adminA, `&account=${a.accountId}`)).items.map((i) => i.id)).toContain(mine.id);
    expect((await list(adminA, `&account=${b.accountId}`)).total).toBe(0);
    expect((await list(adminA, `&company=${a.company.id}`)).items.map((i) => i.id)).toContain(mine.id);
    expect((await list(adminA, `&company=${b.company.id}`)).total).toBe(0);
  });

  it('refuses bad input with a Spanish 400', async () => {
    for (const query of ['sort=password:asc', 'pageSize=7', 'folio=abc', 'operator=-1', 'account=1e3']) {
      const response = await get(t.app, adminA, `/api/provisions/review?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(json(response).message).toMatch(/[a-záéíóú]/);
    }
  });
});

describe('GET /api/provisions/:id/revision', () => {
  it('shows the company, branch, representative, line, balances and units with their checks', async () => {
    const data = await revision(adminA, viaApi);
    expect(data).toMatchObject({
      id: viaApi,
      status: 3,
      company: { id: a.company.id, name: a.company.name },
      agency: { id: a.agencyId, name: expect.any(String) },
      legalPerson: { id: a.legal.id, name: 'Nombre4 Apellido4' },
      creditLine: 'LC-10004-01',
      typeLine: '100000001',
      total: '4000.00',
    });
    // Available is what the line leaves without this provision's own reservation; remaining takes its total off.
    const restante = Money.of(await montoRestante(t.app, a.tokens.dealer, '10004', 'LC-10004-01'));
    expect(data.availableBalance).toBe(restante.toDecimalString());
    expect(data.remainingBalance).toBe(restante.sub(Money.of('4000.00')).toDecimalString());
    expect(data.units).toHaveLength(2);
    expect(data.units[0]).toEqual({
      id: expect.any(Number),
      model: '2026',
      motorNumber: expect.stringMatching(/^MTR-/),
      vinNumber: expect.stringMatching(/^[A-Z0-9]{17}$/),
      amount: '1500.50',
      invoiceDate: null,
      validation: { validInvoice: null, validRepuve: null, validTransunion: null, validAx: null },
      reviewAF: false,
      status: 0,
      comment: '',
      evidences: [],
    });
  });

  it('the evidence viewer reaches the unit’s evidences and their signed links; another administrator does not', async () => {
    const p = await provisionOf(a, 3, 1);
    const [file] = await seeded.db
      .insert(files)
      .values({
        key: `evidences/revision-${p.id}.pdf`,
        originalName: 'factura-unidad.pdf',
        contentType: 'application/pdf',
        size: 1_500_000,
        sha256: '0'.repeat(64),
        uploadedBy: a.dealer.id,
      })
      .returning({ id: files.id });
    await seeded.db.insert(evidences).values({ fileId: file!.id, type: 7, unitId: p.units[0]! });
    const data = await revision(adminA, p.id);
    expect(data.units[0]!.evidences).toEqual([
      expect.objectContaining({ fileId: file!.id, fileName: 'factura-unidad.pdf', fileSize: 1_500_000, type: 7 }),
    ]);
    const listed = await get(t.app, adminA, `/api/units/${p.units[0]}/evidences`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(json<{ data: { fileId: number }[] }>(listed).data.map((e) => e.fileId)).toEqual([file!.id]);
    const link = await get(t.app, adminA, `/api/files/${file!.id}/link`);
    expect(link.statusCode, link.body).toBe(200);
    expect(json<{ data: { url: string } }>(link).data.url).toMatch(/\/api\/files\/\d+\/signed\?/);
    expect((await get(t.app, adminB, `/api/units/${p.units[0]}/evidences`)).statusCode).toBe(404);
    expect((await get(t.app, adminB, `/api/files/${file!.id}/link`)).statusCode).toBe(404);
  });

  it('a provision no longer at Validación is not under review (404)', async () => {
    const accepted = await provisionOf(a, 4, 1);
    expect((await get(t.app, adminA, `/api/provisions/${accepted.id}/revision`)).statusCode).toBe(404);
    expect((await get(t.app, adminA, '/api/provisions/abc/revision')).statusCode).toBe(400);
  });
});

describe('POST /api/provisions/confirmUnitsReview', () => {
  it('saves the reviews, marks reviewed units, keeps the status, tells the operator and audits it', async () => {
    const p = await provisionOf(a, 3, 3);
    const [u1, u2, u3] = p.units as [number, number, number];
    const response = await confirm(adminA, {
      provisionId: p.id,
      version: 1,
      units: [
        { id: u1, status: 1, comment: 'ignorado' },
        { id: u2, status: 2, comment: '  La factura no corresponde  ' },
        { id: u3, status: 0, comment: '' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toEqual({
      data: { id: p.id, status: 3, version: 2, pending: 1 },
      message: 'Disposición actualizada correctamente',
    });
    const data = await revision(adminA, p.id);
    expect(data.version).toBe(2);
    expect(data.units.map((u) => [u.id, u.status, u.reviewAF, u.comment])).toEqual([
      [u1, 1, true, ''],
      [u2, 2, true, 'La factura no corresponde'],
      [u3, 0, false, ''],
    ]);
    const told = await seeded.db.select().from(notifications).where(eq(notifications.userId, a.operator.id));
    expect(told.some((n) => n.message.includes(p.folio) && n.message.includes('revisó las unidades'))).toBe(true);
    const [audit] = await seeded.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'provision'), eq(auditLog.entityId, String(p.id))));
    expect(audit).toMatchObject({
      action: 'provisions.reviewUnits',
      after: expect.objectContaining({
        status: 3,
        pending: 1,
        reviews: [
          { unitId: u1, status: 1, comment: '' },
          { unitId: u2, status: 2, comment: 'La factura no corresponde' },
          { unitId: u3, status: 0, comment: '' },
        ],
      }),
    });
    // The follow-up's timeline says which unit was refused and why.
    const vin = data.units.find((u) => u.id === u2)!.vinNumber;
    const timeline = await get(t.app, adminA, `/api/provisions/${p.id}/timeline`);
    expect(timeline.statusCode, timeline.body).toBe(200);
    const reviewEntry = (json(timeline) as { data: { action: string; comment?: string }[] }).data.find(
      (entry) => entry.action === 'reviewUnits',
    );
    expect(reviewEntry?.comment).toBe(`${vin}: No — La factura no corresponde`);
    // Still in the list: the operator confirms or rejects next.
    expect((await list(adminA)).items.find((i) => i.id === p.id)?.version).toBe(2);
  });

  it('refuses a No or an Ajuste without its comment (422) and writes nothing', async () => {
    const p = await provisionOf(a, 3, 2);
    for (const status of [2, 3]) {
      const response = await confirm(adminA, {
        provisionId: p.id,
        version: 1,
        units: [
          { id: p.units[0], status: 1, comment: '' },
          { id: p.units[1], status, comment: '   ' },
        ],
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(json(response)).toMatchObject({
        code: 'REVIEW_COMMENT_REQUIRED',
        message: PROVISION_REVIEW_MESSAGES.commentRequired,
      });
    }
    const units = await seeded.db.select().from(provisionUnits).where(eq(provisionUnits.provisionId, p.id));
    expect(units.every((u) => u.status === 0 && !u.reviewAf)).toBe(true);
  });

  it('answers 409 when someone moved the provision since the screen read it', async () => {
    const p = await provisionOf(a, 3, 1);
    const body = { provisionId: p.id, version: 1, units: [{ id: p.units[0], status: 1, comment: '' }] };
    expect((await confirm(adminA, body)).statusCode).toBe(200);
    const stale = await confirm(adminA, { ...body, units: [{ id: p.units[0], status: 3, comment: 'Ajustar monto' }] });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(json(stale)).toMatchObject({ code: 'STALE_VERSION', message: MESSAGES.staleVersion });
    // Once the operator confirmed it (status 4) it left the review: the save says it moved on (409), the detail and
    // the list no longer show it.
    await seeded.db.update(provisions).set({ status: 4 }).where(eq(provisions.id, p.id));
    const moved = await confirm(adminA, { ...body, version: 2 });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(json(moved).code).toBe('INVALID_STATUS');
    expect((await get(t.app, adminA, `/api/provisions/${p.id}/revision`)).statusCode).toBe(404);
    expect((await list(adminA)).items.map((i) => i.id)).not.toContain(p.id);
  });

  it('only units of that provision, each once', async () => {
    const p = await provisionOf(a, 3, 1);
    const elsewhere = await provisionOf(a, 3, 1);
    const foreignUnit = await confirm(adminA, {
      provisionId: p.id,
      version: 1,
      units: [
        { id: p.units[0], status: 1, comment: '' },
        { id: elsewhere.units[0], status: 2, comment: 'No es de esta' },
      ],
    });
    expect(foreignUnit.statusCode, foreignUnit.body).toBe(422);
    expect(json(foreignUnit).message).toBe(PROVISION_REVIEW_MESSAGES.unitNotInProvision);
    const twice = await confirm(adminA, {
      provisionId: p.id,
      version: 1,
      units: [
        { id: p.units[0], status: 1, comment: '' },
        { id: p.units[0], status: 2, comment: 'Otra vez' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const [other] = await seeded.db.select().from(provisionUnits).where(eq(provisionUnits.id, elsewhere.units[0]!));
    expect(other).toMatchObject({ status: 0, reviewAf: false, comment: '' });
  });

  it('refuses bad input with a Spanish 400', async () => {
    const p = await provisionOf(a, 3, 1);
    const bodies = [
      {},
      { provisionId: p.id, version: 1, units: [] },
      { provisionId: p.id, version: 1, units: [{ id: p.units[0], status: 4, comment: '' }] },
      { provisionId: String(p.id), version: 1, units: [{ id: p.units[0], status: 1 }] },
      { provisionId: p.id, version: 1, units: [{ id: p.units[0], status: 2, comment: 'x'.repeat(251) }] },
    ];
    for (const body of bodies) {
      const response = await confirm(adminA, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(response).message).toMatch(/[a-záéíóú]/);
    }
  });

  it('send-units is the same save (decision 034)', async () => {
    const p = await provisionOf(a, 3, 2);
    const response = await confirm(
      adminA,
      {
        provisionId: p.id,
        version: 1,
        units: [
          { id: p.units[0], status: 3, comment: 'Ajustar el monto' },
          { id: p.units[1], status: 1 },
        ],
      },
      '/api/provisions/send-units',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toMatchObject({ data: { status: 3, version: 2, pending: 0 } });
    const units = await seeded.db.select().from(provisionUnits).where(eq(provisionUnits.provisionId, p.id));
    // The units stay in the provision: none goes to the dealer's units under review (decision 030: only Rechazar).
    expect(units.map((u) => [u.status, u.reviewAf, u.inReview])).toEqual([
      [3, true, false],
      [1, true, false],
    ]);
  });
});

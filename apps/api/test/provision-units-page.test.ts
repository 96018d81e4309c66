import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Money, type ProvisionFollowUpDetail, type ProvisionFollowUpUnit } from '@planpiso/domain';
import { provisionUnits, provisions } from '../src/db/schema/financing';
import { bearer, json } from './harness';
import { get, post, randomVin, saveBody, unit } from './provision-fixtures';
import { financingApp } from './support/financing-app';
import { PDF, multipart } from './support/uploads';

/**
 * The follow-up page's units a page at a time (issue 31): GET /api/provisions/{id}?units=none (the detail without its
 * units) beside GET /api/provisions/{id}/units/page (the detail's units, a window of them, and how many there are).
 */
const LINE = 'LC-10004-01';
const UNITS = 12;

const { t, seeded, groups } = await financingApp('provision_units_page', {
  clients: ['10004', '10006'],
  dataDir: true,
});
const [a, b] = groups;

type Page = { items: ProvisionFollowUpUnit[]; total: number };

async function uploaded(kind: 'unit' | 'provision'): Promise<{ fileId: number; url: string; fileName: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/documents',
    ...multipart(
      [
        { name: 'kind', value: kind },
        { name: 'file', filename: kind === 'unit' ? 'factura.pdf' : 'anexo.pdf', content: PDF },
      ],
      bearer(a.tokens.dealer),
    ),
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ data: { fileId: number; url: string; fileName: string } }>(response).data;
}

async function readDetail(token: string, id: number, query = ''): Promise<ProvisionFollowUpDetail> {
  const response = await get(t.app, token, `/api/provisions/${id}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: ProvisionFollowUpDetail }>(response).data;
}

const pageUrl = (id: number, page: number, pageSize = 10) =>
  `/api/provisions/${id}/units/page?page=${page}&pageSize=${pageSize}`;

async function readPage(token: string, id: number, page: number, pageSize = 10): Promise<Page> {
  const response = await get(t.app, token, pageUrl(id, page, pageSize));
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: Page }>(response).data;
}

/**
 * A provision of group A with 12 units at Validación (3): units 0 and 10 carry an invoice, units 1, 4 and 11 were
 * reviewed by the administrator, unit 11 has a term of its own; the provision carries an annex.
 */
let id = 0;
let full: ProvisionFollowUpDetail;

beforeAll(async () => {
  const invoices = new Map([
    [0, await uploaded('unit')],
    [10, await uploaded('unit')],
  ]);
  const units = Array.from({ length: UNITS }, (_, i) => {
    const evidence = invoices.get(i);
    return unit(randomVin(), `${100 + i}.25`, evidence ? { evidences: [evidence] } : {});
  });
  const total = Money.sum(units.map((u) => Money.of(u.amount))).toDecimalString();
  const annex = await uploaded('provision');
  const created = await post(
    t.app,
    a.tokens.dealer,
    '/api/provisions',
    saveBody(a, LINE, units, total, { evidences: [annex] }),
  );
  expect(created.statusCode, created.body).toBe(201);
  id = json<{ data: { id: number } }>(created).data.id;
  await seeded.db.update(provisions).set({ status: 3 }).where(eq(provisions.id, id));
  const rows = await seeded.db
    .select({ id: provisionUnits.id })
    .from(provisionUnits)
    .where(eq(provisionUnits.provisionId, id))
    .orderBy(provisionUnits.id);
  const reviewed = [1, 4, 11].map((i) => rows[i]!.id);
  await seeded.db.update(provisionUnits).set({ reviewAf: true }).where(inArray(provisionUnits.id, reviewed));
  await seeded.db.update(provisionUnits).set({ deadlines: 2 }).where(eq(provisionUnits.id, rows[11]!.id));
  full = await readDetail(a.tokens.operator, id);
  expect(full.units).toHaveLength(UNITS);
  expect(full.units[0]!.evidences).toHaveLength(1);
  expect(full.units[10]!.evidences).toHaveLength(1);
  expect(full.units[11]!.deadlines).toBe(2);
  expect(full.evidences).toHaveLength(1);
});

describe('GET /api/provisions/{id}?units=none', () => {
  it('answers the same detail with no units; the counters still count every unit', async () => {
    const none = await readDetail(a.tokens.operator, id, '?units=none');
    expect(none.units).toEqual([]);
    expect(none.unitsInReview).toBe(3);
    expect(none.unitsInReview).toBe(full.unitsInReview);
    expect(none.countUnits).toBe(UNITS);
    expect({ actions: none.actions, version: none.version, status: none.status }).toEqual({
      actions: full.actions,
      version: full.version,
      status: full.status,
    });
    expect(none).toEqual({ ...full, units: [] });
    // The dealer too (its own actions).
    const dealerFull = await readDetail(a.tokens.dealer, id);
    expect(await readDetail(a.tokens.dealer, id, '?units=none')).toEqual({ ...dealerFull, units: [] });
  });

  it('without the query, or with units=all, answers byte for byte the same detail', async () => {
    const plain = await get(t.app, a.tokens.operator, `/api/provisions/${id}`);
    const all = await get(t.app, a.tokens.operator, `/api/provisions/${id}?units=all`);
    expect(all.statusCode).toBe(200);
    expect(all.body).toBe(plain.body);
  });

  it('refuses a value it does not know (400)', async () => {
    expect((await get(t.app, a.tokens.operator, `/api/provisions/${id}?units=x`)).statusCode).toBe(400);
  });
});

describe('GET /api/provisions/{id}/units/page', () => {
  it("cuts the detail's units in order, each shaped as the detail shapes it, with the total", async () => {
    const first = await readPage(a.tokens.operator, id, 1);
    expect(first.total).toBe(UNITS);
    expect(first.items).toEqual(full.units.slice(0, 10));
    const second = await readPage(a.tokens.operator, id, 2);
    expect(second.total).toBe(UNITS);
    expect(second.items).toEqual(full.units.slice(10));
    // The page keeps the detail's index, evidences and term.
    expect(second.items.map((u) => u.index)).toEqual([10, 11]);
    expect(second.items[0]!.evidences).toEqual(full.units[10]!.evidences);
    expect(second.items[1]!.deadlines).toBe(2);
    // The dealer reads the same units.
    expect((await readPage(a.tokens.dealer, id, 1, 25)).items).toEqual(full.units);
  });

  it('a page past the last: no items, the same total', async () => {
    expect(await readPage(a.tokens.operator, id, 3)).toEqual({ items: [], total: UNITS });
    expect(await readPage(a.tokens.operator, id, 2_147_483_647, 100)).toEqual({ items: [], total: UNITS });
  });

  it("out of the caller's scope, or missing: 404 as the detail answers", async () => {
    for (const token of [b.tokens.dealer, b.tokens.operator]) {
      const detail = await get(t.app, token, `/api/provisions/${id}?units=none`);
      const page = await get(t.app, token, pageUrl(id, 1));
      expect(detail.statusCode).toBe(404);
      expect(page.statusCode).toBe(404);
      expect(json(page)).toEqual(json(detail));
    }
    const missing = 2_147_483_000;
    const page = await get(t.app, a.tokens.operator, pageUrl(missing, 1));
    expect(page.statusCode).toBe(404);
    expect(json(page)).toEqual(json(await get(t.app, a.tokens.operator, `/api/provisions/${missing}`)));
  });

  it('refuses a page size not offered (400)', async () => {
    expect((await get(t.app, a.tokens.operator, pageUrl(id, 1, 7))).statusCode).toBe(400);
    expect((await get(t.app, a.tokens.operator, `/api/provisions/${id}/units/page?page=0`)).statusCode).toBe(400);
  });
});

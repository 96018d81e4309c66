import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FINANCING_MESSAGES,
  MESSAGES,
  type EvidenceResponse,
  type UnitUnderReview,
  type ValidateProcess,
} from '@planpiso/domain';
import { buildApp } from '../src/app';
import { audits } from '../src/db/schema/audits';
import { evidences, files } from '../src/db/schema/files';
import { provisionUnits, provisions } from '../src/db/schema/financing';
import { companies } from '../src/db/schema/organisation';
import { users } from '../src/db/schema/users';
import { DEMO_PASSWORD } from '../src/seed';
import { assertCanProvision } from '../src/modules/audits/eligibility';
import type { AuthUser } from '../src/platform/auth';
import { bearer, createOrganisation, createUser, fakeClock, json, signIn, testConfig, testLogger } from './harness';
import { seededDatabase } from './seeded-database';
import { PDF, PNG, listFiles, multipart, tempDataDir } from './support/uploads';

/**
 * Units under review and the eligibility check (spec 3 §2, §4, §5, §7; decision 030) on the demo population: the
 * demo dealer operator has a rejected provision whose four units wait in review (seed-financing.ts).
 */
const seeded = await seededDatabase('units');
const dataDir = await tempDataDir();
const clock = fakeClock(new Date('2026-11-24T17:00:00Z'));
const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), db: seeded.db, clock, logger: testLogger() });
const db = seeded.db;
const storageRoot = join(dataDir, 'files');

let agent = '';
let operator = '';
let foreign = '';
let agentId = 0;
let north = { id: 0, accountId: 0 };
let reviewUnits: { id: number; vin: string }[] = [];

beforeAll(async () => {
  await app.ready();
  agent = await signIn(app, 'agencia@autosdelnorte.mx', DEMO_PASSWORD);
  operator = await signIn(app, 'operador@planpiso.mx', DEMO_PASSWORD);
  const [row] = await db.select().from(users).where(eq(users.email, 'agencia@autosdelnorte.mx'));
  agentId = row!.id;
  const [company] = await db.select().from(companies).where(eq(companies.clientId, '10001'));
  north = { id: company!.id, accountId: company!.accountId };
  reviewUnits = (
    await db
      .select({ id: provisionUnits.id, vin: provisionUnits.vinNumber })
      .from(provisionUnits)
      .where(and(eq(provisionUnits.reviewBy, agentId), eq(provisionUnits.inReview, true)))
  ).sort((a, b) => (a.vin < b.vin ? 1 : -1));
  const other = await createOrganisation(db);
  const stranger = await createUser(db, 5, { companies: [other.companies[0]!.id] });
  foreign = await signIn(app, stranger.email);
});
afterAll(async () => {
  await app.close();
  await seeded.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Page = { data: { items: UnitUnderReview[]; total: number } };
const get = (token: string, url: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
const upload = (token: string, unitId: number, parts: Parameters<typeof multipart>[0]) =>
  app.inject({ method: 'POST', url: `/api/units/${unitId}/uploadDocument`, ...multipart(parts, bearer(token)) });

describe('GET /api/units/review', () => {
  it('lists the dealer operator’s units in review, by VIN descending, with the spec’s fields', async () => {
    const response = await get(agent, '/api/units/review');
    expect(response.statusCode, response.body).toBe(200);
    const page = json<Page>(response).data;
    expect(reviewUnits).toHaveLength(4);
    expect(page.total).toBe(4);
    expect(page.items.map((u) => u.vinNumber)).toEqual(reviewUnits.map((u) => u.vin));
    expect(page.items[0]).toMatchObject({
      id: reviewUnits[0]!.id,
      amount: expect.stringMatching(/^\d+\.\d{2}$/),
      comment: expect.any(String),
      provisionId: expect.any(Number),
      version: 1,
    });
  });

  it('filters by VIN and model (contains) and pages', async () => {
    const vin = reviewUnits[2]!.vin;
    const byVin = json<Page>(await get(agent, `/api/units/review?vinNumber=${vin.slice(-6).toLowerCase()}`)).data;
    expect(byVin.items.map((u) => u.vinNumber)).toEqual([vin]);
    const model = byVin.items[0]!.model;
    const byModel = json<Page>(await get(agent, `/api/units/review?model=${model}`)).data;
    expect(byModel.items.every((u) => u.model.includes(model))).toBe(true);
    const none = json<Page>(await get(agent, '/api/units/review?vinNumber=NOEXISTE')).data;
    expect(none).toEqual({ items: [], total: 0 });
    const paged = json<Page>(await get(agent, '/api/units/review?pageSize=10&page=2')).data;
    expect(paged).toEqual({ items: [], total: 4 });
  });

  it('refuses bad input with a Spanish 400, never a 500', async () => {
    for (const query of ['sort=password:asc', 'pageSize=7', `vinNumber=${'X'.repeat(10_000)}`, 'page=-1']) {
      const response = await get(agent, `/api/units/review?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(json(response).message).toMatch(/[a-záéíóú]/);
    }
  });

  it('needs a session and is the dealer operator’s screen only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/units/review' })).statusCode).toBe(401);
    expect((await get(operator, '/api/units/review')).statusCode).toBe(403);
  });

  it('another group’s dealer sees none of them', async () => {
    expect(json<Page>(await get(foreign, '/api/units/review')).data).toEqual({ items: [], total: 0 });
  });
});

describe('documents of a unit under review', () => {
  let uploaded: EvidenceResponse;

  it('uploads any extension as evidence type 8, keeping only the first file', async () => {
    const unit = reviewUnits[0]!;
    const response = await upload(agent, unit.id, [
      { name: 'file', filename: 'tenencia 2026.png', content: PNG },
      { name: 'file', filename: 'segundo.pdf', content: PDF },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    uploaded = json<{ data: EvidenceResponse }>(response).data;
    expect(uploaded).toMatchObject({ fileName: 'tenencia 2026.png', extension: 'png', type: 8, fileSize: PNG.length });
    const text = await upload(agent, unit.id, [{ name: 'file', filename: 'notas.txt', content: Buffer.from('Hola') }]);
    expect(text.statusCode, text.body).toBe(201);
    const list = json<{ data: EvidenceResponse[] }>(await get(agent, `/api/units/${unit.id}/evidences`)).data;
    expect(list.map((e) => e.fileName)).toEqual(['tenencia 2026.png', 'notas.txt']);
  });

  it('still checks the bytes: a PNG named .pdf and a program are refused (415), nothing is kept', async () => {
    const unit = reviewUnits[0]!;
    const before = await listFiles(storageRoot);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
    for (const [filename, content] of [
      ['factura.pdf', PNG],
      ['programa.bin', elf],
    ] as const) {
      const response = await upload(agent, unit.id, [{ name: 'file', filename, content }]);
      expect(response.statusCode, filename).toBe(415);
      expect(json(response).message).toBe(MESSAGES.fileInvalidType);
    }
    expect(await listFiles(storageRoot)).toEqual(before);
    const missing = await upload(agent, unit.id, [{ name: 'comentario', value: 'sin archivo' }]);
    expect(missing.statusCode).toBe(400);
    expect(json(missing).message).toBe(FINANCING_MESSAGES.fileRequired);
  });

  it('the file downloads for the unit’s dealer and the lender, and is not found for another group', async () => {
    expect((await get(agent, uploaded.url)).statusCode).toBe(200);
    expect((await get(operator, uploaded.url)).statusCode).toBe(200);
    expect((await get(foreign, uploaded.url)).statusCode).toBe(404);
  });

  it('the lender’s operator and the company’s legal representative read the unit’s evidences', async () => {
    const unit = reviewUnits[0]!;
    const representative = await signIn(app, 'representante@autosdelnorte.mx', DEMO_PASSWORD);
    for (const token of [operator, representative]) {
      const response = await get(token, `/api/units/${unit.id}/evidences`);
      expect(response.statusCode, response.body).toBe(200);
      expect(json<{ data: EvidenceResponse[] }>(response).data.map((e) => e.id)).toContain(uploaded.id);
    }
  });

  it('another group’s dealer gets 404 on the unit, its evidences and its documents', async () => {
    const unit = reviewUnits[0]!;
    expect((await get(foreign, `/api/units/${unit.id}/evidences`)).statusCode).toBe(404);
    expect((await upload(foreign, unit.id, [{ name: 'file', filename: 'x.png', content: PNG }])).statusCode).toBe(404);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/units/${unit.id}/evidences/${uploaded.id}`,
      headers: bearer(foreign),
    });
    expect(del.statusCode).toBe(404);
    const remove = await app.inject({ method: 'POST', url: `/api/units/${unit.id}/delete`, headers: bearer(foreign) });
    expect(remove.statusCode).toBe(404);
  });

  it('deletes a document uploaded later (type 8) with its stored bytes; the original evidence (type 7) stays', async () => {
    const unit = reviewUnits[0]!;
    const [stored] = await db.select().from(files).where(eq(files.id, uploaded.fileId));
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/units/${unit.id}/evidences/${uploaded.id}`,
      headers: bearer(agent),
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await listFiles(storageRoot)).includes(stored!.key)).toBe(false);
    const list = json<{ data: EvidenceResponse[] }>(await get(agent, `/api/units/${unit.id}/evidences`)).data;
    expect(list.map((e) => e.fileName)).toEqual(['notas.txt']);

    const [file] = await db
      .insert(files)
      .values({
        key: `evidences/test/${unit.id}`,
        originalName: 'factura.xml',
        contentType: 'application/xml',
        size: 10,
        sha256: 'a'.repeat(64),
      })
      .returning();
    const [original] = await db.insert(evidences).values({ fileId: file!.id, type: 7, unitId: unit.id }).returning();
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/units/${unit.id}/evidences/${original!.id}`,
      headers: bearer(agent),
    });
    expect(refused.statusCode).toBe(422);
    expect(json(refused).message).toBe(FINANCING_MESSAGES.unitEvidenceUndeletable);
  });

  it('refuses malformed ids with a Spanish 400', async () => {
    for (const url of ['/api/units/abc/evidences', '/api/units/99999999999999/evidences']) {
      const response = await get(agent, url);
      expect(response.statusCode, url).toBe(400);
    }
  });
});

describe('removing and sending to review', () => {
  it('Remover takes the unit out of the list with the spec’s message naming the VIN', async () => {
    const unit = reviewUnits[3]!;
    const response = await app.inject({ method: 'POST', url: `/api/units/${unit.id}/delete`, headers: bearer(agent) });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).message).toBe(`Unidad con VIN ${unit.vin}: Se removió correctamente`);
    const page = json<Page>(await get(agent, '/api/units/review')).data;
    expect(page.items.map((u) => u.id)).not.toContain(unit.id);
    const again = await app.inject({ method: 'POST', url: `/api/units/${unit.id}/delete`, headers: bearer(agent) });
    expect(again.statusCode).toBe(404);
  });

  const setReview = (token: string, id: number, payload: unknown) =>
    app.inject({
      method: 'PATCH',
      url: `/api/units/${id}/set-review`,
      headers: bearer(token),
      payload: payload as object,
    });

  it('the lender’s operator sends a rejected provision’s unit back to review; the dealer cannot', async () => {
    const unit = reviewUnits[3]!;
    const refused = await setReview(agent, unit.id, { review: true });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe(FINANCING_MESSAGES.unitReviewNotAllowed);
    const sent = await setReview(operator, unit.id, { review: true });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(json<{ data: { inReview: boolean } }>(sent).data.inReview).toBe(true);
    const page = json<Page>(await get(agent, '/api/units/review')).data;
    expect(page.items.map((u) => u.id)).toContain(unit.id);
  });

  it('the dealer takes its own unit out with review=false', async () => {
    const unit = reviewUnits[3]!;
    const out = await setReview(agent, unit.id, { review: false });
    expect(out.statusCode, out.body).toBe(200);
    expect(json<Page>(await get(agent, '/api/units/review')).data.total).toBe(3);
  });

  it('only a rejected provision’s units go to review (409), and bad bodies are a Spanish 400', async () => {
    const [validating] = await db
      .select({ id: provisionUnits.id })
      .from(provisionUnits)
      .innerJoin(provisions, eq(provisions.id, provisionUnits.provisionId))
      .where(eq(provisions.status, 3))
      .limit(1);
    const refused = await setReview(operator, validating!.id, { review: true });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe(FINANCING_MESSAGES.unitNotReviewable);
    for (const body of [{ review: 'si' }, {}, { review: 'x'.repeat(100_000) }]) {
      const response = await setReview(operator, validating!.id, body);
      expect(response.statusCode).toBe(400);
      expect(json(response).message).toMatch(/[a-záéíóú]/);
    }
    expect((await setReview(foreign, reviewUnits[0]!.id, { review: false })).statusCode).toBe(404);
  });
});

describe('GET /api/audits/validate-process', () => {
  type Answer = { data: ValidateProcess };

  it('the demo dealer may draw: no pending balances, no audits', async () => {
    const response = await get(agent, '/api/audits/validate-process');
    expect(response.statusCode, response.body).toBe(200);
    expect(json<Answer>(response).data).toEqual({
      canProvision: true,
      messages: [FINANCING_MESSAGES.canProvision],
      pendingBalances: 0,
      auditsInProgress: 0,
      latestExceptionStatus: null,
    });
  });

  it('a suspending audit on the day blocks; one on other days or not suspending does not', async () => {
    await db.insert(audits).values([
      {
        auditor: 'Auditor A',
        accountId: north.accountId,
        companyId: north.id,
        isSuspended: true,
        initialDate: '2026-11-20',
        endDate: '2026-11-30',
      },
      {
        auditor: 'Auditor B',
        accountId: north.accountId,
        companyId: north.id,
        isSuspended: false,
        initialDate: '2026-11-20',
        endDate: '2026-11-30',
      },
      {
        auditor: 'Auditor C',
        accountId: north.accountId,
        companyId: north.id,
        isSuspended: true,
        initialDate: '2026-12-01',
        endDate: '2026-12-02',
      },
    ]);
    const today = json<Answer>(await get(agent, '/api/audits/validate-process')).data;
    expect(today).toMatchObject({ canProvision: false, auditsInProgress: 1 });
    expect(today.messages).toEqual(['Tienes 1 pendientes de auditorías', FINANCING_MESSAGES.cannotProvision]);
    const later = json<Answer>(await get(agent, '/api/audits/validate-process?date=2026-12-03')).data;
    expect(later).toMatchObject({ canProvision: true, auditsInProgress: 0 });
  });

  it('the server refuses the create for the same reasons (assertCanProvision)', async () => {
    // The caller as the authorization hook loads it: the demo operator working in Autos del Norte.
    const caller: AuthUser = {
      id: agentId,
      type: 5,
      email: 'agencia@autosdelnorte.mx',
      firstname: 'Alicia',
      lastname: 'Agencia',
      roleId: null,
      accountId: north.accountId,
      companyId: north.id,
      agencyId: null,
    };
    await expect(assertCanProvision(app.deps, caller)).rejects.toMatchObject({
      statusCode: 422,
      code: 'NOT_ELIGIBLE',
      message: `Tienes 1 pendientes de auditorías. ${FINANCING_MESSAGES.cannotProvision}`,
    });
    clock.set(new Date('2026-12-03T17:00:00Z'));
    await expect(assertCanProvision(app.deps, caller)).resolves.toBeUndefined();
    clock.set(new Date('2026-11-24T17:00:00Z'));
  });

  it('counts the CRM lines with pending balances of another company, and the lender names account and company', async () => {
    const [trucks] = await db.select().from(companies).where(eq(companies.clientId, '10002'));
    const url = `/api/audits/validate-process?account=${trucks!.accountId}&company=${trucks!.id}`;
    const answer = json<Answer>(await get(operator, url)).data;
    expect(answer.pendingBalances).toBeGreaterThan(0);
    expect(answer.messages[0]).toBe(`Tienes ${answer.pendingBalances} saldos pendientes`);
    expect(answer.canProvision).toBe(false);
    expect((await get(operator, '/api/audits/validate-process')).statusCode).toBe(400);
    expect((await get(foreign, url)).statusCode).toBe(404);
    expect((await get(agent, url)).statusCode).toBe(404);
    expect((await get(agent, '/api/audits/validate-process?date=2026-02-30')).statusCode).toBe(400);
  });

  it('a dealer operator without an account is told so', async () => {
    const loose = await createUser(db, 5);
    const answer = json<Answer>(await get(await signIn(app, loose.email), '/api/audits/validate-process')).data;
    expect(answer).toMatchObject({ canProvision: false, messages: [FINANCING_MESSAGES.userWithoutAccount] });
  });
});

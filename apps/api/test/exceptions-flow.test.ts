import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  FINANCING_MESSAGES,
  MESSAGES,
  NOTIFICATION_TYPE,
  businessClock,
  type ExceptionResponse,
  type ValidateProcess,
} from '@planpiso/domain';
import { auditLog } from '../src/db/schema/audit';
import { audits } from '../src/db/schema/audits';
import { exceptions } from '../src/db/schema/exceptions';
import { evidences } from '../src/db/schema/files';
import { notifications } from '../src/db/schema/notifications';
import { companies } from '../src/db/schema/organisation';
import { users } from '../src/db/schema/users';
import { bearer, createUser, json, signIn } from './harness';
import { PDF, PNG, dealerWithOperator, listFiles, multipart, type Part } from './support/uploads';
import { sharedApp } from './support/shared-app';

/**
 * The exceptions' flow (spec 3 §4, §7; issue 18): the dealer asks (evidence 4), the account's operator sends its
 * observations (status 1, evidence 5), the operator's administrator approves (2) or rejects (3) (evidence 6); each
 * type lists its statuses within its scope; anything else is refused with nothing written; an approved exception
 * lifts a suspending audit's block.
 */
const t = await sharedApp({ dataDir: true });
const { app, db, dataDir } = t;

/** A dealer, its account's operator and the administrator who registered that operator. */
async function team() {
  const { org, operator, dealer } = await dealerWithOperator(db);
  const admin = await createUser(db, 2);
  await db.update(users).set({ registerBy: admin.id }).where(eq(users.id, operator.id));
  // No CRM customer number: the eligibility check then reads no pending balances (only audits and exceptions).
  await db.update(companies).set({ clientId: null }).where(eq(companies.id, org.companies[0]!.id));
  return {
    org,
    company: org.companies[0]!,
    ids: { dealer: dealer.id, operator: operator.id, admin: admin.id },
    dealer: await signIn(app, dealer.email),
    operator: await signIn(app, operator.email),
    admin: await signIn(app, admin.email),
  };
}

const main = await team();
const foreign = await team();

type One = { data: ExceptionResponse; message?: string };
type Page = { data: { items: ExceptionResponse[]; total: number } };

const get = (token: string, url: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
const list = async (token: string, query = '') => json<Page>(await get(token, `/api/exceptions${query}`)).data;
const request = async (token: string, comment: string) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/exceptions',
    ...multipart(
      [
        { name: 'comment', value: comment },
        { name: 'evidence', filename: 'cliente.png', content: PNG, type: 'image/png' },
      ],
      bearer(token),
    ),
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<One>(response).data;
};
const put = (token: string, id: number, fields: Record<string, string | number | boolean>, file?: Part) =>
  app.inject({
    method: 'PUT',
    url: `/api/exceptions/${id}`,
    ...multipart(
      [...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })), ...(file ? [file] : [])],
      bearer(token),
    ),
  });
const png = (name: string): Part => ({ name: 'evidence', filename: name, content: PNG, type: 'image/png' });
const review = (token: string, e: { id: number; version: number }, file?: Part) =>
  put(token, e.id, { status: 1, version: e.version, commentOF: 'Revisado', isApproved: true }, file);
const rowOf = async (id: number) => (await db.select().from(exceptions).where(eq(exceptions.id, id)))[0]!;
const evidenceTypes = async (id: number) =>
  (await db.select().from(evidences).where(eq(evidences.exceptionId, id))).map((e) => e.type).sort();
const notesOf = (userId: number) => db.select().from(notifications).where(eq(notifications.userId, userId));

describe('the exception flow (spec 3 §4)', () => {
  it('dealer asks, operator observes (5), administrator approves (6); each is notified and audited', async () => {
    const asked = await request(main.dealer, 'Necesito disponer esta semana');
    expect(asked).toMatchObject({ status: 0, version: 1, folio: expect.stringMatching(/^\d+$/) });
    expect(await evidenceTypes(asked.id)).toEqual([4]);

    // Type 3 asks for 0, type 2 for 1 (spec 3 §4).
    expect((await list(main.operator)).items.map((e) => e.id)).toContain(asked.id);
    expect((await list(main.admin)).items.map((e) => e.id)).not.toContain(asked.id);

    const reviewed = await review(main.operator, asked, png('operador.png'));
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(json<One>(reviewed)).toMatchObject({
      data: { status: 1, commentOF: 'Revisado', isApproved: true, operatorId: main.ids.operator, version: 2 },
      message: FINANCING_MESSAGES.exceptionReviewed,
    });
    expect(await evidenceTypes(asked.id)).toEqual([4, 5]);
    expect(await notesOf(main.ids.admin)).toEqual([
      expect.objectContaining({ type: NOTIFICATION_TYPE.EXCEPTION, message: expect.stringContaining(asked.folio) }),
    ]);
    expect((await list(main.operator)).items.map((e) => e.id)).not.toContain(asked.id);
    expect((await list(main.dealer)).items.map((e) => e.id)).not.toContain(asked.id);
    expect((await list(main.admin)).items.map((e) => e.id)).toContain(asked.id);

    const approved = await put(main.admin, asked.id, { status: 2, version: 2 }, png('admin.png'));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json<One>(approved).data).toMatchObject({
      status: 2,
      commentAF: 'Aprobación de excepción',
      adminId: main.ids.admin,
    });
    expect(await evidenceTypes(asked.id)).toEqual([4, 5, 6]);
    const dealerNotes = await notesOf(main.ids.dealer);
    expect(dealerNotes.map((n) => n.message)).toContainEqual(expect.stringContaining(asked.folio));

    const seen = (await list(main.dealer)).items.find((e) => e.id === asked.id);
    expect(seen).toMatchObject({ status: 2, company: { name: main.company.name } });
    const actions = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'exception'), eq(auditLog.entityId, String(asked.id))));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'exceptions.approve',
      'exceptions.requested',
      'exceptions.review',
    ]);
  });

  it('the administrator rejects with its typed comment; the dealer reads the type 6 evidence', async () => {
    const asked = await request(main.dealer, 'Otra solicitud');
    expect((await review(main.operator, asked)).statusCode).toBe(200);
    const noComment = await put(main.admin, asked.id, { status: 3, version: 2 });
    expect(noComment.statusCode).toBe(400);
    expect(json(noComment)).toMatchObject({ message: MESSAGES.required });
    const rejected = await put(
      main.admin,
      asked.id,
      { status: 3, version: 2, commentAF: 'Faltan documentos' },
      png('r.png'),
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const detail = json<One>(await get(main.dealer, `/api/exceptions/${asked.id}`)).data;
    expect(detail).toMatchObject({ status: 3, commentAF: 'Faltan documentos' });
    const adminEvidence = detail.evidences.find((e) => e.type === 6)!;
    expect(adminEvidence).toBeDefined();
    // The scoped download (files module) serves it to the dealer.
    const file = await get(main.dealer, adminEvidence.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
    expect((await get(foreign.dealer, adminEvidence.url)).statusCode).toBe(404);
  });
});

describe('refused transitions write nothing', () => {
  it('wrong type → 403, wrong status or stale version → 409, in Spanish', async () => {
    const asked = await request(main.dealer, 'Para rechazos');
    const before = await rowOf(asked.id);
    const filesBefore = await listFiles(dataDir);
    const cases: [string, Promise<Awaited<ReturnType<typeof put>>>, number][] = [
      ['dealer observes', review(main.dealer, asked, png('a.png')), 403],
      ['operator approves', put(main.operator, asked.id, { status: 2, version: 1 }, png('b.png')), 403],
      ['admin observes', review(main.admin, asked, png('c.png')), 403],
      ['admin approves a pending one', put(main.admin, asked.id, { status: 2, version: 1 }, png('d.png')), 409],
      ['stale version', review(main.operator, { id: asked.id, version: 7 }, png('e.png')), 409],
      ['status 0', put(main.operator, asked.id, { status: 0, version: 1 }), 400],
    ];
    for (const [label, pending, status] of cases) {
      const response = await pending;
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
      expect(json<{ message: string }>(response).message).toMatch(/[a-záéíóúñ]/i);
    }
    expect(json(await put(main.admin, asked.id, { status: 2, version: 1 }))).toMatchObject({
      code: 'INVALID_STATUS',
      message: FINANCING_MESSAGES.exceptionStatusNotAllowed,
    });
    expect(await rowOf(asked.id)).toEqual(before);
    expect(await evidenceTypes(asked.id)).toEqual([4]);
    expect(await listFiles(dataDir)).toEqual(filesBefore);

    // Once observed, the operator may not observe again (409).
    expect((await review(main.operator, asked)).statusCode).toBe(200);
    expect((await review(main.operator, { id: asked.id, version: 2 })).statusCode).toBe(409);
  });

  it('an evidence whose bytes are not what its extension says → 415, nothing written', async () => {
    const asked = await request(main.dealer, 'Evidencia falsa');
    const before = await rowOf(asked.id);
    const filesBefore = await listFiles(dataDir);
    const fake: Part = { name: 'evidence', filename: 'foto.png', content: PDF, type: 'image/png' };
    const response = await review(main.operator, asked, fake);
    expect(response.statusCode, response.body).toBe(415);
    expect(json(response)).toMatchObject({ message: MESSAGES.fileInvalidType });
    expect(await rowOf(asked.id)).toEqual(before);
    expect(await evidenceTypes(asked.id)).toEqual([4]);
    expect(await listFiles(dataDir)).toEqual(filesBefore);
  });
});

describe('GET /api/exceptions scope and filters', () => {
  it('another account’s exception is not found; its lists never show it', async () => {
    const theirs = await request(foreign.dealer, 'Ajena');
    for (const token of [main.dealer, main.operator, main.admin]) {
      expect((await get(token, `/api/exceptions/${theirs.id}`)).statusCode).toBe(404);
      expect((await list(token)).items.map((e) => e.id)).not.toContain(theirs.id);
    }
    expect((await review(main.operator, theirs)).statusCode).toBe(404);
    expect(await rowOf(theirs.id)).toMatchObject({ status: 0, version: 1 });
    expect((await list(foreign.operator)).items.map((e) => e.id)).toContain(theirs.id);
  });

  it('newest first; folio, date and status filters; statuses outside the type’s are never answered', async () => {
    const a = await request(main.dealer, 'Primera');
    const b = await request(main.dealer, 'Segunda');
    const items = (await list(main.dealer)).items;
    expect(items.findIndex((e) => e.id === b.id)).toBeLessThan(items.findIndex((e) => e.id === a.id));
    expect((await list(main.dealer, `?folio=${a.folio}`)).items.map((e) => e.id)).toEqual([a.id]);
    expect((await list(main.dealer, '?status=2')).items.every((e) => e.status === 2)).toBe(true);
    // Type 3 asks for 1: its type reads only 0, so nothing answers.
    expect((await list(main.operator, '?status=1')).items).toEqual([]);
    const day = businessClock(t.clock.now()).day;
    expect((await list(main.dealer, `?from=${day}&to=${day}`)).items.map((e) => e.id)).toContain(a.id);
    expect((await list(main.dealer, '?from=2000-01-01&to=2000-01-02')).items).toEqual([]);
    expect((await get(main.dealer, '/api/exceptions?status=9')).statusCode).toBe(400);
    const byAccount = await list(main.operator, `?account=${main.org.account.id}&company=${main.company.id}`);
    expect(byAccount.items.map((e) => e.id)).toContain(a.id);
  });

  it('needs a session; other types are refused', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/exceptions' })).statusCode).toBe(401);
    const legal = await createUser(db, 4, { accountId: main.org.account.id, companies: [main.company.id] });
    expect((await get(await signIn(app, legal.email), '/api/exceptions')).statusCode).toBe(403);
  });
});

describe('eligibility reads the exceptions (spec 3 §4 "Disposition eligibility check")', () => {
  it('a suspending audit blocks; an approved exception lets the dealer draw', async () => {
    const chain = await team();
    const day = businessClock(t.clock.now()).day;
    await db.insert(audits).values({
      auditor: 'Auditor',
      accountId: chain.org.account.id,
      companyId: chain.company.id,
      isSuspended: true,
      initialDate: day,
      endDate: day,
    });
    const check = async () =>
      json<{ data: ValidateProcess }>(await get(chain.dealer, `/api/audits/validate-process?date=${day}`)).data;
    expect(await check()).toMatchObject({ canProvision: false, messages: [expect.any(String), 'No puedes disponer'] });

    const asked = await request(chain.dealer, 'Auditoría en curso');
    expect((await check()).messages).toContain(FINANCING_MESSAGES.latestExceptionNotApproved);
    expect((await review(chain.operator, asked)).statusCode).toBe(200);
    expect((await check()).canProvision).toBe(false);
    expect((await put(chain.admin, asked.id, { status: 2, version: 2 })).statusCode).toBe(200);
    const after = await check();
    expect(after.canProvision).toBe(true);
    expect(after.messages).toContain(FINANCING_MESSAGES.latestExceptionApproved);

    // A new suspending audit recorded after that approval blocks again until another exception is approved, and the
    // dealer is told why — never that the exception it sees 'Aprobada' is not approved (decision 056).
    await db.insert(audits).values({
      auditor: 'Segundo auditor',
      accountId: chain.org.account.id,
      companyId: chain.company.id,
      isSuspended: true,
      initialDate: day,
      endDate: day,
    });
    expect(await check()).toEqual({
      canProvision: false,
      messages: ['Tienes 2 pendientes de auditorías', FINANCING_MESSAGES.approvalPredatesAudit],
      pendingBalances: 0,
      auditsInProgress: 2,
      latestExceptionStatus: 2,
    });
    expect(FINANCING_MESSAGES.approvalPredatesAudit).toBe(
      'La excepción aprobada es anterior a la auditoría; solicita una nueva excepción para disponer',
    );

    // A new request, approved after both audits were recorded, lifts them again.
    const again = await request(chain.dealer, 'Segunda auditoría');
    expect((await check()).messages).toContain(FINANCING_MESSAGES.latestExceptionNotApproved);
    expect((await review(chain.operator, again)).statusCode).toBe(200);
    expect((await put(chain.admin, again.id, { status: 2, version: 2 })).statusCode).toBe(200);
    expect(await check()).toMatchObject({
      canProvision: true,
      messages: [expect.any(String), FINANCING_MESSAGES.latestExceptionApproved],
    });
  });
});

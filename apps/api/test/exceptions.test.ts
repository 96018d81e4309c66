import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { EVIDENCE_TYPE, MESSAGES, NOTIFICATION_TYPE, USER_TYPES, exceptionRequested } from '@planpiso/domain';
import { auditLog } from '../src/db/schema/audit';
import { exceptions } from '../src/db/schema/exceptions';
import { evidences, files } from '../src/db/schema/files';
import { notifications } from '../src/db/schema/notifications';
import { bearer, createUser, json, signIn } from './harness';
import { PNG, dealerWithOperator, listFiles, multipart, type Part } from './support/uploads';
import { sharedApp } from './support/shared-app';

/**
 * POST /api/exceptions (spec 3 §7, issue 14 item 1.1): the dealer operator's request, with its type 4 evidence,
 * the notification to the account's operator and the audit row, all or nothing.
 */
const t = await sharedApp({ dataDir: true });
const { app, db, dataDir } = t;

const { org, operator, dealer } = await dealerWithOperator(db);
const token = await signIn(app, dealer.email);
const company = org.companies[0]!;

type Created = {
  data: {
    id: number;
    folio: string;
    status: number;
    comment: string;
    evidences: { id: number; fileId: number; type: number; url: string }[];
  };
  message: string;
};

const post = (parts: Part[], headers: Record<string, string> = bearer(token)) =>
  app.inject({ method: 'POST', url: '/api/exceptions', ...multipart(parts, headers) });
const requestParts = (comment: string): Part[] => [
  { name: 'comment', value: comment },
  { name: 'type', value: '1' },
  { name: 'evidence', filename: 'foto daño.png', content: PNG, type: 'image/png' },
];
const companyRows = () => db.select().from(exceptions).where(eq(exceptions.companyId, company.id));

describe('POST /api/exceptions', () => {
  it('type 5 sends: 201 with the folio; the row, its evidence, the operator’s notification and the audit row', async () => {
    const response = await post(requestParts('Tengo saldo pendiente por conciliar'));
    expect(response.statusCode, response.body).toBe(201);
    const body = json<Created>(response);
    expect(body.data.folio).toMatch(/^\d+$/);
    expect(body.message).toBe(exceptionRequested(body.data.folio));
    expect(body.data).toMatchObject({ status: 0, comment: 'Tengo saldo pendiente por conciliar' });

    const [row] = await db.select().from(exceptions).where(eq(exceptions.id, body.data.id));
    expect(row).toMatchObject({
      folio: body.data.folio,
      accountId: org.account.id,
      companyId: company.id,
      registerBy: dealer.id,
      type: 1,
      status: 0,
    });

    const [evidence] = await db.select().from(evidences).where(eq(evidences.exceptionId, body.data.id));
    expect(evidence).toMatchObject({ type: EVIDENCE_TYPE.EXCEPTION_CUSTOMER, provisionId: null, unitId: null });
    const [file] = await db.select().from(files).where(eq(files.id, evidence!.fileId));
    expect(file).toMatchObject({ originalName: 'foto daño.png', contentType: 'image/png', uploadedBy: dealer.id });
    expect(body.data.evidences).toEqual([
      expect.objectContaining({
        id: evidence!.id,
        type: 4,
        fileName: 'foto daño.png',
        extension: 'png',
        url: `/api/files/${file!.id}`,
      }),
    ]);

    const notes = await db.select().from(notifications).where(eq(notifications.userId, operator.id));
    expect(notes).toEqual([
      expect.objectContaining({
        type: NOTIFICATION_TYPE.EXCEPTION,
        isReaded: false,
        message: expect.stringContaining(body.data.folio),
      }),
    ]);
    expect(notes[0]!.message).toContain(company.name);

    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'exception'), eq(auditLog.entityId, String(body.data.id))));
    expect(audit).toEqual([expect.objectContaining({ actorId: dealer.id, action: 'exceptions.requested' })]);

    // The eligibility check reads it as the company's latest exception.
    const last = await app.inject({
      method: 'GET',
      url: `/api/companies/${company.id}/last-exception`,
      headers: bearer(token),
    });
    expect(json<{ data: { id: number } }>(last).data.id).toBe(body.data.id);
  });

  it('needs no evidence (spec 3 §2 marks only the comment required)', async () => {
    const response = await post([{ name: 'comment', value: 'Sin evidencia' }]);
    expect(response.statusCode, response.body).toBe(201);
    expect(json<Created>(response).data.evidences).toEqual([]);
  });

  it('each request gets its own folio', async () => {
    const a = json<Created>(await post([{ name: 'comment', value: 'Uno' }])).data.folio;
    const b = json<Created>(await post([{ name: 'comment', value: 'Dos' }])).data.folio;
    expect(Number(b)).toBeGreaterThan(Number(a));
  });

  it('a missing comment answers 400 in Spanish and stores nothing', async () => {
    const before = (await companyRows()).length;
    const filesBefore = await listFiles(dataDir);
    for (const parts of [requestParts('   '), requestParts('').filter((p) => p.name !== 'comment')]) {
      const response = await post(parts);
      expect(response.statusCode, response.body).toBe(400);
      expect(json(response)).toMatchObject({ code: 'BAD_REQUEST', message: MESSAGES.required });
    }
    const tooLong = await post(requestParts('x'.repeat(251)));
    expect(json(tooLong)).toMatchObject({ statusCode: 400, message: 'Máximo 250 caracteres' });
    expect(await companyRows()).toHaveLength(before);
    expect(await listFiles(dataDir)).toEqual(filesBefore);
  });

  it('other user types answer 403; no session 401', async () => {
    for (const type of USER_TYPES.filter((t) => t !== 5)) {
      const user = await createUser(db, type, {
        accountId: type >= 4 ? org.account.id : null,
        companyId: type >= 4 ? company.id : null,
        companies: type >= 4 ? [company.id] : [],
      });
      const response = await post(requestParts('No me toca'), bearer(await signIn(app, user.email)));
      expect(response.statusCode, `type ${type}: ${response.body}`).toBe(403);
    }
    expect((await post(requestParts('Anónimo'), {})).statusCode).toBe(401);
  });

  it('a dealer without an active company is told so (422, spec 3 §8)', async () => {
    const lost = await createUser(db, 5, { accountId: org.account.id });
    const response = await post(requestParts('Sin compañía'), bearer(await signIn(app, lost.email)));
    expect(response.statusCode, response.body).toBe(422);
    expect(json(response)).toMatchObject({ message: MESSAGES.userWithoutCompany });
  });

  it('a retry with the same Idempotency-Key answers the same exception, stored once', async () => {
    const headers = { ...bearer(token), 'idempotency-key': `exc-${Date.now()}` };
    const first = await post(requestParts('Reintento por red lenta'), headers);
    const again = await post(requestParts('Reintento por red lenta'), headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(json<Created>(again).data.id).toBe(json<Created>(first).data.id);
    const rows = (await companyRows()).filter((r) => r.comment === 'Reintento por red lenta');
    expect(rows).toHaveLength(1);
  });

  it('when the transaction fails, nothing is recorded and the stored file is deleted', async () => {
    const before = (await companyRows()).length;
    const filesBefore = await listFiles(dataDir);
    const put = vi.spyOn(app.deps.storage, 'put');
    const spy = vi.spyOn(app.services.notifications, 'notify').mockRejectedValueOnce(new Error('boom'));
    const response = await post(requestParts('Falla a medias'));
    spy.mockRestore();
    // The file did reach storage (before the transaction), and was deleted when the transaction failed.
    expect(put).toHaveBeenCalledTimes(1);
    put.mockRestore();
    expect(response.statusCode).toBe(500);
    expect(json(response)).toMatchObject({ code: 'INTERNAL_ERROR', message: MESSAGES.internalError });
    expect(await companyRows()).toHaveLength(before);
    expect(await listFiles(dataDir)).toEqual(filesBefore);
  });
});

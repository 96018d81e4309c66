import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  FINANCED_UNIT_STATUS,
  formatBusinessDate,
  noticeUnitSold,
  LOT_AUDIT_MESSAGES as TEXT,
  LOT_AUDIT_RESULT as R,
  LOT_AUDIT_STATUS,
  vinCheckCharacter,
  type AuditResponse,
  type ErrorResponse,
  type LotAuditSummary,
  type LotAuditUnit,
  type LotAuditUnits,
  type ProvisionFollowUpDetail,
} from '@planpiso/domain';
import { auditLog } from '../src/db/schema/audit';
import { notifications } from '../src/db/schema/notifications';
import { companies } from '../src/db/schema/organisation';
import { files } from '../src/db/schema/files';
import { financedUnitEvents, financedUnits } from '../src/db/schema/financed-units';
import { json } from './harness';
import { get, post, randomVin, releaseSigned, signedProvision, unit, type DealerGroup } from './provision-fixtures';
import { financingApp, groupAdmins } from './support/financing-app';
import { multipart, PDF } from './support/uploads';

/** A real 48×32 PNG (the e2e journey's photo too): the report draws its thumbnail. */
const PNG = readFileSync(new URL('../../../e2e/audits/unit-photo.png', import.meta.url));

/**
 * Lot audits per unit (issue 29 item 3, decision 081) on a database of this file's own: an audit snapshots its
 * company's financed units; the lender requests a self-audit; the dealer finds units by VIN, marks them with a photo
 * and closes the audit — the findings get deadlines and a unit found sold moves to Vendida (por liquidar). The
 * business clock stands at Tuesday 2026-11-24, noon in Mexico City.
 */
const TODAY = '2026-11-24';
const { t, seeded, groups } = await financingApp('lot_audits', { clients: ['10004', '10006'], dataDir: true });
const [a, b] = groups;
const [adminA] = await groupAdmins(t.app, seeded.db, [a, b] as const);
const LINES = { '10004': 'LC-10004-01', '10006': 'LC-10006-01' } as Record<string, string>;

/** A random VIN with its right check digit, as a real one carries. */
function checkedVin(): string {
  const vin = randomVin();
  return `${vin.slice(0, 8)}${vinCheckCharacter(vin)}${vin.slice(9)}`;
}

async function releasedProvision(group: DealerGroup, vins: string[]): Promise<ProvisionFollowUpDetail> {
  const units = vins.map((vin) => unit(vin, '150000.00'));
  const signed = await signedProvision(t.app, seeded.db, group, LINES[group.company.clientId]!, units, adminA.token);
  await releaseSigned(t.app, group, signed);
  return signed;
}

async function createAudit(group: DealerGroup): Promise<number> {
  const response = await post(t.app, adminA.token, '/api/audits', {
    auditor: 'Despacho Auditor Norte',
    description: 'Auditoría de piso',
    accountId: group.accountId,
    companyId: group.company.id,
    isSuspended: false,
    initialDate: TODAY,
    endDate: '2026-11-30',
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ data: { id: number } }>(response).data.id;
}

async function unitsOf(token: string, id: number): Promise<LotAuditUnits> {
  const response = await get(t.app, token, `/api/audits/${id}/units`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: LotAuditUnits }>(response).data;
}

const mark = (token: string, id: number, unitId: number, body: object) =>
  post(t.app, token, `/api/audits/${id}/units/${unitId}/result`, body);
const uploadPhoto = (token: string, id: number, name: string, content: Buffer, type: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/audits/${id}/photos`,
    ...multipart([{ name: 'file', filename: name, content, type }], { authorization: `Bearer ${token}` }),
  });
const errorOf = (response: Parameters<typeof json>[0]) => json<ErrorResponse>(response);
/** Editar of the audit (PUT /api/audits/:id) by the group's administrator: the form's fields with `companyId`. */
const editAudit = (group: DealerGroup, id: number, version: number, companyId: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/audits/${id}`,
    headers: { authorization: `Bearer ${adminA.token}` },
    payload: {
      auditor: 'Despacho Auditor Norte',
      description: 'Auditoría de piso',
      accountId: group.accountId,
      companyId,
      isSuspended: false,
      initialDate: TODAY,
      endDate: '2026-11-30',
      version,
    },
  });

// Group a: three units released, one of them paid off before the audit (not in the snapshot).
const vins = [checkedVin(), checkedVin(), checkedVin(), checkedVin()];
await releasedProvision(a, vins);
const registered = await seeded.db
  .select({ id: financedUnits.id, vin: financedUnits.vin })
  .from(financedUnits)
  .where(inArray(financedUnits.vin, vins));
const idOf = new Map(registered.map((row) => [row.vin, row.id]));
await seeded.db
  .update(financedUnits)
  .set({ status: FINANCED_UNIT_STATUS.PAID, paidAt: TODAY })
  .where(eq(financedUnits.id, idOf.get(vins[3]!)!));
const auditId = await createAudit(a);

describe('the snapshot (issue 29 §3: "an audit takes a snapshot of the company’s financed units")', () => {
  it('holds the company’s Vigente and Vendida units, each with its VIN, model and amount, none checked', async () => {
    const data = await unitsOf(adminA.token, auditId);
    expect(data.units.map((u) => u.vin).sort()).toEqual(vins.slice(0, 3).sort());
    expect(data.units.every((u) => u.result === null && u.resultName === 'Sin revisar')).toBe(true);
    expect(data.units[0]).toMatchObject({ model: '2026', amount: '150000.00' });
    expect(data.audit.progress).toEqual({ checked: 0, total: 3, text: '0 de 3' });
    expect(data.audit).toMatchObject({ status: 1, statusName: 'En curso', selfAuditDeadline: null });
  });

  it('a unit released after the audit started is not in it', async () => {
    await releasedProvision(a, [checkedVin()]);
    expect((await unitsOf(adminA.token, auditId)).units).toHaveLength(3);
  });
});

describe('scope: a dealer sees only the self-audits requested of its own company', () => {
  it('before the lender requests one, the company’s own dealer gets 404; another group’s never reaches it', async () => {
    expect((await get(t.app, a.tokens.dealer, `/api/audits/${auditId}/units`)).statusCode).toBe(404);
    const requested = await post(t.app, adminA.token, `/api/audits/${auditId}/self-audit`, { deadline: '2026-11-27' });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(json<{ message: string }>(requested).message).toBe(
      TEXT.selfAuditRequested(String(json<{ data: LotAuditUnits }>(requested).data.audit.folio), '2026-11-27'),
    );

    const mine = await unitsOf(a.tokens.dealer, auditId);
    expect(mine.audit).toMatchObject({
      selfAuditDeadline: '2026-11-27',
      can: { mark: true, close: false, requestSelfAudit: false },
    });
    expect((await unitsOf(a.tokens.legal, auditId)).units).toHaveLength(3);
    const list = json<{ data: LotAuditSummary[] }>(await get(t.app, a.tokens.dealer, '/api/lot-audits')).data;
    expect(list.map((row) => row.id)).toContain(auditId);

    const someUnit = mine.units[0]!;
    for (const token of [b.tokens.dealer, b.tokens.legal]) {
      expect((await get(t.app, token, `/api/audits/${auditId}/units`)).statusCode).toBe(404);
      expect((await get(t.app, token, `/api/audits/${auditId}/units/by-vin?vin=${someUnit.vin}`)).statusCode).toBe(404);
      expect((await mark(token, auditId, someUnit.id, { result: R.FOUND })).statusCode).toBe(404);
      expect(
        (await post(t.app, token, `/api/audits/${auditId}/close`, { version: mine.audit.version })).statusCode,
      ).toBe(404);
      expect((await get(t.app, token, `/api/audits/${auditId}/report`)).statusCode).toBe(404);
      expect(
        json<{ data: LotAuditSummary[] }>(await get(t.app, token, '/api/lot-audits')).data.map((r) => r.id),
      ).not.toContain(auditId);
    }
    // Another group's lender operator does not reach it either; the dealer cannot request a self-audit.
    expect((await get(t.app, b.tokens.operator, `/api/audits/${auditId}/units`)).statusCode).toBe(404);
    expect(
      (await post(t.app, a.tokens.dealer, `/api/audits/${auditId}/self-audit`, { deadline: '2026-11-27' })).statusCode,
    ).toBe(403);
  });
});

describe('bad input, refused in Spanish and nothing saved', () => {
  it('a deadline before today', async () => {
    const response = await post(t.app, adminA.token, `/api/audits/${auditId}/self-audit`, { deadline: '2026-11-20' });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toBe(TEXT.deadlineInPast);
  });

  it('a VIN not in the audit → 404 naming it; a 17-character VIN with a wrong check digit → 422', async () => {
    const stranger = checkedVin();
    const missing = await get(t.app, a.tokens.dealer, `/api/audits/${auditId}/units/by-vin?vin=${stranger}`);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(TEXT.vinNotInAudit(stranger));
    const good = vins[0]!;
    const wrongDigit = good[8] === '1' ? '2' : '1';
    const typo = `${good.slice(0, 8)}${wrongDigit}${good.slice(9)}`;
    const refused = await get(t.app, a.tokens.dealer, `/api/audits/${auditId}/units/by-vin?vin=${typo}`);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toMatchObject({ code: 'VIN_CHECK_DIGIT', message: TEXT.vinCheckDigit(typo) });
    // Typed in lower case with blanks, the right VIN is found.
    const found = await get(
      t.app,
      a.tokens.dealer,
      `/api/audits/${auditId}/units/by-vin?vin=${encodeURIComponent(` ${good.toLowerCase()} `)}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(json<{ data: LotAuditUnit }>(found).data.vin).toBe(good);
  });

  it('a photo that is not an image: refused at the upload (415), and a PDF upload named as the photo (422)', async () => {
    const upload = await uploadPhoto(a.tokens.dealer, auditId, 'foto.pdf', PDF, 'application/pdf');
    expect(upload.statusCode).toBe(415);
    expect(errorOf(upload).message).toBe(TEXT.photoNotImage);
    // A PDF disguised with a .png name is caught by its bytes.
    const disguised = await uploadPhoto(a.tokens.dealer, auditId, 'foto.png', PDF, 'image/png');
    expect(disguised.statusCode).toBe(415);

    const document = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      ...multipart(
        [
          { name: 'kind', value: 'provision' },
          { name: 'file', filename: 'anexo.pdf', content: PDF, type: 'application/pdf' },
        ],
        { authorization: `Bearer ${a.tokens.dealer}` },
      ),
    });
    expect(document.statusCode, document.body).toBe(201);
    const pdfId = json<{ data: { fileId: number } }>(document).data.fileId;
    const target = (await unitsOf(a.tokens.dealer, auditId)).units[0]!;
    const refused = await mark(a.tokens.dealer, auditId, target.id, { result: R.FOUND, photoFileId: pdfId });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toMatchObject({ code: 'PHOTO_NOT_IMAGE', message: TEXT.photoNotImage });
    expect((await unitsOf(a.tokens.dealer, auditId)).units.find((u) => u.id === target.id)!.result).toBeNull();
  });

  it('half a location, or one off the globe', async () => {
    const target = (await unitsOf(a.tokens.dealer, auditId)).units[0]!;
    for (const body of [{ latitude: 25.6 }, { latitude: 95, longitude: -100 }]) {
      const response = await mark(a.tokens.dealer, auditId, target.id, { result: R.FOUND, ...body });
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).message).toBe(TEXT.locationInvalid);
    }
  });
});

describe('marking and closing: findings, and a unit found sold feeds the sold-out-of-trust control', () => {
  it('the dealer marks every unit, closes, and the register and the history follow', async () => {
    const start = await unitsOf(a.tokens.dealer, auditId);
    const [found, lost, sold] = start.units;

    const photo = await uploadPhoto(a.tokens.dealer, auditId, 'frente.png', PNG, 'image/png');
    expect(photo.statusCode, photo.body).toBe(201);
    const photoFileId = json<{ data: { fileId: number } }>(photo).data.fileId;
    const first = await mark(a.tokens.dealer, auditId, found!.id, {
      result: R.FOUND,
      photoFileId,
      latitude: 25.68661,
      longitude: -100.31611,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(json<{ message: string }>(first).message).toBe(TEXT.unitMarked(found!.vin, 'Encontrada'));
    expect(json<{ data: LotAuditUnit }>(first).data).toMatchObject({
      result: R.FOUND,
      photoFileId,
      latitude: 25.68661,
      longitude: -100.31611,
      checkedAt: '2026-11-24T18:00:00.000Z',
    });
    expect((await mark(a.tokens.dealer, auditId, lost!.id, { result: R.NOT_LOCATED })).statusCode).toBe(200);

    // Units are checked: the audit's company can no longer change (its snapshot and results are of this one).
    const [otherCompany] = await seeded.db
      .insert(companies)
      .values({ accountId: a.accountId, name: `Otra ${a.company.name}`, clientId: `O-${a.company.id}` })
      .returning();
    const recompanied = await editAudit(a, auditId, start.audit.version, otherCompany!.id);
    expect(recompanied.statusCode, recompanied.body).toBe(422);
    expect(errorOf(recompanied)).toMatchObject({ code: 'AUDIT_UNITS_CHECKED', message: TEXT.companyFixedOnceChecked });

    // Not every unit is marked yet: the close is refused with what is missing.
    const early = await post(t.app, a.tokens.dealer, `/api/audits/${auditId}/close`, { version: start.audit.version });
    expect(early.statusCode).toBe(422);
    expect(errorOf(early).message).toBe('Falta 1 unidad por revisar');

    expect((await mark(a.tokens.dealer, auditId, sold!.id, { result: R.SOLD })).statusCode).toBe(200);
    const before = await unitsOf(a.tokens.dealer, auditId);
    expect(before.audit.progress.text).toBe('3 de 3');
    expect(before.audit.can.close).toBe(true);

    const closed = await post(t.app, a.tokens.dealer, `/api/audits/${auditId}/close`, {
      version: before.audit.version,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const after = json<{ data: LotAuditUnits; message: string }>(closed);
    expect(after.message).toBe(TEXT.closed(after.data.audit.folio, 2));
    expect(after.data.audit).toMatchObject({ status: 2, statusName: 'Cerrada', can: { mark: false, close: false } });

    // The unit found sold is Vendida (por liquidar), sold on the check's day, its payoff due after the grace.
    const [moved] = await seeded.db.select().from(financedUnits).where(eq(financedUnits.id, sold!.financedUnitId));
    expect(moved).toMatchObject({ status: FINANCED_UNIT_STATUS.SOLD, soldAt: TODAY });
    expect(moved!.payoffDueDate! > TODAY).toBe(true);
    const [untouched] = await seeded.db.select().from(financedUnits).where(eq(financedUnits.id, lost!.financedUnitId));
    expect(untouched!.status).toBe(FINANCED_UNIT_STATUS.CURRENT);

    // The findings: not located (5 business days: Tuesday 1 December) and sold unpaid (its payoff's due date).
    const findings = new Map(after.data.findings.map((f) => [f.vin, f]));
    expect(findings.size).toBe(2);
    expect(findings.get(lost!.vin)).toMatchObject({
      kind: 'notLocated',
      kindName: 'Unidad no localizada',
      deadline: '2026-12-01',
    });
    expect(findings.get(sold!.vin)).toMatchObject({ kind: 'soldUnpaid', deadline: moved!.payoffDueDate });
    expect(findings.has(found!.vin)).toBe(false);

    // Each checked unit's history says it was audited; the sold one also that it was sold, by the system.
    const events = await seeded.db
      .select()
      .from(financedUnitEvents)
      .where(
        inArray(financedUnitEvents.financedUnitId, [found!.financedUnitId, lost!.financedUnitId, sold!.financedUnitId]),
      );
    const kinds = (id: number) => events.filter((e) => e.financedUnitId === id).map((e) => e.kind);
    expect(kinds(found!.financedUnitId)).toContain('audited');
    expect(kinds(lost!.financedUnitId)).toContain('audited');
    expect(kinds(sold!.financedUnitId)).toEqual(expect.arrayContaining(['audited', 'sold']));
    expect(events.find((e) => e.financedUnitId === sold!.financedUnitId && e.kind === 'sold')!.actorId).toBeNull();
    const logged = await seeded.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'financed-units.sold'), eq(auditLog.entityId, String(sold!.financedUnitId))));
    expect(logged).toHaveLength(1);
    // The dealer and the account's operator hear of the sale the audit found, as of one the dealer reports.
    for (const user of [a.dealer, a.operator]) {
      const told = await seeded.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, user.id),
            eq(notifications.message, noticeUnitSold(sold!.vin, formatBusinessDate(moved!.payoffDueDate!))),
          ),
        );
      expect(told).toHaveLength(1);
    }

    // Closed for good: neither marked nor edited.
    const late = await mark(a.tokens.dealer, auditId, found!.id, { result: R.IN_TRANSIT });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(TEXT.auditClosed);
    const edited = await editAudit(a, auditId, after.data.audit.version, a.company.id);
    expect(edited.statusCode, edited.body).toBe(409);
    expect(errorOf(edited).message).toBe(TEXT.auditClosed);
    // The list and the form say so before anyone tries: Cerrada, and no Editar for the lender either.
    const closedAudit = json<{ data: AuditResponse }>(await get(t.app, adminA.token, `/api/audits/${auditId}`)).data;
    expect(closedAudit).toMatchObject({ status: LOT_AUDIT_STATUS.CLOSED, can: { edit: false } });
    const listed = json<{ data: { items: AuditResponse[] } }>(
      await get(t.app, adminA.token, '/api/audits?pageSize=100'),
    );
    expect(listed.data.items.find((audit) => audit.id === auditId)?.can).toEqual({ edit: false });
  });

  it('the report’s PDF lists every unit’s VIN and result', async () => {
    const response = await get(t.app, a.tokens.dealer, `/api/audits/${auditId}/report`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'lot-audit-report-'));
    writeFileSync(join(dir, 'r.pdf'), response.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-']).toString();
    const data = await unitsOf(adminA.token, auditId);
    for (const u of data.units) {
      // The table's row: the VIN and its result on one line (the findings' list names the VIN too).
      expect(
        text.split('\n').some((l) => l.includes(u.vin) && l.includes(u.resultName)),
        text,
      ).toBe(true);
    }
    expect(text).toContain('Hallazgos');
  });

  it('a photo whose bytes are gone from storage: the report still answers, every unit listed', async () => {
    const data = await unitsOf(adminA.token, auditId);
    const photographed = data.units.find((u) => u.photoFileId !== null)!;
    const [file] = await seeded.db.select().from(files).where(eq(files.id, photographed.photoFileId!));
    await t.app.deps.storage.delete(file!.key);
    const response = await get(t.app, a.tokens.dealer, `/api/audits/${auditId}/report`);
    expect(response.statusCode, response.body).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'lot-audit-report-'));
    writeFileSync(join(dir, 'r.pdf'), response.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-']).toString();
    for (const u of data.units) expect(text).toContain(u.vin);
  });
});

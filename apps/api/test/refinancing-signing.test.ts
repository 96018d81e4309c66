import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Money,
  REFINANCING_MESSAGES,
  REFINANCING_SIGNING_MESSAGES,
  SIGNING_MESSAGES,
  type RefinancingEvidence,
  type SigningEvidence,
} from '@planpiso/domain';
import { SIMULATOR_DEFAULTS } from '@planpiso/simulators/defaults';
import { auditLog } from '../src/db/schema/audit';
import { evidences } from '../src/db/schema/files';
import { provisionUnits } from '../src/db/schema/financing';
import { refinancingUnits, refinancings } from '../src/db/schema/refinancings';
import { bearer, json, type TestApp } from './harness';
import { dealerGroup, get, post, randomVin, type DealerGroup } from './provision-fixtures';
import { deliveries, envelopesSentFor, hmac, providerEnvelope, signAt, webhook } from './support/esign-simulator';
import { pdfText } from './support/pdf-text';
import { failAuditOf, groupProvision, startSigningApp, type SigningApp } from './support/signing-app';
import { PDF, PNG, multipart } from './support/uploads';

/**
 * A refinancing's unit evidences, signing documents and e-signature (issue 19, decision 047), on a database of this
 * file's own, the CRM and e-signature simulators over HTTP, and this app LISTENING on a port so the simulator's
 * webhooks really arrive. Refinancings are created through POST /api/refinancings from financed units seeded in the
 * database (as refinancings.test.ts does); a status the flow routes would reach is written directly when the test
 * is about what happens after it.
 */
const LINE = 'LC-10004-01';

let t: TestApp;
let seeded: SigningApp['seeded'];
let stop: SigningApp['stop'] | undefined;
let a: DealerGroup;
let b: DealerGroup;

beforeAll(async () => {
  ({ t, seeded, stop } = await startSigningApp('refsigning', { listen: true }));
  a = await dealerGroup(t.app, seeded.db, '10004');
  b = await dealerGroup(t.app, seeded.db, '10006');
}, 120_000);

afterAll(async () => {
  await stop?.();
});

type Made = { id: number; folio: string; units: { id: number; vin: string }[] };

/** A refinancing of group `a` at status 1, created through the API from two financed units. */
async function refinancing(options: { requireEvidences?: boolean } = {}): Promise<Made> {
  // Earlier refinancings leave the line's balance to this one.
  await seeded.db.execute(sql`update refinancings set status = 9 where credit_line = ${LINE} and status < 8`);
  const amounts = ['150000.00', '175000.50'];
  const provision = await groupProvision(seeded.db, a, {
    status: 8,
    creditLine: `LC-FIN-${randomUUID().slice(0, 8)}`,
    deadlines: 4,
    total: '325000.50',
  });
  const financed = await seeded.db
    .insert(provisionUnits)
    .values(
      amounts.map((amount) => {
        const vin = randomVin();
        return {
          provisionId: provision.id,
          vinNumber: vin,
          agency: 'Monterrey',
          brandName: 'Nissan',
          type: 'Sedan',
          model: '2025',
          description: `Versa ${vin.slice(-4)}`,
          color: 'Azul',
          insideColor: 'Negro',
          motorNumber: `MTR-${vin.slice(-6)}`,
          amount,
          deadlines: 2,
          canRefinance: true,
          validRepuve: true,
          validTransunion: true,
          validAx: true,
        };
      }),
    )
    .returning({ id: provisionUnits.id, amount: provisionUnits.amount });
  const response = await post(t.app, a.tokens.dealer, '/api/refinancings', {
    accountId: a.accountId,
    companyId: a.company.id,
    agencyId: a.agencyId,
    legalId: a.legal.id,
    total: Money.sum(financed.map((u) => Money.of(u.amount))).toDecimalString(),
    deadlines: 2,
    registerBy: a.dealer.id,
    creditLine: LINE,
    typeLine: '1',
    reviewAF: true,
    requireEvidences: options.requireEvidences ?? true,
    units: financed.map((u) => ({ unitId: u.id, comment: '', status: 0 })),
  });
  expect(response.statusCode, response.body).toBe(201);
  const created = json<{ data: { id: number; folio: string } }>(response).data;
  const units = await seeded.db
    .select({ id: refinancingUnits.id, vin: refinancingUnits.vinNumber })
    .from(refinancingUnits)
    .where(eq(refinancingUnits.refinancingId, created.id))
    .orderBy(refinancingUnits.id);
  return { id: created.id, folio: created.folio, units };
}

const setStatus = (id: number, status: number) =>
  seeded.db.update(refinancings).set({ status }).where(eq(refinancings.id, id));
const rowOf = async (id: number) => (await seeded.db.select().from(refinancings).where(eq(refinancings.id, id)))[0]!;

function upload(token: string, id: number, unitId: number, file: { name: string; content: Buffer }) {
  const form = multipart([{ name: 'file', filename: file.name, content: file.content }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/refinancings/${id}/units/${unitId}/evidences`,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
}

async function documentsOf(token: string, id: number): Promise<SigningEvidence[]> {
  const response = await get(t.app, token, `/api/refinancings/${id}/documents`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: { documents: SigningEvidence[] } }>(response).data.documents;
}

const envelopeIdOf = async (evidenceId: number) =>
  (await seeded.db.select().from(evidences).where(eq(evidences.id, evidenceId)))[0]?.envelopeId ?? null;

const sendToSign = (token: string, id: number, version: number) =>
  post(t.app, token, `/api/refinancings/${id}/send-to-sign`, { version });

describe('unit evidences (POST/GET /api/refinancings/{id}/units/{unitId}/evidences)', () => {
  it('takes a png or pdf from the dealer and the operator, lists it and downloads it in scope', async () => {
    const r = await refinancing();
    const [unit] = r.units;
    const uploaded = await upload(a.tokens.dealer, r.id, unit!.id, { name: 'factura.png', content: PNG });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const body = json<{ data: RefinancingEvidence; message: string }>(uploaded);
    expect(body.message).toBe(REFINANCING_SIGNING_MESSAGES.evidenceUploaded);
    expect(body.data).toMatchObject({ unitId: unit!.id, type: 8, fileName: 'factura.png', extension: 'png' });
    const byOperator = await upload(a.tokens.operator, r.id, unit!.id, { name: 'tarjeta.pdf', content: PDF });
    expect(byOperator.statusCode, byOperator.body).toBe(201);

    const list = json<{ data: { evidences: RefinancingEvidence[] } }>(
      await get(t.app, a.tokens.operator, `/api/refinancings/${r.id}/units/${unit!.id}/evidences`),
    ).data.evidences;
    expect(list.map((e) => e.fileName)).toEqual(['factura.png', 'tarjeta.pdf']);
    // The legal representative sees a refinancing from status 5 only (spec 3 §4).
    expect((await get(t.app, a.tokens.legal, list[0]!.url)).statusCode).toBe(404);
    const file = await get(t.app, a.tokens.dealer, list[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers['content-disposition']).toContain('attachment');

    // Another company's people find none of it.
    expect((await get(t.app, b.tokens.dealer, list[0]!.url)).statusCode).toBe(404);
    expect(
      (await get(t.app, b.tokens.dealer, `/api/refinancings/${r.id}/units/${unit!.id}/evidences`)).statusCode,
    ).toBe(404);
    expect((await get(t.app, b.tokens.operator, `/api/files/${list[0]!.fileId}`)).statusCode).toBe(404);
    // The files module reaches it too (the signed-link download of the screens).
    expect((await get(t.app, a.tokens.operator, `/api/files/${list[0]!.fileId}/link`)).statusCode).toBe(200);

    const audit = await seeded.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'refinancings.evidence-uploaded'), eq(auditLog.entityId, String(r.id))));
    expect(audit).toHaveLength(2);
  });

  it('refuses a wrong file, a wrong status, a dealer when evidences are not requested, and foreign rows', async () => {
    const r = await refinancing();
    const unitId = r.units[0]!.id;
    const text = await upload(a.tokens.dealer, r.id, unitId, { name: 'notas.txt', content: Buffer.from('hola') });
    expect(text.statusCode).toBe(415);
    const disguised = await upload(a.tokens.dealer, r.id, unitId, { name: 'foto.png', content: PDF });
    expect(disguised.statusCode).toBe(415);
    // Another refinancing's unit, another company's dealer, a type that does not upload.
    const other = await refinancing();
    expect((await upload(a.tokens.dealer, r.id, other.units[0]!.id, { name: 'x.png', content: PNG })).statusCode).toBe(
      404,
    );
    expect(
      (await upload(b.tokens.dealer, other.id, other.units[0]!.id, { name: 'x.png', content: PNG })).statusCode,
    ).toBe(404);
    expect(
      (await upload(a.tokens.legal, other.id, other.units[0]!.id, { name: 'x.png', content: PNG })).statusCode,
    ).toBe(403);

    await setStatus(other.id, 3);
    const late = await upload(a.tokens.dealer, other.id, other.units[0]!.id, { name: 'x.png', content: PNG });
    expect(late.statusCode).toBe(409);
    expect(json(late)).toMatchObject({ message: REFINANCING_SIGNING_MESSAGES.evidenceStatusNotAllowed });
    await setStatus(other.id, 2);
    expect(
      (await upload(a.tokens.dealer, other.id, other.units[0]!.id, { name: 'x.png', content: PNG })).statusCode,
    ).toBe(201);

    const noEvidence = await refinancing({ requireEvidences: false });
    const refused = await upload(a.tokens.dealer, noEvidence.id, noEvidence.units[0]!.id, {
      name: 'x.png',
      content: PNG,
    });
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ message: REFINANCING_SIGNING_MESSAGES.evidencesNotRequested });
    // The lender's operator may still attach one.
    const byOperator = await upload(a.tokens.operator, noEvidence.id, noEvidence.units[0]!.id, {
      name: 'x.png',
      content: PNG,
    });
    expect(byOperator.statusCode).toBe(201);
  });

  it('refuses Evidencia completa while a unit has no evidence, then moves to 3', async () => {
    const r = await refinancing();
    await upload(a.tokens.dealer, r.id, r.units[0]!.id, { name: 'a.png', content: PNG });
    const early = await t.app.inject({
      method: 'PATCH',
      url: `/api/refinancings/${r.id}/set-status`,
      payload: { status: 3, version: (await rowOf(r.id)).version },
      headers: bearer(a.tokens.dealer),
    });
    expect(early.statusCode).toBe(422);
    expect(json(early)).toMatchObject({ message: REFINANCING_MESSAGES.evidenceIncomplete });
    await upload(a.tokens.dealer, r.id, r.units[1]!.id, { name: 'b.pdf', content: PDF });
    const complete = await t.app.inject({
      method: 'PATCH',
      url: `/api/refinancings/${r.id}/set-status`,
      payload: { status: 3, version: (await rowOf(r.id)).version },
      headers: bearer(a.tokens.dealer),
    });
    expect(complete.statusCode, complete.body).toBe(200);
    expect((await rowOf(r.id)).status).toBe(3);
    const detail = json<{ data: { units: { evidenceCount: number }[] } }>(
      await get(t.app, a.tokens.dealer, `/api/refinancings/${r.id}`),
    ).data;
    expect(detail.units.map((u) => u.evidenceCount)).toEqual([1, 1]);
  });
});

describe('signing documents and the e-signature (5 → 6 → 7)', () => {
  let r: Made;
  let documentId: number;
  let envelopeId: string;

  it('Enviar a FinBe (set-status 5 at 1, no evidences) makes the PDF and one envelope', async () => {
    r = await refinancing({ requireEvidences: false });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/refinancings/${r.id}/set-status`,
      payload: { status: 5, version: (await rowOf(r.id)).version },
      headers: bearer(a.tokens.dealer),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = json<{ data: { status: number; documents: SigningEvidence[] }; message: string }>(response);
    expect(body.message).toBe(SIGNING_MESSAGES.sentToSign);
    expect(body.data.status).toBe(5);
    expect(body.data.documents).toEqual([expect.objectContaining({ type: 13, typeSignDoc: 0, signedStatus: 1 })]);
    documentId = body.data.documents[0]!.id;
    expect(body.data.documents[0]!.fileName).toBe(`Refinanciamiento ${r.folio}.pdf`);

    const pdf = await get(t.app, a.tokens.dealer, body.data.documents[0]!.url);
    expect(pdf.statusCode).toBe(200);
    const printed = pdfText(pdf.rawPayload);
    expect(printed).toContain(`Refinanciamiento N° ${r.folio}`);
    expect(printed).toContain(a.company.name);
    expect(printed).toContain(LINE);
    expect(printed).toContain('325,000.50');
    for (const unit of r.units) expect(printed).toContain(unit.vin);

    envelopeId = (await envelopeIdOf(documentId))!;
    const envelope = await providerEnvelope(envelopeId);
    expect(envelope.reference).toBe(`refinancing:${r.id}:${documentId}`);
    expect(envelope.signers.map((s) => s.email)).toEqual([a.legal.email]);
    expect(await envelopesSentFor('refinancing', r.id)).toEqual(new Set([envelopeId]));
    // The legal representative sees its sign page; the dealer does not.
    expect((await documentsOf(a.tokens.legal, r.id))[0]!.signUrl).toBeTruthy();
    expect((await documentsOf(a.tokens.dealer, r.id))[0]!.signUrl).toBeUndefined();
  });

  it('has no signed documents to download yet (409), and only types 3 and 4 may ask', async () => {
    const none = await get(t.app, a.tokens.operator, `/api/refinancings/${r.id}/signed-documents`);
    expect(none.statusCode).toBe(409);
    expect(json(none)).toMatchObject({ message: REFINANCING_SIGNING_MESSAGES.noSignedDocuments });
    expect((await get(t.app, a.tokens.dealer, `/api/refinancings/${r.id}/signed-documents`)).statusCode).toBe(403);
  });

  it('moves to 6 on the signature and to 7 when completed; the signed PDF then downloads; release works', async () => {
    const envelope = await providerEnvelope(envelopeId);
    await signAt(envelopeId, envelope.signers[0]!.signerId);
    await expect.poll(async () => (await rowOf(r.id)).status, { timeout: 15_000 }).toBe(7);
    const [document] = await documentsOf(a.tokens.operator, r.id);
    expect(document).toMatchObject({ id: documentId, signedStatus: 2 });
    const actions = await seeded.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'refinancing'), eq(auditLog.entityId, String(r.id))))
      .orderBy(auditLog.id);
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'refinancings.sendToFinbe',
        'refinancings.signingStarted',
        'refinancings.signingCompleted',
      ]),
    );

    for (const token of [a.tokens.operator, a.tokens.legal]) {
      const signed = await get(t.app, token, `/api/refinancings/${r.id}/signed-documents`);
      expect(signed.statusCode).toBe(200);
      expect(signed.headers['content-type']).toBe('application/pdf');
      expect(signed.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    }
    expect((await get(t.app, b.tokens.operator, `/api/refinancings/${r.id}/signed-documents`)).statusCode).toBe(404);

    const released = await post(t.app, a.tokens.operator, `/api/refinancings/${r.id}/release`, {
      version: (await rowOf(r.id)).version,
    });
    expect(released.statusCode, released.body).toBe(200);
    expect((await rowOf(r.id)).status).toBe(10);
  });

  it('changes nothing when the provider’s events arrive again, and refuses a forged one', async () => {
    const footprint = async () => ({
      row: await rowOf(r.id),
      audits: (
        await seeded.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'refinancing'), eq(auditLog.entityId, String(r.id))))
      ).length,
      documents: await documentsOf(a.tokens.operator, r.id),
    });
    const before = await footprint();
    const events = (await deliveries()).map((d) => d.event).filter((event) => event.envelopeId === envelopeId);
    expect(events.length).toBeGreaterThanOrEqual(3);
    const signedWebhook = (body: string, secret: string) => webhook(t.app, body, hmac(body, secret));
    for (const event of events) {
      const replay = await signedWebhook(JSON.stringify(event), SIMULATOR_DEFAULTS.esignWebhookSecret);
      expect(replay.statusCode, replay.body).toBe(200);
      expect(['duplicate', 'ignored']).toContain(json<{ data: { outcome: string } }>(replay).data.outcome);
    }
    const forged = await signedWebhook(JSON.stringify(events[0]), 'not-the-secret');
    expect(forged.statusCode).toBe(401);
    expect(await footprint()).toEqual(before);
  });

  it('downloads several signed documents as one ZIP', async () => {
    const [signed] = await seeded.db.select().from(evidences).where(eq(evidences.id, documentId));
    await seeded.db.insert(evidences).values({
      fileId: signed!.fileId,
      type: 13,
      refinancingId: r.id,
      typeSignDoc: 0,
      signedStatus: 2,
      position: 0,
    });
    const zip = await get(t.app, a.tokens.operator, `/api/refinancings/${r.id}/signed-documents`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const bytes = zip.rawPayload;
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    // Two entries, both the stamped PDF (the second named apart), inflating to '%PDF…'.
    const names: string[] = [];
    let offset = 0;
    while (bytes.readUInt32LE(offset) === 0x04034b50) {
      const size = bytes.readUInt32LE(offset + 18);
      const nameLength = bytes.readUInt16LE(offset + 26);
      names.push(bytes.subarray(offset + 30, offset + 30 + nameLength).toString('utf8'));
      const data = inflateRawSync(bytes.subarray(offset + 30 + nameLength, offset + 30 + nameLength + size));
      expect(data.subarray(0, 4).toString('latin1')).toBe('%PDF');
      offset += 30 + nameLength + size;
    }
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(2);
  });
});

describe('Enviar a firma at 4, a send whose transaction fails, and redo', () => {
  it('creates one envelope: a retry after a failed transaction reuses it', async () => {
    const r = await refinancing();
    await setStatus(r.id, 4);
    const version = (await rowOf(r.id)).version;
    expect((await sendToSign(a.tokens.operator, r.id, version)).statusCode).toBe(403);
    expect((await sendToSign(b.tokens.dealer, r.id, version)).statusCode).toBe(404);
    expect((await sendToSign(a.tokens.dealer, r.id, version + 1)).statusCode).toBe(409);
    expect(await envelopesSentFor('refinancing', r.id)).toEqual(new Set());

    const restoreAudit = await failAuditOf(seeded.db, 'refinancings.sendToSign', r.id);
    const failed = await sendToSign(a.tokens.dealer, r.id, version);
    expect(failed.statusCode).toBe(500);
    expect((await rowOf(r.id)).status).toBe(4);
    const [document] = await documentsOf(a.tokens.dealer, r.id);
    expect(document).toMatchObject({ signedStatus: 0 });
    const kept = await envelopeIdOf(document!.id);
    expect(kept).toBeTruthy();
    await restoreAudit();

    const retried = await sendToSign(a.tokens.dealer, r.id, version);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(json<{ data: { status: number } }>(retried).data.status).toBe(5);
    const after = await documentsOf(a.tokens.dealer, r.id);
    expect(after).toEqual([expect.objectContaining({ id: document!.id, signedStatus: 1 })]);
    expect(await envelopeIdOf(document!.id)).toBe(kept);
    expect(await envelopesSentFor('refinancing', r.id)).toEqual(new Set([kept]));
  });

  it('makes one envelope when the same send arrives twice at once (a double click)', async () => {
    const r = await refinancing();
    await setStatus(r.id, 4);
    const version = (await rowOf(r.id)).version;
    const answers = await Promise.all([
      sendToSign(a.tokens.dealer, r.id, version),
      sendToSign(a.tokens.dealer, r.id, version),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await rowOf(r.id)).status).toBe(5);
    const documents = await documentsOf(a.tokens.dealer, r.id);
    expect(documents).toHaveLength(1);
    expect(await envelopesSentFor('refinancing', r.id)).toEqual(new Set([await envelopeIdOf(documents[0]!.id)]));
  });

  it('redoes a document out for signature in a new envelope (types 1, 3, 4); the old one’s signatures change nothing', async () => {
    const r = await refinancing();
    await setStatus(r.id, 4);
    expect((await sendToSign(a.tokens.dealer, r.id, (await rowOf(r.id)).version)).statusCode).toBe(200);
    const [old] = await documentsOf(a.tokens.dealer, r.id);
    const oldEnvelope = (await envelopeIdOf(old!.id))!;
    const redoUrl = `/api/refinancings/${r.id}/documents/${old!.id}/redo`;

    expect((await post(t.app, a.tokens.dealer, redoUrl, {})).statusCode).toBe(403);
    expect((await post(t.app, b.tokens.operator, redoUrl, {})).statusCode).toBe(404);
    expect(
      (await post(t.app, a.tokens.operator, `/api/refinancings/${r.id}/documents/999999/redo`, {})).statusCode,
    ).toBe(404);
    const redone = await post(t.app, a.tokens.legal, redoUrl, { refinancingId: r.id });
    expect(redone.statusCode, redone.body).toBe(200);
    expect(json<{ message: string }>(redone).message).toBe('El documento se generó nuevamente');
    const documents = await documentsOf(a.tokens.operator, r.id);
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({ signedStatus: 1 });
    expect(documents[0]!.id).not.toBe(old!.id);
    const newEnvelope = (await envelopeIdOf(documents[0]!.id))!;
    expect(await envelopesSentFor('refinancing', r.id)).toEqual(new Set([oldEnvelope, newEnvelope]));

    // A late signature on the withdrawn envelope: nothing moves.
    const withdrawn = await providerEnvelope(oldEnvelope);
    await signAt(oldEnvelope, withdrawn.signers[0]!.signerId);
    const fresh = await providerEnvelope(newEnvelope);
    await signAt(newEnvelope, fresh.signers[0]!.signerId);
    await expect.poll(async () => (await rowOf(r.id)).status, { timeout: 15_000 }).toBe(7);
    expect((await documentsOf(a.tokens.operator, r.id)).map((d) => d.id)).toEqual([documents[0]!.id]);
  });
});

describe('the legal representative signs in the app (GET /api/refinancings/{id}/signing, issue 26)', () => {
  type SigningPage = {
    id: number;
    folio: string;
    companyName: string;
    status: number;
    documents: SigningEvidence[];
  };
  const page = (token: string, id: number) => get(t.app, token, `/api/refinancings/${id}/signing`);

  it('shows type 4 its sign page; signing there moves the refinancing 5 → 6 → 7 through the e-signature flow', async () => {
    const r = await refinancing({ requireEvidences: false });
    await setStatus(r.id, 4);
    const sent = await sendToSign(a.tokens.dealer, r.id, (await rowOf(r.id)).version);
    expect(sent.statusCode, sent.body).toBe(200);

    const response = await page(a.tokens.legal, r.id);
    expect(response.statusCode, response.body).toBe(200);
    const shown = json<{ data: SigningPage }>(response).data;
    expect(shown).toMatchObject({ id: r.id, folio: r.folio, companyName: a.company.name, status: 5 });
    expect(shown.documents).toHaveLength(1);
    const [document] = shown.documents;
    expect(document!.signUrl).toMatch(/\/sign\//);

    // The page's Firmar opens the provider's sign page; signing there is the provisions' flow (webhooks).
    const signed = await fetch(document!.signUrl!, { method: 'POST', headers: { accept: 'application/json' } });
    expect(signed.status).toBe(200);
    await expect.poll(async () => (await rowOf(r.id)).status, { timeout: 15_000 }).toBe(7);
    const after = json<{ data: SigningPage }>(await page(a.tokens.legal, r.id)).data;
    expect(after.status).toBe(7);
    expect(after.documents[0]).toMatchObject({ id: document!.id, signedStatus: 2 });
    expect(after.documents[0]!.signUrl).toBeUndefined();
  });

  it('is the legal representative’s only (other types 403) and its own company’s (another group 404)', async () => {
    const r = await refinancing({ requireEvidences: false });
    await setStatus(r.id, 5);
    expect((await page(a.tokens.legal, r.id)).statusCode).toBe(200);
    for (const token of [a.tokens.dealer, a.tokens.operator]) expect((await page(token, r.id)).statusCode).toBe(403);
    const foreign = await page(b.tokens.legal, r.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(r.folio);
    // Before it is out for signature (type 4 sees 5–10) it is not found either.
    await setStatus(r.id, 4);
    expect((await page(a.tokens.legal, r.id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/refinancings/${r.id}/signing` })).statusCode).toBe(401);
  });
});

import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SIGNING_MESSAGES, type SigningActionResponse, type SigningEvidence } from '@planpiso/domain';
import { SIMULATOR_DEFAULTS } from '@planpiso/simulators/defaults';
import { auditLog } from '../src/db/schema/audit';
import { evidences } from '../src/db/schema/files';
import { provisionUnits, provisions } from '../src/db/schema/financing';
import { notifications } from '../src/db/schema/notifications';
import { signatureConfigSigners, signatureConfigs } from '../src/db/schema/signatures';
import { users } from '../src/db/schema/users';
import { createAdapters } from '../src/adapters';
import { ExternalServiceError } from '../src/adapters/errors';
import { buildApp } from '../src/app';
import { bearer, json, testConfig, testLogger, type TestApp } from './harness';
import { dealerGroup, get, post, randomVin, type DealerGroup } from './provision-fixtures';
import {
  deliveries,
  envelopesSentFor,
  esignToken,
  esignUrl,
  hmac,
  providerEnvelope,
  signAt,
  webhook,
} from './support/esign-simulator';
import { pdfText } from './support/pdf-text';
import { failAuditOf, groupProvision, startSigningApp, type SigningApp } from './support/signing-app';

/**
 * Signing documents and e-signature (issue 17, decision 037), on a database of this file's own, the CRM and the
 * e-signature simulators over HTTP, and this app LISTENING on a port so the simulator's webhooks really arrive.
 * Setup puts provisions in status 4 (Aceptada) directly in the database — the lender's confirmation is another
 * helper's route — with two included units and one the lender left out, and saves an electronic signer
 * configuration for the company and line: a joint signature of two of the CRM's legal representatives (who have
 * e-mails) and a guarantor (who has none).
 */
const LINE = 'LC-10005-01';

let t: TestApp;
let seeded: SigningApp['seeded'];
let dataDir: string;
let stop: SigningApp['stop'] | undefined;
let a: DealerGroup;
let b: DealerGroup;

beforeAll(async () => {
  ({ t, seeded, dataDir, stop } = await startSigningApp('signing', { listen: true }));
  a = await dealerGroup(t.app, seeded.db, '10005');
  b = await dealerGroup(t.app, seeded.db, '10006');
  const [config] = await seeded.db
    .insert(signatureConfigs)
    .values({ accountId: a.accountId, companyId: a.company.id, creditLine: LINE, isElectronic: true, version: 1 })
    .returning({ id: signatureConfigs.id });
  await seeded.db.insert(signatureConfigSigners).values([
    {
      configId: config!.id,
      keySigner: 'legal:10005',
      clientId: '10005',
      signerId: '10005-1',
      signedBy: 'Ricardo Domínguez Palacios, Claudia Reyes Contreras',
      isLegal: true,
      isCustom: false,
      isJoint: true,
      selectedValue: JSON.stringify(['10005-1', '10005-2']),
    },
    {
      configId: config!.id,
      keySigner: 'aval:90051',
      clientId: '90051',
      signerId: '90051',
      signedBy: 'Ricardo Domínguez Palacios',
      isLegal: false,
      isCustom: false,
      isJoint: false,
      selectedValue: '',
    },
  ]);
}, 120_000);

afterAll(async () => {
  await stop?.();
});

type Accepted = { id: number; folio: string; included: string[]; excluded: string };

/** A provision of group `a` at status 4 (Aceptada), written directly: two included units, one left out. */
async function acceptedProvision(): Promise<Accepted> {
  const row = await groupProvision(seeded.db, a, { status: 4, creditLine: LINE, deadlines: 3, total: '750000.50' });
  const included = [randomVin(), randomVin()];
  const excluded = randomVin();
  const unitRow = (vinNumber: string, amount: string, isIncluded: boolean) => ({
    provisionId: row.id,
    vinNumber,
    agency: 'León',
    brandName: 'Nissan',
    type: 'Sedan',
    model: '2026',
    description: `Versa ${vinNumber.slice(-4)}`,
    color: 'Blanco',
    insideColor: 'Negro',
    motorNumber: `MTR-${vinNumber.slice(-6)}`,
    amount,
    included: isIncluded,
  });
  await seeded.db
    .insert(provisionUnits)
    .values([
      unitRow(included[0]!, '500000.25', true),
      unitRow(included[1]!, '250000.25', true),
      unitRow(excluded, '99000.00', false),
    ]);
  return { id: row.id, folio: String(row.folio), included, excluded };
}

const versionOf = async (id: number) =>
  (await seeded.db.select({ v: provisions.version }).from(provisions).where(eq(provisions.id, id)))[0]!.v;
const statusOf = async (id: number) =>
  (await seeded.db.select({ s: provisions.status }).from(provisions).where(eq(provisions.id, id)))[0]!.s;

async function download(token: string, fileId: number): Promise<Buffer> {
  const response = await t.app.inject({ method: 'GET', url: `/api/files/${fileId}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

async function documentsOf(token: string, id: number): Promise<SigningEvidence[]> {
  const response = await get(t.app, token, `/api/provisions/${id}/evidences-signature`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: { evidences: SigningEvidence[] } }>(response).data.evidences;
}

const envelopeOfDocument = async (evidenceId: number) =>
  (await seeded.db.select().from(evidences).where(eq(evidences.id, evidenceId)))[0]!;

/** What a replay must not change: the provision's version, its audit rows and everyone's notifications. */
async function footprint(id: number) {
  const [audits] = await seeded.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'provision'), eq(auditLog.entityId, String(id))));
  const [notes] = await seeded.db.select({ n: count() }).from(notifications);
  const docs = await seeded.db
    .select({ id: evidences.id, signedStatus: evidences.signedStatus, fileId: evidences.fileId })
    .from(evidences)
    .where(eq(evidences.provisionId, id));
  return { version: await versionOf(id), status: await statusOf(id), audits: audits!.n, notes: notes!.n, docs };
}

describe('the signing document (POST /api/provisions/{id}/documents)', () => {
  it('is a real PDF with the folio, the included units and a signature block per signer', async () => {
    const p = await acceptedProvision();
    const response = await post(t.app, a.tokens.dealer, `/api/provisions/${p.id}/documents`, undefined);
    expect(response.statusCode, response.body).toBe(200);
    const body = json<SigningActionResponse>(response);
    expect(body.message).toBe(SIGNING_MESSAGES.documentsGenerated);
    expect(body.data).toMatchObject({ id: p.id, status: 4 });
    expect(body.data.evidences).toHaveLength(1);
    const [document] = body.data.evidences;
    expect(document).toMatchObject({ type: 1, typeSignDoc: 0, signedStatus: 0, extension: 'pdf' });
    expect(document!.fileName).toBe(`Disposicion ${p.folio}.pdf`);

    const pdf = await download(a.tokens.dealer, document!.fileId);
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(document!.fileSize).toBe(pdf.length);
    const text = pdfText(pdf);
    expect(text).toContain(`Disposición N° ${p.folio}`);
    expect(text).toContain(a.company.name);
    expect(text).toContain(LINE);
    expect(text).toContain('750,000.50');
    for (const vin of p.included) expect(text).toContain(vin);
    // The unit the lender left out is not in the document.
    expect(text).not.toContain(p.excluded);
    // The legal representative, both people of the joint signature, and the guarantor (who signs on paper).
    expect(text).toContain('Nombre4 Apellido4');
    expect(text).toContain('Ricardo Domínguez Palacios');
    expect(text).toContain('Claudia Reyes Contreras');
    expect(text).toContain('Por: Aval: Ricardo Domínguez Palacios');
    expect(text).toContain('Firma autógrafa');
    expect(text).toContain('Firma mancomunada');
  });

  it('names the legal representative as the follow-up page does, also when the user is one of the CRM’s people (decision 061)', async () => {
    // The legal representative user is the CRM's second representative of 10005, 'Claudia Reyes Contreras', who is
    // in the configuration's joint signature: the document must not call them by the CRM's name.
    await seeded.db.update(users).set({ legalId: '10005-2' }).where(eq(users.id, a.legal.id));
    try {
      const p = await acceptedProvision();
      const generated = await post(t.app, a.tokens.dealer, `/api/provisions/${p.id}/documents`, undefined);
      expect(generated.statusCode, generated.body).toBe(200);
      const document = json<SigningActionResponse>(generated).data.evidences[0]!;
      const text = pdfText(await download(a.tokens.dealer, document.fileId));
      const detail = json<{ data: { legalPerson: { name: string } | null } }>(
        await get(t.app, a.tokens.dealer, `/api/provisions/${p.id}`),
      ).data;
      const name = detail.legalPerson!.name;
      expect(name).toBe('Nombre4 Apellido4');
      // 'Representante legal: <name>' and the signature block: the same person, by the same name.
      expect(text.split(name).length - 1).toBeGreaterThanOrEqual(2);
      expect(text).not.toContain('Claudia Reyes Contreras');
      expect(text).toContain('Ricardo Domínguez Palacios');
    } finally {
      await seeded.db.update(users).set({ legalId: null }).where(eq(users.id, a.legal.id));
    }
  });

  it('replaces the unsent document on a second call, and keeps its folio when a manual folio comes later', async () => {
    const p = await acceptedProvision();
    const first = json<SigningActionResponse>(
      await post(t.app, a.tokens.dealer, `/api/provisions/${p.id}/documents`, undefined),
    ).data.evidences[0]!;
    const second = json<SigningActionResponse>(
      await post(t.app, a.tokens.dealer, `/api/provisions/${p.id}/documents`, undefined),
    ).data.evidences;
    expect(second).toHaveLength(1);
    expect(second[0]!.id).not.toBe(first.id);
    expect(await documentsOf(a.tokens.dealer, p.id)).toEqual([expect.objectContaining({ id: second[0]!.id })]);

    // The lender sets a manual folio afterwards: the generated document still shows the folio it was made with.
    await seeded.db
      .update(provisions)
      .set({ useManualFolio: true, manualFolio: '777001' })
      .where(eq(provisions.id, p.id));
    const kept = pdfText(await download(a.tokens.dealer, second[0]!.fileId));
    expect(kept).toContain(`Disposición N° ${p.folio}`);
    expect(kept).not.toContain('777001');

    // Redo (types 1 and 3) makes it again, with the provision as it stands now.
    const redo = await post(t.app, a.tokens.operator, `/api/provisions/${p.id}/redo-document`, { provisionId: p.id });
    expect(redo.statusCode, redo.body).toBe(200);
    const redone = json<SigningActionResponse>(redo);
    expect(redone.message).toBe('El documento se generó nuevamente');
    expect(redone.data.evidences).toHaveLength(1);
    expect(pdfText(await download(a.tokens.operator, redone.data.evidences[0]!.fileId))).toContain(
      'Disposición N° 777001',
    );
    const mismatch = await post(t.app, a.tokens.operator, `/api/provisions/${p.id}/redo-document`, {
      provisionId: p.id + 1000,
    });
    expect(mismatch.statusCode).toBe(400);
  });

  it('is the dealer operator’s at status 4 only; another company’s provision is not found', async () => {
    const p = await acceptedProvision();
    expect((await post(t.app, a.tokens.operator, `/api/provisions/${p.id}/documents`, undefined)).statusCode).toBe(403);
    expect((await post(t.app, a.tokens.legal, `/api/provisions/${p.id}/documents`, undefined)).statusCode).toBe(403);
    expect((await post(t.app, b.tokens.dealer, `/api/provisions/${p.id}/documents`, undefined)).statusCode).toBe(404);
    await seeded.db.update(provisions).set({ status: 3 }).where(eq(provisions.id, p.id));
    const early = await post(t.app, a.tokens.dealer, `/api/provisions/${p.id}/documents`, undefined);
    expect(early.statusCode).toBe(409);
    expect(json(early)).toMatchObject({ code: 'INVALID_STATUS' });
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/provisions/${p.id}/documents` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('sending to sign and the provider’s webhooks (5 → 6 → 7)', () => {
  let p: Accepted;
  let documentId: number;
  let envelopeId: string;

  it('needs a generated document, then creates one envelope at the provider and moves the provision to 5', async () => {
    p = await acceptedProvision();
    const missing = await post(t.app, a.tokens.dealer, `/api/provisions/${p.id}/send-to-sign`, {
      version: await versionOf(p.id),
    });
    expect(missing.statusCode).toBe(422);
    expect(json(missing)).toMatchObject({ code: 'NO_SIGNING_DOCUMENTS' });

    const generated = json<SigningActionResponse>(
      await post(t.app, a.tokens.dealer, `/api/provisions/${p.id}/documents`, undefined),
    ).data;
    documentId = generated.evidences[0]!.id;
    const stale = await post(t.app, a.tokens.dealer, `/api/provisions/${p.id}/send-to-sign`, {
      version: generated.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(await envelopesSentFor('provision', p.id)).toEqual(new Set());

    const sent = await post(t.app, a.tokens.dealer, `/api/provisions/${p.id}/send-to-sign`, {
      version: generated.version,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const body = json<SigningActionResponse>(sent);
    expect(body.message).toBe(SIGNING_MESSAGES.sentToSign);
    expect(body.data).toMatchObject({ status: 5, evidences: [{ id: documentId, signedStatus: 1 }] });

    const stored = await envelopeOfDocument(documentId);
    envelopeId = stored.envelopeId!;
    const envelope = await providerEnvelope(envelopeId);
    expect(envelope.reference).toBe(`provision:${p.id}:${documentId}`);
    expect(envelope.status).toBe('sent');
    // The legal representative and the two people of the joint signature (the guarantor has no e-mail).
    expect(envelope.signers.map((s) => s.email).sort()).toEqual(
      [a.legal.email, 'claudia.reyes@motrizdelgolfo.mx', 'ricardo.dominguez@motrizdelgolfo.mx'].sort(),
    );

    // Sent again (a double click): refused by the status, and still one envelope at the provider.
    const again = await post(t.app, a.tokens.dealer, `/api/provisions/${p.id}/send-to-sign`, {
      version: body.data.version,
    });
    expect(again.statusCode).toBe(409);
    expect(await envelopesSentFor('provision', p.id)).toEqual(new Set([envelopeId]));
  });

  it('gives the legal representative its sign page, and nobody else', async () => {
    const mine = await documentsOf(a.tokens.legal, p.id);
    const envelope = await providerEnvelope(envelopeId);
    const legalSigner = envelope.signers.find((s) => s.email === a.legal.email)!;
    expect(mine).toEqual([expect.objectContaining({ id: documentId, signedStatus: 1, signUrl: legalSigner.signUrl })]);
    expect((await documentsOf(a.tokens.dealer, p.id))[0]!.signUrl).toBeUndefined();
    expect((await documentsOf(a.tokens.operator, p.id))[0]!.signUrl).toBeUndefined();
  });

  it('moves to 6 on the first signature (the document stays sent) and to 7 with the stamped PDF when all signed', async () => {
    const envelope = await providerEnvelope(envelopeId);
    const pdfBytesSent = await download(a.tokens.dealer, (await documentsOf(a.tokens.dealer, p.id))[0]!.fileId);
    const legalSigner = envelope.signers.find((s) => s.email === a.legal.email)!;
    await signAt(envelopeId, legalSigner.signerId);
    await expect.poll(() => statusOf(p.id), { timeout: 15_000 }).toBe(6);
    expect((await envelopeOfDocument(documentId)).signedStatus).toBe(1);
    // Signed: no sign page for the legal representative any more.
    expect((await documentsOf(a.tokens.legal, p.id))[0]!.signUrl).toBeUndefined();

    for (const signer of envelope.signers.filter((s) => s.signerId !== legalSigner.signerId)) {
      await signAt(envelopeId, signer.signerId);
    }
    await expect.poll(() => statusOf(p.id), { timeout: 15_000 }).toBe(7);
    const [document] = await documentsOf(a.tokens.dealer, p.id);
    expect(document).toMatchObject({
      id: documentId,
      signedStatus: 2,
      fileName: `Disposicion ${p.folio} (firmado).pdf`,
    });
    const stamped = await download(a.tokens.dealer, document!.fileId);
    expect(stamped.subarray(0, 4).toString('latin1')).toBe('%PDF');
    // The provider's stamped copy, byte for byte, not the document that was sent.
    const provided = await fetch(`${esignUrl()}/envelopes/${envelopeId}/document`, {
      headers: { authorization: `Bearer ${esignToken()}` },
    });
    expect(stamped.equals(Buffer.from(await provided.arrayBuffer()))).toBe(true);
    expect(stamped.equals(pdfBytesSent)).toBe(false);

    const timeline = await seeded.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'provision'), eq(auditLog.entityId, String(p.id))))
      .orderBy(auditLog.id);
    expect(timeline.map((r) => r.action)).toEqual([
      'provisions.generateDocuments',
      'provisions.sendToSign',
      'provisions.signingStarted',
      'provisions.signingCompleted',
    ]);
    // Signing completed: the dealer operator and the account's lender operator are told.
    const told = await seeded.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(sql`${notifications.message} like ${`%${p.folio} fueron firmados%`}`);
    expect(told.map((n) => n.userId).sort()).toEqual([a.dealer.id, a.operator.id].sort());
  });

  it('changes nothing when the same events arrive again', async () => {
    const before = await footprint(p.id);
    const events = (await deliveries()).filter((d) => d.event.envelopeId === envelopeId).map((d) => d.event);
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['sent', 'signed', 'completed']));
    for (const event of events) {
      const body = JSON.stringify(event);
      const response = await webhook(t.app, body, hmac(body, SIMULATOR_DEFAULTS.esignWebhookSecret));
      expect(response.statusCode, response.body).toBe(200);
      expect(['duplicate', 'ignored']).toContain(json<{ data: { outcome: string } }>(response).data.outcome);
    }
    expect(await footprint(p.id)).toEqual(before);
  });

  it('refuses an event whose signature does not match (401) and changes nothing', async () => {
    const before = await footprint(p.id);
    const body = JSON.stringify({ event: 'completed', envelopeId, reference: `provision:${p.id}:${documentId}` });
    const forged = await webhook(t.app, body, hmac(body, 'not-the-secret'));
    expect(forged.statusCode).toBe(401);
    expect(json(forged)).toMatchObject({ message: SIGNING_MESSAGES.webhookSignatureInvalid });
    expect((await webhook(t.app, body)).statusCode).toBe(401);
    const tampered = await webhook(
      t.app,
      body.replace('completed', 'signed'),
      hmac(body, SIMULATOR_DEFAULTS.esignWebhookSecret),
    );
    expect(tampered.statusCode).toBe(401);
    expect(await footprint(p.id)).toEqual(before);
  });

  it('lists the documents only within the caller’s scope', async () => {
    expect((await get(t.app, b.tokens.dealer, `/api/provisions/${p.id}/evidences-signature`)).statusCode).toBe(404);
    expect((await get(t.app, b.tokens.legal, `/api/provisions/${p.id}/evidences-signature`)).statusCode).toBe(404);
    expect((await get(t.app, b.tokens.operator, `/api/provisions/${p.id}/evidences-signature`)).statusCode).toBe(404);
    expect(await documentsOf(a.tokens.operator, p.id)).toHaveLength(1);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/provisions/${p.id}/evidences-signature` });
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous)).toMatchObject({ message: MESSAGES.sessionInvalid });
  });
});

describe('a send whose transaction fails, and a redo while out for signature', () => {
  it('reuses the envelope already created when the send is retried', async () => {
    const p = await acceptedProvision();
    const generated = json<SigningActionResponse>(
      await post(t.app, a.tokens.dealer, `/api/provisions/${p.id}/documents`, undefined),
    ).data;
    // The move's audit row fails once: the transaction rolls back after the provider created the envelope.
    const restoreAudit = await failAuditOf(seeded.db, 'provisions.sendToSign', p.id);
    const failed = await post(t.app, a.tokens.dealer, `/api/provisions/${p.id}/send-to-sign`, {
      version: generated.version,
    });
    expect(failed.statusCode).toBe(500);
    expect(await statusOf(p.id)).toBe(4);
    const kept = (await envelopeOfDocument(generated.evidences[0]!.id)).envelopeId;
    expect(kept).toBeTruthy();
    await restoreAudit();

    const retried = await post(t.app, a.tokens.dealer, `/api/provisions/${p.id}/send-to-sign`, {
      version: generated.version,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await statusOf(p.id)).toBe(5);
    expect((await envelopeOfDocument(generated.evidences[0]!.id)).envelopeId).toBe(kept);
    expect(await envelopesSentFor('provision', p.id)).toEqual(new Set([kept]));
  });

  it('answers 503 when the provider is down, and sends on the retry once it is back', async () => {
    const config = testConfig({ DATA_DIR: dataDir, APP_URL: t.app.deps.config.appUrl });
    const real = createAdapters(config);
    let down = true;
    const flaky = {
      ...real,
      esign: {
        ...real.esign,
        createEnvelope: (request: Parameters<typeof real.esign.createEnvelope>[0]) =>
          down
            ? Promise.reject(new ExternalServiceError('esign', 'envelopes', 'network', 'simulated outage'))
            : real.esign.createEnvelope(request),
      },
    };
    const second = await buildApp({ config, db: seeded.db, clock: t.clock, adapters: flaky, logger: testLogger() });
    await second.ready();
    try {
      const p = await acceptedProvision();
      const generated = json<SigningActionResponse>(
        await post(second, a.tokens.dealer, `/api/provisions/${p.id}/documents`, undefined),
      ).data;
      const send = () =>
        post(second, a.tokens.dealer, `/api/provisions/${p.id}/send-to-sign`, { version: generated.version });
      const refused = await send();
      expect(refused.statusCode).toBe(503);
      expect(json(refused)).toMatchObject({ code: 'EXTERNAL_API_ERROR' });
      expect(await statusOf(p.id)).toBe(4);
      expect((await envelopeOfDocument(generated.evidences[0]!.id)).envelopeId).toBeNull();
      down = false;
      expect((await send()).statusCode).toBe(200);
      expect(await statusOf(p.id)).toBe(5);
      expect((await envelopesSentFor('provision', p.id)).size).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('makes one envelope when the same send arrives twice at once (a double click)', async () => {
    const p = await acceptedProvision();
    const generated = json<SigningActionResponse>(
      await post(t.app, a.tokens.dealer, `/api/provisions/${p.id}/documents`, undefined),
    ).data;
    const send = () =>
      post(t.app, a.tokens.dealer, `/api/provisions/${p.id}/send-to-sign`, { version: generated.version });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await statusOf(p.id)).toBe(5);
    const stored = (await envelopeOfDocument(generated.evidences[0]!.id)).envelopeId!;
    expect(await envelopesSentFor('provision', p.id)).toEqual(new Set([stored]));
  });

  it('sends a redone document in a new envelope; the withdrawn one’s signatures change nothing', async () => {
    const p = await acceptedProvision();
    const generated = json<SigningActionResponse>(
      await post(t.app, a.tokens.dealer, `/api/provisions/${p.id}/documents`, undefined),
    ).data;
    const sent = json<SigningActionResponse>(
      await post(t.app, a.tokens.dealer, `/api/provisions/${p.id}/send-to-sign`, { version: generated.version }),
    ).data;
    const oldEnvelope = (await envelopeOfDocument(sent.evidences[0]!.id)).envelopeId!;

    const redo = await post(t.app, a.tokens.operator, `/api/provisions/${p.id}/redo-document`, {
      provisionId: p.id,
      version: sent.version,
    });
    expect(redo.statusCode, redo.body).toBe(200);
    const redone = json<SigningActionResponse>(redo).data;
    expect(redone.status).toBe(5);
    expect(redone.evidences).toEqual([expect.objectContaining({ signedStatus: 1 })]);
    const newEnvelope = (await envelopeOfDocument(redone.evidences[0]!.id)).envelopeId!;
    expect(newEnvelope).not.toBe(oldEnvelope);
    expect((await providerEnvelope(newEnvelope)).reference).toBe(`provision:${p.id}:${redone.evidences[0]!.id}`);

    // Someone signs the withdrawn envelope: its webhooks arrive and find nothing to change.
    const before = await footprint(p.id);
    for (const signer of (await providerEnvelope(oldEnvelope)).signers) await signAt(oldEnvelope, signer.signerId);
    await expect
      .poll(
        async () =>
          (await deliveries()).some(
            (d) => d.event.envelopeId === oldEnvelope && d.event.event === 'completed' && d.delivered,
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(await footprint(p.id)).toEqual(before);
  });
});

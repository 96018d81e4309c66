import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESIGN_EVENT_MAX_AGE_SECONDS, SIGNING_MESSAGES, type SigningActionResponse } from '@planpiso/domain';
import { evidences } from '../src/db/schema/files';
import { provisionUnits, provisions } from '../src/db/schema/financing';
import { refinancings } from '../src/db/schema/refinancings';
import { bearer, json, testConfig, type TestApp } from './harness';
import { dealerGroup, post, randomVin, type DealerGroup } from './provision-fixtures';
import { createRefinancing } from './refinancing-fixtures';
import { hmac, providerEnvelope, signAt, webhook } from './support/esign-simulator';
import { groupProvision, startSigningApp, type SigningApp } from './support/signing-app';

/**
 * A forged `completed` event must not sign a document (issue 27 item 1, decision 062). The attacker holds the
 * webhook secret (it used to be the simulators' committed default), so every event here carries a correct HMAC:
 * what stops it is the provider's own envelope (GET /envelopes/{id}), read before anything changes, and the
 * timestamp inside the signed body (a captured event replayed later is refused).
 *
 * The app does not listen: the provider's own webhooks go nowhere (APP_URL on a closed port), so only the events
 * written here reach it.
 */
const LINE = 'LC-10005-01';
const secret = () => testConfig().external.esign.webhookSecret;

let t: TestApp;
let seeded: SigningApp['seeded'];
let stop: SigningApp['stop'] | undefined;
let a: DealerGroup;
let r: DealerGroup;

beforeAll(async () => {
  ({ t, seeded, stop } = await startSigningApp('attack_esign', { listen: false }));
  a = await dealerGroup(t.app, seeded.db, '10005');
  r = await dealerGroup(t.app, seeded.db, '10004');
}, 120_000);

afterAll(async () => {
  await stop?.();
});

/** A provision of group `a` sent to sign (status 5): its one document is in an envelope the provider has as sent. */
async function sentProvision() {
  const { id } = await groupProvision(seeded.db, a, { status: 4, creditLine: LINE, deadlines: 3, total: '250000.00' });
  const vin = randomVin();
  await seeded.db.insert(provisionUnits).values({
    provisionId: id,
    vinNumber: vin,
    agency: 'León',
    brandName: 'Nissan',
    type: 'Sedan',
    model: '2026',
    description: 'Versa',
    color: 'Blanco',
    insideColor: 'Negro',
    motorNumber: `MTR-${vin.slice(-6)}`,
    amount: '250000.00',
    included: true,
  });
  const generated = await post(t.app, a.tokens.dealer, `/api/provisions/${id}/documents`, undefined);
  expect(generated.statusCode, generated.body).toBe(200);
  const { version, evidences: docs } = json<SigningActionResponse>(generated).data;
  const sent = await post(t.app, a.tokens.dealer, `/api/provisions/${id}/send-to-sign`, { version });
  expect(sent.statusCode, sent.body).toBe(200);
  const documentId = docs[0]!.id;
  const [evidence] = await seeded.db.select().from(evidences).where(eq(evidences.id, documentId));
  const envelopeId = evidence!.envelopeId!;
  const envelope = await providerEnvelope(envelopeId);
  expect(envelope.status).toBe('sent');
  return { id, documentId, envelopeId, reference: `provision:${id}:${documentId}`, signers: envelope.signers };
}

/** An event with a correct HMAC of its exact body, signed `ageSeconds` ago. */
function signedEvent(event: Record<string, string>, ageSeconds = 0) {
  const body = JSON.stringify({ ...event, timestamp: new Date(Date.now() - ageSeconds * 1000).toISOString() });
  return webhook(t.app, body, hmac(body, secret()));
}

const state = async (id: number, documentId: number) => {
  const [provision] = await seeded.db.select().from(provisions).where(eq(provisions.id, id));
  const [document] = await seeded.db.select().from(evidences).where(eq(evidences.id, documentId));
  return { status: provision!.status, version: provision!.version, signedStatus: document!.signedStatus };
};

describe('a correctly signed event the provider does not confirm', () => {
  it('`completed` for an envelope the provider still has as sent leaves the provision at 5', async () => {
    const p = await sentProvision();
    const before = await state(p.id, p.documentId);
    expect(before).toMatchObject({ status: 5, signedStatus: 1 });
    const forged = await signedEvent({ event: 'completed', envelopeId: p.envelopeId, reference: p.reference });
    expect(forged.statusCode, forged.body).toBe(200);
    expect(json<{ data: { outcome: string } }>(forged).data.outcome).toBe('ignored');
    expect(await state(p.id, p.documentId)).toEqual(before);
    expect((await providerEnvelope(p.envelopeId)).status).toBe('sent');
  });

  it('`signed` for a signer who has not signed leaves the provision at 5 and the signer pending', async () => {
    const p = await sentProvision();
    const before = await state(p.id, p.documentId);
    const forged = await signedEvent({
      event: 'signed',
      envelopeId: p.envelopeId,
      reference: p.reference,
      signerId: p.signers[0]!.signerId,
    });
    expect(forged.statusCode, forged.body).toBe(200);
    expect(json<{ data: { outcome: string } }>(forged).data.outcome).toBe('ignored');
    expect(await state(p.id, p.documentId)).toEqual(before);
    const [document] = await seeded.db.select().from(evidences).where(eq(evidences.id, p.documentId));
    expect(document!.envelopeSigners!.every((s) => s.status === 'pending')).toBe(true);
  });
});

describe('the event’s age', () => {
  it('refuses a correctly signed event older than the limit (401), then takes a fresh one the provider confirms', async () => {
    const p = await sentProvision();
    for (const signer of p.signers) await signAt(p.envelopeId, signer.signerId);
    expect((await providerEnvelope(p.envelopeId)).status).toBe('completed');
    const before = await state(p.id, p.documentId);

    const event = { event: 'completed', envelopeId: p.envelopeId, reference: p.reference };
    const stale = await signedEvent(event, ESIGN_EVENT_MAX_AGE_SECONDS + 60);
    expect(stale.statusCode, stale.body).toBe(401);
    expect(json(stale)).toMatchObject({ message: SIGNING_MESSAGES.webhookEventStale });
    const future = await signedEvent(event, -(ESIGN_EVENT_MAX_AGE_SECONDS + 60));
    expect(future.statusCode).toBe(401);
    expect(await state(p.id, p.documentId)).toEqual(before);

    // The same event, fresh: the provider says completed, so the document is signed and the provision moves to 7.
    const fresh = await signedEvent(event);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(json<{ data: { outcome: string } }>(fresh).data.outcome).toBe('moved');
    expect(await state(p.id, p.documentId)).toMatchObject({ status: 7, signedStatus: 2 });
  });

  it('refuses an event without a timestamp (400)', async () => {
    const p = await sentProvision();
    const body = JSON.stringify({ event: 'completed', envelopeId: p.envelopeId, reference: p.reference });
    const response = await webhook(t.app, body, hmac(body, secret()));
    expect(response.statusCode).toBe(400);
    expect(await state(p.id, p.documentId)).toMatchObject({ status: 5, signedStatus: 1 });
  });
});

describe('the refinancing twin (decision 047 shares the code)', () => {
  it('a correctly signed `completed` for a refinancing’s envelope the provider has as sent leaves it at 5', async () => {
    const made = await createRefinancing(t.app, seeded.db, r, 'LC-10004-01', [{ amount: '150000.00' }], {
      requireEvidences: false,
    });
    const [row] = await seeded.db.select().from(refinancings).where(eq(refinancings.id, made.id));
    const sent = await t.app.inject({
      method: 'PATCH',
      url: `/api/refinancings/${made.id}/set-status`,
      payload: { status: 5, version: row!.version },
      headers: bearer(r.tokens.dealer),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const documentId = json<{ data: { documents: { id: number }[] } }>(sent).data.documents[0]!.id;
    const [evidence] = await seeded.db.select().from(evidences).where(eq(evidences.id, documentId));
    const envelopeId = evidence!.envelopeId!;
    expect((await providerEnvelope(envelopeId)).status).toBe('sent');

    const forged = await signedEvent({
      event: 'completed',
      envelopeId,
      reference: `refinancing:${made.id}:${documentId}`,
    });
    expect(forged.statusCode, forged.body).toBe(200);
    expect(json<{ data: { outcome: string } }>(forged).data.outcome).toBe('ignored');
    const [after] = await seeded.db.select().from(refinancings).where(eq(refinancings.id, made.id));
    expect(after!.status).toBe(5);
    const [document] = await seeded.db.select().from(evidences).where(eq(evidences.id, documentId));
    expect(document!.signedStatus).toBe(1);
  });
});

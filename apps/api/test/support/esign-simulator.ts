import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect, inject } from 'vitest';

/**
 * The e-signature provider as the signing tests see it (decisions 037, 047 and 062): the simulator over HTTP — its
 * envelopes, its signing page, the webhooks it delivered — and the API's webhook endpoint called as the provider
 * (or a forger) would, with an HMAC of the exact body.
 */

export const esignUrl = () => inject('simulatorUrls').esign;
export const esignToken = () => inject('simulatorTokens').esign;

/** An envelope as the provider has it (GET /envelopes/{id}). */
export type ProviderEnvelope = {
  envelopeId: string;
  reference: string;
  status: string;
  signers: { signerId: string; name: string; email: string; signUrl: string; status: string }[];
};

export async function providerEnvelope(envelopeId: string): Promise<ProviderEnvelope> {
  const response = await fetch(`${esignUrl()}/envelopes/${envelopeId}`, {
    headers: { authorization: `Bearer ${esignToken()}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ProviderEnvelope;
}

/** A signer clicks Firmar on the simulator's page (its API form: the envelope comes back as JSON). */
export async function signAt(envelopeId: string, signerId: string) {
  const response = await fetch(`${esignUrl()}/sign/${envelopeId}/${signerId}`, {
    method: 'POST',
    headers: { accept: 'application/json' },
  });
  expect(response.status).toBe(200);
}

export type Delivery = {
  event: { event: string; envelopeId: string; reference: string; signerId?: string };
  delivered: boolean;
};

/** Every webhook the simulator has delivered (or tried to). */
export async function deliveries(): Promise<Delivery[]> {
  const response = await fetch(`${esignUrl()}/__admin/webhooks`, {
    headers: { authorization: `Bearer ${esignToken()}` },
  });
  return (await response.json()) as Delivery[];
}

/** The envelopes the provider made for one provision or refinancing (its 'sent' webhooks). */
export async function envelopesSentFor(kind: 'provision' | 'refinancing', id: number): Promise<Set<string>> {
  return new Set(
    (await deliveries())
      .filter((d) => d.event.event === 'sent' && d.event.reference.startsWith(`${kind}:${id}:`))
      .map((d) => d.event.envelopeId),
  );
}

/** The provider's signature header for `body`. */
export const hmac = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** POST /api/webhooks/esign with `body` as it is, and the signature header when there is one. */
export const webhook = (app: FastifyInstance, body: string, signature?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/webhooks/esign',
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-esign-signature': signature } : {}) },
  });

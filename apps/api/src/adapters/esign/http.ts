import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { HttpClient } from '../http-client';
import type { Envelope, EsignPort } from './port';

const envelope = z.object({
  envelopeId: z.string(),
  reference: z.string(),
  status: z.enum(['sent', 'completed']),
  signers: z.array(
    z.object({
      signerId: z.string(),
      name: z.string(),
      email: z.string(),
      signUrl: z.string(),
      status: z.enum(['pending', 'signed']),
    }),
  ),
}) satisfies z.ZodType<Envelope>;

/** The e-signature provider (decision 009). */
export function createEsignAdapter(http: HttpClient): EsignPort {
  const path = (envelopeId: string) => `/envelopes/${encodeURIComponent(envelopeId)}`;
  return {
    createEnvelope: (request) =>
      http.json(
        {
          method: 'POST',
          path: '/envelopes',
          body: {
            reference: request.reference,
            documentName: request.documentName,
            pdfBase64: Buffer.from(request.pdf).toString('base64'),
            signers: request.signers,
            callbackUrl: request.callbackUrl,
          },
          operation: `envelopes ${request.reference}`,
          // No idempotency key in the provider's contract: a repeat could send the document twice.
          idempotent: false,
        },
        envelope,
      ),
    envelope: (envelopeId) => http.json({ path: path(envelopeId), operation: `envelopes ${envelopeId}` }, envelope),
    async document(envelopeId) {
      const answer = await http.bytes({ path: `${path(envelopeId)}/document`, operation: `document ${envelopeId}` });
      return answer.bytes;
    },
  };
}

/**
 * Whether a webhook really comes from the provider: `X-Esign-Signature: sha256=<hex HMAC of the raw body>` with
 * ESIGN_WEBHOOK_SECRET (decision 009). Compared in constant time.
 */
export function verifyEsignWebhook(secret: string, rawBody: string | Uint8Array, header: string | undefined): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(match[1]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// The e-signature provider: envelopes of one PDF and its signers; events come back by webhook.
// Contract: docs/decisions/009-external-systems.md.

export type EnvelopeStatus = 'sent' | 'completed';
export type SignerStatus = 'pending' | 'signed';

export type EnvelopeSigner = { signerId: string; name: string; email: string; signUrl: string; status: SignerStatus };

export type Envelope = { envelopeId: string; reference: string; status: EnvelopeStatus; signers: EnvelopeSigner[] };

export type EnvelopeRequest = {
  /** Our own id for what is being signed (e.g. 'provision:42'); echoed in every webhook. */
  reference: string;
  documentName: string;
  pdf: Uint8Array;
  signers: { name: string; email: string }[];
  callbackUrl: string;
};

export type EsignWebhookEvent = {
  event: 'sent' | 'signed' | 'completed';
  envelopeId: string;
  reference: string;
  signerId?: string;
};

export interface EsignPort {
  createEnvelope(request: EnvelopeRequest): Promise<Envelope>;
  envelope(envelopeId: string): Promise<Envelope>;
  /** The PDF; stamped with every signature once the envelope is completed. */
  document(envelopeId: string): Promise<Uint8Array>;
}

import { randomUUID } from 'node:crypto';
import { badRequest, notFound } from '../platform/errors';
import { stampSignatures } from './stamp';

export type Signer = {
  signerId: string;
  name: string;
  email: string;
  status: 'pending' | 'signed';
  signedAt: Date | null;
};

export type Envelope = {
  envelopeId: string;
  reference: string;
  documentName: string;
  callbackUrl: string;
  status: 'sent' | 'completed';
  signers: Signer[];
  pdf: Uint8Array;
  /** The stamped PDF, made once when the last signer signs. */
  signedPdf: Uint8Array | null;
  createdAt: Date;
  completedAt: Date | null;
};

const PDF_MAGIC = '%PDF';
const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}\s*$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (input: Record<string, unknown>, name: string): string => {
  const value = input[name];
  if (typeof value !== 'string' || !value.trim()) throw badRequest(`Falta el campo ${name}`);
  return value.trim();
};

/** Validates `POST /envelopes` (decision 009); the PDF must really be one (magic bytes), or 400. */
export function parseEnvelopeRequest(body: unknown) {
  if (typeof body !== 'object' || body === null) throw badRequest('El cuerpo debe ser un objeto JSON');
  const input = body as Record<string, unknown>;
  const reference = text(input, 'reference');
  const documentName = text(input, 'documentName');
  const pdfBase64 = text(input, 'pdfBase64');
  const pdf = BASE64.test(pdfBase64) ? new Uint8Array(Buffer.from(pdfBase64, 'base64')) : new Uint8Array();
  if (Buffer.from(pdf.subarray(0, PDF_MAGIC.length)).toString('latin1') !== PDF_MAGIC) {
    throw badRequest('pdfBase64 no contiene un documento PDF');
  }
  const callbackUrl = text(input, 'callbackUrl');
  if (!URL.canParse(callbackUrl) || !/^https?:$/.test(new URL(callbackUrl).protocol)) {
    throw badRequest('callbackUrl debe ser una URL http(s)');
  }
  const signers = input.signers;
  if (!Array.isArray(signers) || signers.length === 0) throw badRequest('signers debe tener al menos un firmante');
  const parsedSigners = signers.map((signer: unknown, index) => {
    if (typeof signer !== 'object' || signer === null) throw badRequest(`signers[${index}] no es un firmante`);
    const entry = signer as Record<string, unknown>;
    const name = text(entry, 'name');
    const email = text(entry, 'email');
    if (!EMAIL.test(email)) throw badRequest(`signers[${index}].email no es un correo válido`);
    return { name, email };
  });
  return { reference, documentName, pdf, callbackUrl, signers: parsedSigners };
}

export type SignOutcome = { envelope: Envelope; signer: Signer; newlySigned: boolean; completed: boolean };

/** The provider's envelopes, in memory. */
export class EnvelopeStore {
  private readonly envelopes = new Map<string, Envelope>();

  create(request: ReturnType<typeof parseEnvelopeRequest>): Envelope {
    const envelope: Envelope = {
      envelopeId: randomUUID(),
      reference: request.reference,
      documentName: request.documentName,
      callbackUrl: request.callbackUrl,
      status: 'sent',
      signers: request.signers.map((s) => ({ ...s, signerId: randomUUID(), status: 'pending', signedAt: null })),
      pdf: request.pdf,
      signedPdf: null,
      createdAt: new Date(),
      completedAt: null,
    };
    this.envelopes.set(envelope.envelopeId, envelope);
    return envelope;
  }

  get(envelopeId: string): Envelope {
    const envelope = this.envelopes.get(envelopeId);
    if (!envelope) throw notFound(`El sobre ${envelopeId} no existe`);
    return envelope;
  }

  find(envelopeId: string, signerId: string): { envelope: Envelope; signer: Signer } {
    const envelope = this.get(envelopeId);
    const signer = envelope.signers.find((s) => s.signerId === signerId);
    if (!signer) throw notFound(`El firmante ${signerId} no existe en el sobre`);
    return { envelope, signer };
  }

  /**
   * Signs once (a second click answers the same state). The last signature stamps the document before the
   * envelope turns 'completed', so whoever reacts to the 'completed' webhook downloads the signed PDF.
   */
  async sign(envelopeId: string, signerId: string): Promise<SignOutcome> {
    const { envelope, signer } = this.find(envelopeId, signerId);
    if (signer.status === 'signed') return { envelope, signer, newlySigned: false, completed: false };
    signer.status = 'signed';
    signer.signedAt = new Date();
    if (envelope.signers.some((s) => s.status !== 'signed')) {
      return { envelope, signer, newlySigned: true, completed: false };
    }
    envelope.signedPdf = await stampSignatures(envelope.pdf, {
      envelopeId: envelope.envelopeId,
      documentName: envelope.documentName,
      signatures: envelope.signers.map((s) => ({ name: s.name, email: s.email, signedAt: s.signedAt ?? new Date() })),
    }).catch(() => null); // A PDF that only looks like one stays unstamped rather than blocking the signature.
    envelope.status = 'completed';
    envelope.completedAt = new Date();
    return { envelope, signer, newlySigned: true, completed: true };
  }
}

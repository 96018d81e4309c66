import { z } from 'zod';
import { envelope, rowVersion } from './common';
import { evidenceResponse } from './files';
import { idSchema } from './inputs';

/**
 * The provisions' signing documents and their e-signature (spec 3 §2 "Signed documents", §3 "Evidence", §4 "Signed
 * document signature status", §7 evidences-signature; issue 17; decision 037).
 */

/** Spec 3 §4: 0 No firmado, 1 Enviado a firma, 2 Firmado. */
export const SIGNED_STATUS = { NOT_SIGNED: 0, SENT: 1, SIGNED: 2 } as const;
export type SignedStatus = (typeof SIGNED_STATUS)[keyof typeof SIGNED_STATUS];

/**
 * Spec 3 §3 typeSignDoc "0, 2 or other": the only document we generate is the provision's own signing document, 0
 * (decision 037); redo accepts 0 and 2 as the spec says.
 */
export const SIGN_DOC_TYPE = { PROVISION: 0 } as const;
export const REDOABLE_SIGN_DOC_TYPES: readonly number[] = [0, 2];

/** Spec 3 §4: a signed document is downloaded, never viewed. */
export const signedDocumentViewable = (signedStatus: number) => signedStatus !== SIGNED_STATUS.SIGNED;

/** One signing document as GET /api/provisions/{id}/evidences-signature lists it (spec 3 §3 Evidence). */
export const signingEvidence = evidenceResponse.extend({
  typeSignDoc: z.number().int(),
  signedStatus: z.number().int(),
  /** The caller's own page at the e-signature provider, while the caller is a signer who has not signed yet. */
  signUrl: z.string().optional(),
  createdAt: z.string(),
});
export type SigningEvidence = z.infer<typeof signingEvidence>;

export const signingEvidencesResponse = envelope(z.object({ evidences: z.array(signingEvidence) }));
export type SigningEvidencesResponse = z.infer<typeof signingEvidencesResponse>;

/** POST /api/provisions/{id}/send-to-sign: the version the screen showed (a stale screen answers 409). */
export const sendToSignRequest = z.object({ version: rowVersion });
export type SendToSignRequest = z.infer<typeof sendToSignRequest>;

/** POST /api/provisions/{id}/redo-document: spec 3 §7 "body provisionId" — accepted, and must be the path's. */
export const redoDocumentRequest = z
  .object({ provisionId: idSchema().optional(), version: rowVersion.optional() })
  .optional();
export type RedoDocumentRequest = z.infer<typeof redoDocumentRequest>;

/** What generate, send and redo answer: the provision's new status and version, and its documents. */
export const signingActionResponse = envelope(
  z.object({
    id: z.number().int(),
    status: z.number().int(),
    version: z.number().int(),
    evidences: z.array(signingEvidence),
  }),
);
export type SigningActionResponse = z.infer<typeof signingActionResponse>;

/** POST /api/webhooks/esign: the provider's event (decision 009); the signature is checked on the raw body. */
export const esignWebhookEvent = z.object({
  event: z.enum(['sent', 'signed', 'completed']),
  envelopeId: z.string().min(1).max(100),
  reference: z.string().min(1).max(200),
  signerId: z.string().min(1).max(100).optional(),
  /** When the provider sent it (ISO 8601), inside the signed body: an old event is a replay (decision 062). */
  timestamp: z.iso.datetime({ offset: true }),
});
export type EsignWebhookEventBody = z.infer<typeof esignWebhookEvent>;

export const esignWebhookResponse = z.object({ data: z.object({ outcome: z.string() }) });

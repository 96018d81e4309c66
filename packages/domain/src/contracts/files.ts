import { z } from 'zod';
import { envelope } from './common';

/**
 * Evidence type codes (spec 3 §3 "Evidence"): generated signing document 1 (13 in the refinancing detail),
 * provision attachment 2, exception evidence 4 customer / 5 operator / 6 administrator, unit evidence 7
 * (undeletable) and 8 (uploaded later).
 */
export const EVIDENCE_TYPE = {
  SIGNING_DOCUMENT: 1,
  PROVISION_ATTACHMENT: 2,
  EXCEPTION_CUSTOMER: 4,
  EXCEPTION_OPERATOR: 5,
  EXCEPTION_ADMINISTRATOR: 6,
  UNIT_EVIDENCE: 7,
  UNIT_DOCUMENT: 8,
  REFINANCING_SIGNING_DOCUMENT: 13,
} as const;
export type EvidenceType = (typeof EVIDENCE_TYPE)[keyof typeof EVIDENCE_TYPE];

/**
 * An evidence as the screens read it (spec 3 §3: id, fileName, fileSize, extension, url, type). `url` is the
 * scoped download route (`GET /api/files/{id}`), never a storage address.
 */
export const evidenceResponse = z.object({
  id: z.number().int(),
  fileId: z.number().int(),
  fileName: z.string(),
  fileSize: z.number().int(),
  extension: z.string(),
  url: z.string(),
  type: z.number().int(),
});
export type EvidenceResponse = z.infer<typeof evidenceResponse>;

/** GET /api/files/{id}/link: a short-lived signed link (opened in a new tab, spec 3 §7 "signed URL fetch"). */
export const fileLinkResponse = envelope(z.object({ url: z.string(), expiresAt: z.string() }));
export type FileLink = z.infer<typeof fileLinkResponse>['data'];

/** The signed link's query: expiry (seconds since the epoch) and its HMAC. */
export const signedFileQuery = z.object({
  expires: z.coerce.number().int().positive(),
  sig: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
});

/**
 * The answer of an operation that sends a file (a download, an XLSX): its bytes, never JSON. The route's handler sends
 * it itself (`operationRoute` leaves such an answer as sent).
 */
export const fileDownloadResponse = z.unknown().describe('The file’s bytes (an attachment)');

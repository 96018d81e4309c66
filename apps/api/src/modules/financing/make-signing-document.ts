import type { AppDeps } from '../../platform/deps';
import type { SigningDocuments, StoredPdf } from '../provision-signing/envelopes';
import { signingDocumentPdf, type SigningDocumentData, type SigningDocumentText } from '../provision-signing/pdf';
import type { Signers } from '../provision-signing/signers';
import { SIGNING_DAY } from './financing-kind';

/** What a signing document says of its operation (the day and the signature blocks are added here). */
export type SigningDocumentFacts = Omit<SigningDocumentData, 'date' | 'signatures'>;

/**
 * The operation's signing document as it stands now — its folio printed, its units, its signers, today's date in
 * Mexico City — made as a PDF and written to storage before any transaction records it.
 */
export async function makeSigningDocument(
  ctx: { clock: AppDeps['clock']; documents: SigningDocuments },
  input: {
    facts: SigningDocumentFacts;
    signers: Signers;
    /** The printed words: the provision's by default. */
    text?: SigningDocumentText;
    fileName: string;
    uploadedBy: number;
  },
): Promise<StoredPdf> {
  const pdf = await signingDocumentPdf(
    { ...input.facts, date: SIGNING_DAY.format(ctx.clock.now()), signatures: input.signers.blocks },
    input.text ? { text: input.text } : undefined,
  );
  return ctx.documents.storePdf(pdf, input.fileName, input.uploadedBy);
}

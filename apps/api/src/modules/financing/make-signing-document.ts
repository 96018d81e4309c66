import type { AppDeps } from '../../platform/deps';
import type { SigningDocuments, StoredPdf } from '../provision-signing';
import { signingDocumentPdf, type SigningDocumentData, type SigningDocumentText } from '../provision-signing';
import type { Signers } from '../provision-signing';
import { SIGNING_DAY } from './financing-kind';

/** The operation's row as its signing document prints it. */
type OperationRow = { creditLine: string; typeLine: string; deadlines: number | null; total: string };

/**
 * The operation's signing document as it stands now — its folio printed, its units, its signers, today's date in
 * Mexico City — made as a PDF and written to storage before any transaction records it.
 */
export async function makeSigningDocument(
  ctx: { clock: AppDeps['clock']; documents: SigningDocuments },
  input: {
    row: OperationRow;
    /** The folio users quote now (a later manual folio does not change the document). */
    folio: string;
    company: string;
    agencyName: string | null;
    legalName: string | null;
    units: SigningDocumentData['units'];
    signers: Signers;
    /** The printed words: the provision's by default. */
    text?: SigningDocumentText;
    fileName: string;
    uploadedBy: number;
  },
): Promise<StoredPdf> {
  const pdf = await signingDocumentPdf(
    {
      folio: input.folio,
      company: input.company,
      agency: input.agencyName ?? '',
      legalRepresentative: input.legalName ?? '',
      creditLine: input.row.creditLine,
      typeLine: input.row.typeLine,
      term: input.row.deadlines,
      total: input.row.total,
      units: input.units,
      date: SIGNING_DAY.format(ctx.clock.now()),
      signatures: input.signers.blocks,
    },
    input.text ? { text: input.text } : undefined,
  );
  return ctx.documents.storePdf(pdf, input.fileName, input.uploadedBy);
}

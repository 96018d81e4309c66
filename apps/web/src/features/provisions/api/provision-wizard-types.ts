import type { DocumentUploadResponse, ProvisionDetail, UnitUnderReview } from '@planpiso/domain';

/** The answers the wizard reads; the zod contracts live in the domain (`contracts/provisions.ts`, `units.ts`). */
export type { ProvisionDetail };
export type UploadedDocument = DocumentUploadResponse['data'];
export type SavedEvidence = ProvisionDetail['evidences'][number];
export type SavedProvision = { id: number; folio: string; status: number };

/**
 * An item of GET /api/units/review as /unidades passes it in the router state `{ reviewUnits }`: the spec's fields
 * (id, model, motorNumber, vinNumber, color, amount, createdAt, comment) and, when the list carries them, the
 * unit's other columns.
 */
export type ReviewUnit = Pick<
  UnitUnderReview,
  'id' | 'model' | 'motorNumber' | 'vinNumber' | 'color' | 'amount' | 'createdAt' | 'comment'
> &
  Partial<Pick<UnitUnderReview, 'agency' | 'brandName' | 'type' | 'description' | 'insideColor'>>;

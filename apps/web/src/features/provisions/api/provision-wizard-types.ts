/**
 * The answers the wizard reads (PROVISIONS-API.md). The zod contracts live in the domain
 * (`contracts/provisions.ts`); these are the fields the wizard uses.
 */
export type UploadedDocument = {
  fileId: number | string;
  url: string;
  fileName: string;
  fileSize: number;
  extension: string;
};

export type SavedEvidence = {
  id?: number;
  fileId?: number | string;
  fileName: string;
  fileSize?: number | null;
  extension?: string | null;
  url: string;
  type?: number | null;
};

export type ProvisionDetailUnit = {
  id: number;
  vinNumber: string;
  agency: string;
  brandName: string;
  type: string;
  model: string;
  description: string;
  color: string;
  insideColor: string;
  motorNumber: string;
  amount: string;
  included: boolean;
  evidences: SavedEvidence[];
};

export type ProvisionDetail = {
  id: number;
  folio: string;
  status: number;
  version: number;
  company: { id: number; name: string; clientId: string | null };
  agency: { id: number; name: string } | null;
  legalPerson: { id: number; name: string } | null;
  creditLine: string;
  typeLine: string;
  deadlines: number;
  description: string | null;
  includeAll: boolean;
  total: string;
  evidences: SavedEvidence[];
  units: ProvisionDetailUnit[];
};

export type SavedProvision = { id: number; folio: string; status: number };

/** An item of GET /api/units/review, as /unidades passes it in the router state `{ reviewUnits }`. */
export type ReviewUnit = {
  id: number;
  model: string;
  motorNumber: string;
  vinNumber: string;
  color: string;
  amount: string | number;
  createdAt: string;
  comment: string | null;
};

import type { EvidenceResponse, ProvisionDetail, ProvisionListItem, ProvisionUnitResponse } from '@planpiso/domain';
import { presentEvidence } from '../exceptions';
import { unitDescriptionOf } from '../financing';
import type { FileRow, ProvisionRow, UnitRow } from './repository';

type ListRow = Omit<ProvisionListItem, 'createdAt' | 'agencyName' | 'operatorName' | 'companyName'> & {
  createdAt: Date;
  agencyName: string | null;
  operatorName: string | null;
  companyName: string | null;
};

export function presentListItem(row: ListRow): ProvisionListItem {
  return {
    ...row,
    companyName: row.companyName ?? '',
    operatorName: row.operatorName ?? '',
    agencyName: row.agencyName ?? '',
    createdAt: row.createdAt.toISOString(),
  };
}

type EvidenceWithFile = {
  evidence: { id: number; type: number; provisionId: number | null; unitId: number | null };
  file: FileRow;
};

/** A unit's four checks as the screens read them (null: not checked yet). */
export function presentValidation(
  unit: Pick<UnitRow, 'validInvoice' | 'validRepuve' | 'validTransunion' | 'validAx'>,
): ProvisionUnitResponse['validation'] {
  return {
    validInvoice: unit.validInvoice,
    validRepuve: unit.validRepuve,
    validTransunion: unit.validTransunion,
    validAx: unit.validAx,
  };
}

function presentUnit(unit: UnitRow, index: number, evidences: EvidenceResponse[]): ProvisionUnitResponse {
  return {
    id: unit.id,
    index,
    ...unitDescriptionOf(unit),
    amount: unit.amount,
    included: unit.included,
    status: unit.status,
    reviewAF: unit.reviewAf,
    comment: unit.comment,
    invoiceDate: unit.invoiceDate,
    validation: presentValidation(unit),
    evidences,
  };
}

/** Evidences with their files, split into the provision's own and each unit's (upload order kept). */
function groupEvidences(evidences: EvidenceWithFile[]) {
  const ofUnit = new Map<number, EvidenceResponse[]>();
  const own: EvidenceResponse[] = [];
  for (const { evidence, file } of evidences) {
    const shown = presentEvidence(evidence, file);
    if (evidence.unitId === null) own.push(shown);
    else ofUnit.set(evidence.unitId, [...(ofUnit.get(evidence.unitId) ?? []), shown]);
  }
  return { own, ofUnit };
}

/**
 * Units as the detail lists them, with their evidences: `first` is the first one's index in the provision (a page of
 * units starts further on — GET /api/provisions/{id}/units/page).
 */
export function presentUnits(units: UnitRow[], evidences: EvidenceWithFile[], first = 0): ProvisionUnitResponse[] {
  const { ofUnit } = groupEvidences(evidences);
  return units.map((unit, index) => presentUnit(unit, first + index, ofUnit.get(unit.id) ?? []));
}

export function presentDetail(
  found: {
    provision: ProvisionRow;
    folioShown: string;
    company: { id: number; name: string; clientId: string | null };
    agencyName: string | null;
    legalName: string | null;
    operatorName: string | null;
  },
  units: UnitRow[],
  evidences: EvidenceWithFile[],
): ProvisionDetail {
  const { provision } = found;
  const { own, ofUnit } = groupEvidences(evidences);
  return {
    id: provision.id,
    folio: found.folioShown,
    manualFolio: provision.manualFolio,
    useManualFolio: provision.useManualFolio,
    status: provision.status,
    version: provision.version,
    accountId: provision.accountId,
    company: { ...found.company, clientId: found.company.clientId ?? '' },
    agency: provision.agencyId === null ? null : { id: provision.agencyId, name: found.agencyName ?? '' },
    legalPerson: provision.legalId === null ? null : { id: provision.legalId, name: found.legalName ?? '' },
    creditLine: provision.creditLine,
    typeLine: provision.typeLine,
    deadlines: provision.deadlines,
    description: provision.description,
    includeAll: provision.includeAll,
    total: provision.total,
    operator: { id: provision.registerBy, name: found.operatorName ?? '' },
    countUnits: units.length,
    createdAt: provision.createdAt.toISOString(),
    isArchived: provision.isArchived,
    evidences: own,
    units: units.map((unit, index) => presentUnit(unit, index, ofUnit.get(unit.id) ?? [])),
  };
}

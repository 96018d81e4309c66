import type { ProvisionDetail, RefinancingAvailableUnit } from '@planpiso/domain';
import type { MockReply } from './mock-api';
import { sessionUserOf, storeSession } from './session-fixtures';

/** The operator (type 5) of branch León signed in: the user who creates provisions and refinancings. */
export function storeLeonOperatorSession(): void {
  storeSession(sessionUserOf(5, { agency: { id: 7, name: 'León' } }));
}

/** GET /api/companies/11/users-agencies: that operator (105, León) and the company's legal representative (104). */
export const LEON_USERS_AGENCIES: MockReply = {
  body: {
    data: [
      {
        id: 105,
        firstname: 'Lucía',
        lastname: 'Treviño',
        email: 'a@x.mx',
        type: 5,
        agencies: [{ id: 7, name: 'León' }],
      },
      { id: 104, firstname: 'Ramón', lastname: 'Representante', email: 'r@x.mx', type: 4, agencies: [] },
    ],
  },
};

/** A unit offered for refinancing (GET /api/refinancings/units): company 11's, on line LC-10001-01, every check passed. */
export const refinancingUnit = (
  id: number,
  overrides: Partial<RefinancingAvailableUnit> = {},
): RefinancingAvailableUnit => ({
  id,
  vinNumber: `3N1CD3AP6VL00000${id}`,
  model: '2025',
  motorNumber: `MTR-${id}`,
  color: 'Blanco',
  brandName: 'Nissan',
  deadlines: 3,
  amount: '150000.50',
  isSold: false,
  validRepuve: true,
  validTransunion: true,
  validAx: true,
  companyId: 11,
  companyName: 'Autos del Norte',
  creditLine: 'LC-10001-01',
  createdAt: '2026-11-20T18:00:00.000Z',
  version: 1,
  ...overrides,
});

/** Provision 40 (folio 1040) of company 11, status 1, version 3: each test adds its own units and changes. */
export const PROVISION_40: Omit<ProvisionDetail, 'units'> = {
  id: 40,
  folio: '1040',
  manualFolio: null,
  useManualFolio: false,
  status: 1,
  version: 3,
  accountId: 1,
  company: { id: 11, name: 'Autos del Norte', clientId: '10001' },
  agency: { id: 7, name: 'León' },
  legalPerson: { id: 104, name: 'Ramón Representante' },
  creditLine: 'LC-10001-01',
  typeLine: '100000000',
  deadlines: 3,
  description: 'Lote de noviembre',
  includeAll: false,
  total: '400.00',
  operator: { id: 105, name: 'Lucía Treviño' },
  countUnits: 2,
  createdAt: '2026-11-20T10:00:00Z',
  isArchived: false,
  evidences: [],
};

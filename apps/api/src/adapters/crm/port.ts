// The CRM as the API sees it (contract: docs/decisions/009-external-systems.md); the HTTP implementation lives in
// ./http.ts. The records are declared once in the domain (./contracts/crm), which the simulator answers with too.

import type {
  CrmClient,
  CrmCreditDetail,
  CrmCreditLine,
  CrmCreditLineInformation,
  CrmGuarantor,
  CrmInsertionResult,
  CrmInventoryRow,
  CrmLegalRepresentative,
  CrmLineConfiguration,
  CrmUnitInsertion,
  CrmVinInformation,
} from '@planpiso/domain';

export interface CrmPort {
  clients(): Promise<CrmClient[]>;
  legalRepresentatives(numeroCliente: string): Promise<CrmLegalRepresentative[]>;
  creditLines(numeroCliente: string): Promise<CrmCreditLine[]>;
  /** null when the CRM does not know the line. */
  creditLineInformation(lineaCredito: string): Promise<CrmCreditLineInformation | null>;
  lineConfiguration(numeroCliente: string): Promise<CrmLineConfiguration[]>;
  inventory(numeroCliente: string, range: { fechaInicio?: string; fechaFinal?: string }): Promise<CrmInventoryRow[]>;
  creditDetails(numeroCliente: string): Promise<CrmCreditDetail[]>;
  guarantors(lineaCredito: string): Promise<CrmGuarantor[]>;
  /** null when the CRM does not know the VIN. */
  vinInformation(vin: string): Promise<CrmVinInformation | null>;
  /**
   * Inserts a unit as a credit. The same idempotency key answers the first result again, so a retried
   * insertion happens once. A rejection by the CRM throws CrmRejectedError (not retried, not a 503).
   */
  insertUnit(unit: CrmUnitInsertion, idempotencyKey: string): Promise<CrmInsertionResult>;
}

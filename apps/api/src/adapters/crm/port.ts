// The CRM as the API sees it (contract: docs/decisions/009-external-systems.md); the HTTP implementation lives in
// ./http.ts. The records are declared once in the domain (./contracts/crm), which the simulator answers with too.

import type {
  CrmClient,
  CrmCreditBalance,
  CrmCreditDetail,
  CrmCreditLine,
  CrmCreditLineInformation,
  CrmGuarantor,
  CrmInsertionResult,
  CrmInventoryRow,
  CrmLegalRepresentative,
  CrmLineConfiguration,
  CrmPayment,
  CrmPayoffQuote,
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
  /**
   * A credit's money (issue 29): principal, accrued interest, payments, next curtailment and whether it is paid
   * off, at the end of `asOf` (YYYY-MM-DD) or, without it, at the CRM's current day. null when the CRM does not
   * know the credit.
   */
  creditBalance(creditNumber: string, asOf?: string): Promise<CrmCreditBalance | null>;
  /**
   * The balances of up to CRM_BALANCES_BATCH credits in one call (the register's reconciliation), at the end of
   * `asOf`; the credits the CRM does not know are left out.
   */
  creditBalances(creditNumbers: string[], asOf?: string): Promise<CrmCreditBalance[]>;
  /** What settles a credit on `date` (YYYY-MM-DD): principal plus interest to that day. null for an unknown credit. */
  payoffQuote(creditNumber: string, date: string): Promise<CrmPayoffQuote | null>;
  /**
   * Records a payment as the lender's ERP does (PlanPiso never takes money: for tests and demos only). Answers the
   * credit's balance on the payment's day; a payment the CRM refuses throws ExternalServiceError ('rejected').
   */
  recordPayment(payment: CrmPayment): Promise<CrmCreditBalance>;
}

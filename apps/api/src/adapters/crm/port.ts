// The CRM as the API sees it (contract: docs/decisions/009-external-systems.md). Field names are the CRM's
// own Spanish ones, as the spec's records; the HTTP implementation lives in ./http.ts.

/** 100000000 Nuevos, 100000001 Seminuevos (spec 2 §3, spec 3 §3). */
export type LineType = '100000000' | '100000001';

export type CrmClient = { numeroCliente: string; nombreEmpresa: string; razonSocial: string };

export type CrmLegalRepresentative = {
  numeroCliente: string;
  nombres: string;
  apellidos: string;
  correo: string;
  telefono: string;
};

export type CrmCreditLine = {
  numeroCliente: string;
  lineaCredito: string;
  tipoDispLinea: LineType;
  montoAutorizado: number;
  montoRestante: number;
  plazos: string;
  estatus: string;
};

export type CrmCreditLineInformation = {
  lineaCredito: string;
  numeroCliente: string;
  tipoDispLinea: LineType;
  montoAutorizado: number;
  montoDispuesto: number;
  montoRestante: number;
  plazos: string;
  tasa: number;
  fechaApertura: string;
  fechaVencimiento: string;
};

/** One line of `ConfiguracionClientesDispLinea`: what a client may draw on. */
export type CrmLineConfiguration = {
  lineaCredito: string;
  tipoDispLinea: LineType;
  montoRestante: number;
  /** Terms in months separated by '|', e.g. '1|2|3|6'. */
  plazos: string;
  disponible: number;
  tienesSaldosPendientes: boolean;
};

export type CrmInventoryRow = {
  noCredito: string;
  modelo: string;
  vin: string;
  plazo: number;
  finCredito: string;
  lineaCredito: string;
};

export type CrmCreditDetail = {
  noCredito: string;
  contrato: string;
  lineaCredito: string;
  vin: string;
  modelo: string;
  asignacion: string;
  agencia: string;
  tasa: number;
  saldoCapital: number;
  fechaInicio: string;
  fechaVencimiento: string;
  diasTranscurridos: number;
  plazoFinanciamiento: number;
  diasRescate: number;
  /** The audit flag (the layout's finbeCob): a unit under audit is not refinanceable. */
  auditoria: boolean;
  tipo: string;
};

export type CrmGuarantorRepresentative = { numeroCliente: string; nombres: string; apellidos: string; cargo: string };

export type CrmGuarantor = {
  numeroCliente: string;
  tipoPersona: 'fisica' | 'moral';
  nombres: string;
  apellidos: string;
  cargo: string;
  razonSocial: string;
  /** Legal representatives of a corporate guarantor (empty for natural persons). */
  representantes: CrmGuarantorRepresentative[];
};

export type CrmVinInformation = {
  vin: string;
  marca: string;
  tipo: string;
  modelo: string;
  descripcion: string;
  motor: string;
  colorExterior: string;
  colorInterior: string;
};

export type CrmUnitInsertion = {
  numeroCliente: string;
  lineaCredito: string;
  folio: string;
  vin: string;
  motor: string;
  marca: string;
  modelo: string;
  descripcion: string;
  colorExterior: string;
  colorInterior: string;
  monto: number;
  plazo: number;
  /** YYYY-MM-DD: 'Inicio de la disposición'. */
  fechaInicio: string;
};

export type CrmInsertionResult = { noCredito: string; vin: string; lineaCredito: string };

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

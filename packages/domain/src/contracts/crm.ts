import { z } from 'zod';
import { Money, moneyDecimal } from '../money';
import { isoDate } from './common';

// The CRM's records on the wire (decision 009), declared once: the API's adapter checks every answer against
// them (a CRM that answers something else fails like a broken one, 503) and the simulator answers with them.
// Field names are the CRM's own Spanish ones, as the spec's records (spec 2 §3, spec 3 §3).

/** 100000000 Nuevos, 100000001 Seminuevos. */
export const crmLineType = z.enum(['100000000', '100000001']);
export type CrmLineType = z.infer<typeof crmLineType>;

const amount = z.number().finite();
/** Money on the wire is a JSON number; one with more than 2 decimals or beyond numeric(14,2) is a broken answer. */
const money = amount.refine((value) => Money.parse(value).ok);

export const crmClient = z.object({ numeroCliente: z.string(), nombreEmpresa: z.string(), razonSocial: z.string() });
export type CrmClient = z.infer<typeof crmClient>;

export const crmLegalRepresentative = z.object({
  numeroCliente: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  correo: z.string(),
  /** 10 digits. */
  telefono: z.string(),
});
export type CrmLegalRepresentative = z.infer<typeof crmLegalRepresentative>;

export const crmCreditLine = z.object({
  numeroCliente: z.string(),
  lineaCredito: z.string(),
  tipoDispLinea: crmLineType,
  montoAutorizado: money,
  montoRestante: money,
  plazos: z.string(),
  estatus: z.string(),
});
export type CrmCreditLine = z.infer<typeof crmCreditLine>;

export const crmCreditLineInformation = z.object({
  lineaCredito: z.string(),
  numeroCliente: z.string(),
  tipoDispLinea: crmLineType,
  montoAutorizado: money,
  montoDispuesto: money,
  montoRestante: money,
  plazos: z.string(),
  /** Annual rate, percent. */
  tasa: amount,
  fechaApertura: z.string(),
  fechaVencimiento: z.string(),
});
export type CrmCreditLineInformation = z.infer<typeof crmCreditLineInformation>;

/** One line of `ConfiguracionClientesDispLinea`: what a client may draw on. */
export const crmLineConfiguration = z.object({
  lineaCredito: z.string(),
  tipoDispLinea: crmLineType,
  montoRestante: money,
  /** Terms in months separated by '|', e.g. '1|2|3|6'. */
  plazos: z.string(),
  disponible: money,
  tienesSaldosPendientes: z.boolean(),
});
export type CrmLineConfiguration = z.infer<typeof crmLineConfiguration>;

/** A credit inventory row (spec 3 §3). */
export const crmInventoryRow = z.object({
  noCredito: z.string(),
  modelo: z.string(),
  vin: z.string(),
  plazo: z.number().int(),
  finCredito: z.string(),
  lineaCredito: z.string(),
});
export type CrmInventoryRow = z.infer<typeof crmInventoryRow>;

export const crmCreditDetail = z.object({
  noCredito: z.string(),
  contrato: z.string(),
  lineaCredito: z.string(),
  vin: z.string(),
  /** The model year, as text (spec 3 §3). */
  modelo: z.string(),
  /** The dealer branch the unit is assigned to. */
  asignacion: z.string(),
  agencia: z.string(),
  tasa: amount,
  saldoCapital: money,
  fechaInicio: z.string(),
  fechaVencimiento: z.string(),
  diasTranscurridos: z.number().int(),
  plazoFinanciamiento: z.number().int(),
  diasRescate: z.number().int(),
  /** The audit flag (the layout's finbeCob): a unit under audit is not refinanceable. */
  auditoria: z.boolean(),
  tipo: z.string(),
});
export type CrmCreditDetail = z.infer<typeof crmCreditDetail>;

export const crmGuarantorRepresentative = z.object({
  numeroCliente: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  cargo: z.string(),
});
export type CrmGuarantorRepresentative = z.infer<typeof crmGuarantorRepresentative>;

export const crmGuarantor = z.object({
  numeroCliente: z.string(),
  tipoPersona: z.enum(['fisica', 'moral']),
  nombres: z.string(),
  apellidos: z.string(),
  cargo: z.string(),
  razonSocial: z.string(),
  /** Legal representatives of a corporate guarantor (empty for natural persons). */
  representantes: z.array(crmGuarantorRepresentative),
});
export type CrmGuarantor = z.infer<typeof crmGuarantor>;

export const crmVinInformation = z.object({
  vin: z.string(),
  marca: z.string(),
  /** The line of the make as Mexican invoices call it ('Tipo'), e.g. 'Versa'. */
  tipo: z.string(),
  /** The model year, as text. */
  modelo: z.string(),
  descripcion: z.string(),
  motor: z.string(),
  colorExterior: z.string(),
  colorInterior: z.string(),
});
export type CrmVinInformation = z.infer<typeof crmVinInformation>;

/** The body of `POST /InsertarUnidad`. */
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

export const crmInsertionResult = z.object({ noCredito: z.string(), vin: z.string(), lineaCredito: z.string() });
export type CrmInsertionResult = z.infer<typeof crmInsertionResult>;

/** A refusal of the CRM (422 to an insertion), and every other error of decision 009. */
export const crmRejection = z.object({ message: z.string() });

// The money of one credit (issue 29): what the register reconciles with and what a payoff is worth. Unlike the
// spec's records above, these amounts travel as exact decimal strings ('387200.00'), never as JSON numbers.

const creditStatus = z.enum(['vigente', 'liquidado']);

/** A part of the principal the dealer must pay by a date (a curtailment), set by the credit's term. */
const curtailment = z.object({ date: isoDate, amount: moneyDecimal });

export const crmCreditBalance = z.object({
  creditNumber: z.string(),
  /** The principal still owed. */
  principal: moneyDecimal,
  /** Interest accrued and not yet paid. */
  accruedInterest: moneyDecimal,
  /** Every payment received, interest and principal together. */
  paidTotal: moneyDecimal,
  /** null once nothing is owed. */
  nextCurtailment: curtailment.nullable(),
  status: creditStatus,
  /** The day the payment that settled the credit was made; null while it is vigente. */
  paidOffAt: isoDate.nullable(),
});
export type CrmCreditBalance = z.infer<typeof crmCreditBalance>;

/** How many credits one balances' read asks for at the most (the register's reconciliation reads in batches). */
export const CRM_BALANCES_BATCH = 200;

/** POST /SaldosCreditos: the balances of a batch of credits at the end of `date`; the CRM answers the ones it knows. */
export const crmCreditBalancesRequest = z.object({
  noCreditos: z.array(z.string().min(1)).min(1).max(CRM_BALANCES_BATCH),
  date: isoDate.optional(),
});
export type CrmCreditBalancesRequest = z.infer<typeof crmCreditBalancesRequest>;

/** What settles a credit on `date`: its principal plus the interest accrued to that day. */
export const crmPayoffQuote = z.object({
  creditNumber: z.string(),
  date: isoDate,
  principal: moneyDecimal,
  interest: moneyDecimal,
  total: moneyDecimal,
});
export type CrmPayoffQuote = z.infer<typeof crmPayoffQuote>;

/** A payment the lender's ERP received for a credit (PlanPiso never takes money). */
export const crmPayment = z.object({ creditNumber: z.string().min(1), amount: moneyDecimal, paidAt: isoDate });
export type CrmPayment = z.infer<typeof crmPayment>;

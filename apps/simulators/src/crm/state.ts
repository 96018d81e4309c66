import type { CrmInsertionResult, CrmUnitInsertion } from '@planpiso/domain';
import {
  CLIENTS,
  CREDIT_LINES,
  CREDITS,
  CRM_REJECTIONS,
  FIXTURES_REFERENCE_DATE,
  type CreditFixture,
  type CreditLineFixture,
} from '../fixtures/index';
import { unprocessable } from '../platform/errors';
import { addMonths, creditDayCounts } from './dates';

export type Insertion = {
  idempotencyKey: string | null;
  unit: CrmUnitInsertion;
  result: CrmInsertionResult;
  insertedAt: string;
};

export const round2 = (amount: number) => Math.round(amount * 100) / 100;

/** Credit numbers the CRM hands out to inserted units, above every fixture's. */
const FIRST_INSERTED_CREDIT = 5_000_001;

/**
 * The CRM's memory: the fixtures' lines and credits plus what was inserted. Balances are always derived from the
 * credits (montoDispuesto is the sum of their saldoCapital), so an insertion lowers the line's montoRestante and
 * disponible by itself. Each server has its own copy; a restart (or DELETE /__admin/insertions) starts over.
 */
export class CrmState {
  private credits: CreditFixture[] = [];
  private insertions: Insertion[] = [];
  private nextCredit = FIRST_INSERTED_CREDIT;
  readonly today = FIXTURES_REFERENCE_DATE;

  constructor() {
    this.reset();
  }

  reset(): void {
    this.credits = CREDITS.map((credit) => ({ ...credit }));
    this.insertions = [];
    this.nextCredit = FIRST_INSERTED_CREDIT;
  }

  listInsertions(): Insertion[] {
    return this.insertions;
  }

  line(lineaCredito: string): CreditLineFixture | undefined {
    return CREDIT_LINES.find((line) => line.lineaCredito === lineaCredito);
  }

  linesOf(numeroCliente: string): CreditLineFixture[] {
    return CREDIT_LINES.filter((line) => line.numeroCliente === numeroCliente);
  }

  creditsOf(numeroCliente: string): CreditFixture[] {
    return this.credits.filter((credit) => credit.numeroCliente === numeroCliente);
  }

  /** Past due at the CRM's date: what makes a client "have pending balances". */
  isOverdue(credit: CreditFixture): boolean {
    return credit.fechaVencimiento < this.today;
  }

  hasPendingBalances(numeroCliente: string): boolean {
    return this.creditsOf(numeroCliente).some((credit) => this.isOverdue(credit));
  }

  balances(line: CreditLineFixture): { montoDispuesto: number; montoRestante: number; disponible: number } {
    const onLine = this.credits.filter((credit) => credit.lineaCredito === line.lineaCredito);
    const montoDispuesto = round2(onLine.reduce((sum, credit) => sum + credit.saldoCapital, 0));
    const montoRestante = round2(Math.max(0, line.montoAutorizado - montoDispuesto));
    // Overdue capital is held back: the client cannot draw it again until it is paid.
    const overdue = onLine.filter((credit) => this.isOverdue(credit)).reduce((sum, c) => sum + c.saldoCapital, 0);
    return { montoDispuesto, montoRestante, disponible: round2(Math.max(0, montoRestante - overdue)) };
  }

  /**
   * Inserts a unit as a credit, once: the same idempotency key, or the same VIN on the same line, answers the
   * first result again (`replayed`). A VIN already financed for the same client is refinanced (its old credit
   * is settled by the new one).
   */
  insert(unit: CrmUnitInsertion, idempotencyKey: string | null): { result: CrmInsertionResult; replayed: boolean } {
    const byKey = idempotencyKey ? this.insertions.find((i) => i.idempotencyKey === idempotencyKey) : undefined;
    if (byKey) {
      if (byKey.unit.vin !== unit.vin || byKey.unit.lineaCredito !== unit.lineaCredito) {
        throw unprocessable('La clave de idempotencia ya se usó para otra unidad');
      }
      return { result: byKey.result, replayed: true };
    }
    const byUnit = this.insertions.find((i) => i.unit.vin === unit.vin && i.unit.lineaCredito === unit.lineaCredito);
    if (byUnit) return { result: byUnit.result, replayed: true };

    const rejection = CRM_REJECTIONS[unit.vin];
    if (rejection) throw unprocessable(rejection);
    const client = CLIENTS.find((c) => c.numeroCliente === unit.numeroCliente);
    if (!client) throw unprocessable(`El cliente ${unit.numeroCliente} no existe en el CRM`);
    const line = this.line(unit.lineaCredito);
    if (!line || line.numeroCliente !== unit.numeroCliente) {
      throw unprocessable(`La línea de crédito ${unit.lineaCredito} no pertenece al cliente ${unit.numeroCliente}`);
    }
    if (!line.plazos.split('|').includes(String(unit.plazo))) {
      throw unprocessable(`El plazo ${unit.plazo} no está permitido en la línea ${line.lineaCredito}`);
    }
    const previous = this.credits.find((credit) => credit.vin === unit.vin);
    if (previous && previous.numeroCliente !== unit.numeroCliente) {
      throw unprocessable('La unidad ya tiene un crédito vigente con otro cliente');
    }
    const refinanced = previous && previous.lineaCredito === line.lineaCredito ? previous.saldoCapital : 0;
    if (unit.monto > this.balances(line).disponible + refinanced) {
      throw unprocessable(`El monto excede el saldo disponible de la línea ${line.lineaCredito}`);
    }

    const sequence = this.insertions.length + 1;
    const credit: CreditFixture = {
      noCredito: `CRE-${String(this.nextCredit++).padStart(7, '0')}`,
      contrato: `CPP-${client.numeroCliente}-${unit.fechaInicio.slice(0, 4)}-I${String(sequence).padStart(3, '0')}`,
      numeroCliente: client.numeroCliente,
      lineaCredito: line.lineaCredito,
      vin: unit.vin,
      modelo: unit.modelo,
      asignacion: client.sucursales[0] ?? '',
      agencia: client.nombreEmpresa,
      tasa: line.tasa,
      saldoCapital: round2(unit.monto),
      plazo: unit.plazo,
      fechaInicio: unit.fechaInicio,
      fechaVencimiento: addMonths(unit.fechaInicio, unit.plazo),
      auditoria: false,
      tipo: line.tipoDispLinea === '100000001' ? 'Seminuevo' : 'Nuevo',
    };
    this.credits = [...this.credits.filter((c) => c !== previous), credit];
    const result = { noCredito: credit.noCredito, vin: credit.vin, lineaCredito: credit.lineaCredito };
    this.insertions.push({ idempotencyKey, unit, result, insertedAt: new Date().toISOString() });
    return { result, replayed: false };
  }

  /** The day counts of a credit at the CRM's date, from its own dates (the layout reads them; decision 060). */
  dayCounts(credit: CreditFixture) {
    return creditDayCounts(credit, this.today);
  }
}

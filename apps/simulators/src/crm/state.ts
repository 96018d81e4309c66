import {
  Money,
  type CrmCreditBalance,
  type CrmInsertionResult,
  type CrmPayment,
  type CrmPayoffQuote,
  type CrmUnitInsertion,
} from '@planpiso/domain';
import {
  CLIENTS,
  CREDIT_LINES,
  CREDITS,
  CRM_REJECTIONS,
  FIXTURES_REFERENCE_DATE,
  type CreditFixture,
  type CreditLineFixture,
} from '../fixtures/index';
import { notFound, unprocessable } from '../platform/errors';
import { addDays, addMonths, creditDayCounts, daysBetween } from './dates';
import { nextCurtailment, statementAt, type CreditTerms, type Payment } from './ledger';

export type Insertion = {
  idempotencyKey: string | null;
  unit: CrmUnitInsertion;
  result: CrmInsertionResult;
  insertedAt: string;
};

export const round2 = (amount: number) => Math.round(amount * 100) / 100;

/** Credit numbers the CRM hands out to inserted units, above every fixture's. */
const FIRST_INSERTED_CREDIT = 5_000_001;

/** What a credit financed and the payments the lender's ERP recorded for it, oldest first. */
type Ledger = { financed: Money; payments: Payment[] };

/**
 * The CRM's memory: the fixtures' lines and credits plus what was inserted, and each credit's ledger. Balances are
 * always derived from the credits (montoDispuesto is the sum of their saldoCapital), so an insertion lowers the
 * line's montoRestante and disponible by itself, and a payment to the principal raises them again. A fixture
 * credit's saldoCapital is taken as what it financed. Each server has its own copy; a restart (or
 * DELETE /__admin/insertions) starts over, payments included.
 */
export class CrmState {
  private credits: CreditFixture[] = [];
  private insertions: Insertion[] = [];
  private ledgers = new Map<string, Ledger>();
  private nextCredit = FIRST_INSERTED_CREDIT;
  private day = FIXTURES_REFERENCE_DATE;

  constructor() {
    this.reset();
  }

  reset(): void {
    this.credits = CREDITS.map((credit) => ({ ...credit }));
    this.ledgers = new Map(this.credits.map((credit) => [credit.noCredito, newLedger(credit)]));
    this.insertions = [];
    this.nextCredit = FIRST_INSERTED_CREDIT;
  }

  /**
   * The CRM's date: the fixtures' unless an e2e journey moved it (`/__admin/clock`), together with the API's clock, to
   * make a grace period pass. Starting over (reset) keeps it: the clock is moved and put back on its own.
   */
  get today(): string {
    return this.day;
  }

  /** Moves the CRM's date to `day` (YYYY-MM-DD), ahead or back. */
  setToday(day: string): void {
    this.day = day;
  }

  advanceDays(days: number): void {
    this.day = addDays(this.day, days);
  }

  resetToday(): void {
    this.day = FIXTURES_REFERENCE_DATE;
  }

  /** How many days the CRM's date is past the fixtures' (negative before it). */
  daysMoved(): number {
    return daysBetween(FIXTURES_REFERENCE_DATE, this.day);
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

  /** Past due at the CRM's date and not paid off: what makes a client "have pending balances". */
  isOverdue(credit: CreditFixture): boolean {
    return credit.fechaVencimiento < this.today && credit.saldoCapital > 0;
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
    if (previous) this.ledgers.delete(previous.noCredito);
    this.ledgers.set(credit.noCredito, newLedger(credit));
    const result = { noCredito: credit.noCredito, vin: credit.vin, lineaCredito: credit.lineaCredito };
    this.insertions.push({ idempotencyKey, unit, result, insertedAt: new Date().toISOString() });
    return { result, replayed: false };
  }

  /** A credit by its number; 404 when the CRM does not know it. */
  credit(noCredito: string): { credit: CreditFixture; terms: CreditTerms; payments: Payment[] } {
    const credit = this.credits.find((c) => c.noCredito === noCredito);
    const ledger = this.ledgers.get(noCredito);
    if (!credit || !ledger) throw notFound(`El crédito ${noCredito} no existe en el CRM`);
    const terms = { ...credit, financed: ledger.financed };
    return { credit, terms, payments: ledger.payments };
  }

  /** Whether the CRM knows the credit (a batch of balances skips the ones it does not). */
  knows(noCredito: string): boolean {
    return this.ledgers.has(noCredito) && this.credits.some((c) => c.noCredito === noCredito);
  }

  allCredits(): readonly CreditFixture[] {
    return this.credits;
  }

  /**
   * A credit's money at the end of `asOf`. Without a date: at the CRM's date, or at the credit's start or its last
   * payment when those come later (the lender may send a start, or record a payment, past the fixtures' clock).
   */
  balance(noCredito: string, asOf?: string): CrmCreditBalance {
    const { terms, payments } = this.credit(noCredito);
    const day = asOf ?? this.currentDay(noCredito);
    const statement = statementAt(terms, payments, day);
    const next = nextCurtailment(terms, statement, day);
    return {
      creditNumber: noCredito,
      principal: statement.principal.toDecimalString(),
      accruedInterest: statement.interest.toDecimalString(),
      paidTotal: statement.paidTotal.toDecimalString(),
      nextCurtailment: next && { date: next.date, amount: next.amount.toDecimalString() },
      status: statement.paidOffAt ? 'liquidado' : 'vigente',
      paidOffAt: statement.paidOffAt,
    };
  }

  /** The day a balance without a date is for: the latest of the CRM's date, the credit's start and its last payment. */
  currentDay(noCredito: string): string {
    const { terms, payments } = this.credit(noCredito);
    return [this.today, terms.fechaInicio, payments.at(-1)?.paidAt ?? ''].sort().at(-1)!;
  }

  /** What settles the credit on `date`; 0 once it is paid off. */
  payoffQuote(noCredito: string, date: string): CrmPayoffQuote {
    const { terms, payments } = this.credit(noCredito);
    if (date < terms.fechaInicio) {
      throw unprocessable(`La fecha ${date} es anterior al inicio del crédito ${noCredito} (${terms.fechaInicio})`);
    }
    const { principal, interest } = statementAt(terms, payments, date);
    return {
      creditNumber: noCredito,
      date,
      principal: principal.toDecimalString(),
      interest: interest.toDecimalString(),
      total: principal.add(interest).toDecimalString(),
    };
  }

  /**
   * Records a payment the lender's ERP received: interest first, then principal. One equal to the payoff of its day
   * settles the credit (liquidado); more than that, a payment to a settled credit, or one dated before the credit's
   * start or its last payment is refused (422).
   */
  recordPayment(payment: CrmPayment): CrmCreditBalance {
    const { credit, terms, payments } = this.credit(payment.creditNumber);
    const amount = Money.of(payment.amount);
    const last = payments.at(-1);
    if (last && statementAt(terms, payments, last.paidAt).paidOffAt) {
      throw unprocessable(`El crédito ${credit.noCredito} ya está liquidado`);
    }
    if (payment.paidAt < terms.fechaInicio) {
      throw unprocessable(`La fecha del pago es anterior al inicio del crédito (${terms.fechaInicio})`);
    }
    if (last && payment.paidAt < last.paidAt) {
      throw unprocessable(`La fecha del pago es anterior al último pago registrado (${last.paidAt})`);
    }
    const quote = this.payoffQuote(credit.noCredito, payment.paidAt);
    if (amount.greaterThan(Money.of(quote.total))) {
      throw unprocessable(`El pago excede el saldo por liquidar al ${payment.paidAt}: ${quote.total}`);
    }
    payments.push({ amount, paidAt: payment.paidAt });
    credit.saldoCapital = statementAt(terms, payments, payment.paidAt).principal.toNumber();
    return this.balance(credit.noCredito, payment.paidAt);
  }

  /** The day counts of a credit at the CRM's date, from its own dates (the layout reads them; decision 060). */
  dayCounts(credit: CreditFixture) {
    return creditDayCounts(credit, this.today);
  }
}

const newLedger = (credit: CreditFixture): Ledger => ({ financed: Money.round(credit.saldoCapital), payments: [] });

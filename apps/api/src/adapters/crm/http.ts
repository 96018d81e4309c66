import { z } from 'zod';
import {
  crmClient as client,
  crmCreditBalance as creditBalance,
  crmCreditDetail as creditDetail,
  crmCreditLine as creditLine,
  crmCreditLineInformation as creditLineInformation,
  crmGuarantor as guarantor,
  crmInsertionResult as insertionResult,
  crmInventoryRow as inventoryRow,
  crmLegalRepresentative as legalRepresentative,
  crmLineConfiguration as lineConfiguration,
  crmPayoffQuote as payoffQuote,
  crmRejection as rejection,
  crmVinInformation as vinInformation,
} from '@planpiso/domain';
import { CrmRejectedError } from '../errors';
import type { HttpClient } from '../http-client';
import type { CrmPort } from './port';

// Every answer is checked against the records of decision 009 (the domain's ./contracts/crm).

/** The CRM over HTTP (decision 009). Every read is a GET, so every read is retried; the insertion carries its key. */
export function createCrmAdapter(http: HttpClient): CrmPort {
  const list = async <T>(path: string, key: string, query: Record<string, string | undefined>, item: z.ZodType<T>) => {
    return http.json({ path: `/${path}`, query, operation: `${path} ${key}`.trim() }, z.array(item));
  };
  /** A single record whose 404 means "the CRM does not know it". */
  const one = async <T>(path: string, key: string, query: Record<string, string>, schema: z.ZodType<T>) => {
    const answer = await http.jsonAnswer(
      { path: `/${path}`, query, operation: `${path} ${key}`, accept: [404] },
      schema,
    );
    return answer.ok ? answer.body : null;
  };

  return {
    clients: () => list('ClientesDispLinea', '', {}, client),
    legalRepresentatives: (numeroCliente) =>
      list('RepresentantesLegales', numeroCliente, { numeroCliente }, legalRepresentative),
    creditLines: (numeroCliente) => list('LineasCredito', numeroCliente, { numeroCliente }, creditLine),
    creditLineInformation: (lineaCredito) =>
      one('InformacionLineaCredito', lineaCredito, { lineaCredito }, creditLineInformation),
    lineConfiguration: (numeroCliente) =>
      list('ConfiguracionClientesDispLinea', numeroCliente, { numeroCliente }, lineConfiguration),
    inventory: (numeroCliente, range) =>
      list(
        'InventarioCredito',
        numeroCliente,
        { numeroCliente, fechaInicio: range.fechaInicio, fechaFinal: range.fechaFinal },
        inventoryRow,
      ),
    creditDetails: (numeroCliente) => list('DetalleCreditos', numeroCliente, { numeroCliente }, creditDetail),
    guarantors: (lineaCredito) => list('Avales', lineaCredito, { lineaCredito }, guarantor),
    vinInformation: (vin) => one('InformacionVin', vin, { vin }, vinInformation),
    creditBalance: (noCredito, asOf) =>
      one('SaldoCredito', noCredito, { noCredito, ...(asOf ? { date: asOf } : {}) }, creditBalance),
    payoffQuote: (noCredito, date) => one('CotizacionLiquidacion', noCredito, { noCredito, date }, payoffQuote),
    // A read sent as POST (the list of credits is too long for a query string).
    creditBalances: (noCreditos, asOf) =>
      http.json(
        {
          method: 'POST',
          path: '/SaldosCreditos',
          body: { noCreditos, ...(asOf ? { date: asOf } : {}) },
          operation: `SaldosCreditos ${noCreditos.length}`,
        },
        z.array(creditBalance),
      ),

    // Not idempotent (no key): a payment repeated would be a second payment, so it is never retried.
    recordPayment: (payment) =>
      http.json(
        { method: 'POST', path: '/RegistrarPago', body: payment, operation: `RegistrarPago ${payment.creditNumber}` },
        creditBalance,
      ),

    async insertUnit(unit, idempotencyKey) {
      const answer = await http.jsonAnswer(
        {
          method: 'POST',
          path: '/InsertarUnidad',
          body: unit,
          headers: { 'idempotency-key': idempotencyKey },
          operation: `InsertarUnidad ${unit.vin}`,
          // The key makes a repeat answer the first result again (decision 009), so retrying is safe.
          idempotent: true,
          accept: [422],
        },
        insertionResult,
      );
      if (answer.ok) return answer.body;
      const parsed = rejection.safeParse(answer.body);
      throw new CrmRejectedError(unit.vin, parsed.success ? parsed.data.message : String(answer.body ?? ''));
    },
  };
}

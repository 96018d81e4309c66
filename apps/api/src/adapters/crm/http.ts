import { z } from 'zod';
import { Money } from '@planpiso/domain';
import { CrmRejectedError } from '../errors';
import type { HttpClient } from '../http-client';
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
  CrmPort,
  CrmVinInformation,
} from './port';

// The shapes of decision 009, checked on the way in: a CRM that answers something else fails like a broken one
// (503) instead of leaking undefined into a screen or a balance.

const lineType = z.enum(['100000000', '100000001']);
const amount = z.number().finite();
/** Money on the wire is a JSON number; one with more than 2 decimals or beyond numeric(14,2) is a broken answer. */
const money = amount.refine((value) => Money.parse(value).ok);

const client = z.object({ numeroCliente: z.string(), nombreEmpresa: z.string(), razonSocial: z.string() });
const legalRepresentative = z.object({
  numeroCliente: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  correo: z.string(),
  telefono: z.string(),
});
const creditLine = z.object({
  numeroCliente: z.string(),
  lineaCredito: z.string(),
  tipoDispLinea: lineType,
  montoAutorizado: money,
  montoRestante: money,
  plazos: z.string(),
  estatus: z.string(),
});
const creditLineInformation = z.object({
  lineaCredito: z.string(),
  numeroCliente: z.string(),
  tipoDispLinea: lineType,
  montoAutorizado: money,
  montoDispuesto: money,
  montoRestante: money,
  plazos: z.string(),
  tasa: amount,
  fechaApertura: z.string(),
  fechaVencimiento: z.string(),
});
const lineConfiguration = z.object({
  lineaCredito: z.string(),
  tipoDispLinea: lineType,
  montoRestante: money,
  plazos: z.string(),
  disponible: money,
  tienesSaldosPendientes: z.boolean(),
});
const inventoryRow = z.object({
  noCredito: z.string(),
  modelo: z.string(),
  vin: z.string(),
  plazo: z.number().int(),
  finCredito: z.string(),
  lineaCredito: z.string(),
});
const creditDetail = z.object({
  noCredito: z.string(),
  contrato: z.string(),
  lineaCredito: z.string(),
  vin: z.string(),
  modelo: z.string(),
  asignacion: z.string(),
  agencia: z.string(),
  tasa: amount,
  saldoCapital: money,
  fechaInicio: z.string(),
  fechaVencimiento: z.string(),
  diasTranscurridos: z.number().int(),
  plazoFinanciamiento: z.number().int(),
  diasRescate: z.number().int(),
  auditoria: z.boolean(),
  tipo: z.string(),
});
const guarantorRepresentative = z.object({
  numeroCliente: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  cargo: z.string(),
});
const guarantor = z.object({
  numeroCliente: z.string(),
  tipoPersona: z.enum(['fisica', 'moral']),
  nombres: z.string(),
  apellidos: z.string(),
  cargo: z.string(),
  razonSocial: z.string(),
  representantes: z.array(guarantorRepresentative),
});
const vinInformation = z.object({
  vin: z.string(),
  marca: z.string(),
  tipo: z.string(),
  modelo: z.string(),
  descripcion: z.string(),
  motor: z.string(),
  colorExterior: z.string(),
  colorInterior: z.string(),
});
const insertionResult = z.object({ noCredito: z.string(), vin: z.string(), lineaCredito: z.string() });
const rejection = z.object({ message: z.string() });

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
    clients: (): Promise<CrmClient[]> => list('ClientesDispLinea', '', {}, client),
    legalRepresentatives: (numeroCliente): Promise<CrmLegalRepresentative[]> =>
      list('RepresentantesLegales', numeroCliente, { numeroCliente }, legalRepresentative),
    creditLines: (numeroCliente): Promise<CrmCreditLine[]> =>
      list('LineasCredito', numeroCliente, { numeroCliente }, creditLine),
    creditLineInformation: (lineaCredito): Promise<CrmCreditLineInformation | null> =>
      one('InformacionLineaCredito', lineaCredito, { lineaCredito }, creditLineInformation),
    lineConfiguration: (numeroCliente): Promise<CrmLineConfiguration[]> =>
      list('ConfiguracionClientesDispLinea', numeroCliente, { numeroCliente }, lineConfiguration),
    inventory: (numeroCliente, range): Promise<CrmInventoryRow[]> =>
      list(
        'InventarioCredito',
        numeroCliente,
        { numeroCliente, fechaInicio: range.fechaInicio, fechaFinal: range.fechaFinal },
        inventoryRow,
      ),
    creditDetails: (numeroCliente): Promise<CrmCreditDetail[]> =>
      list('DetalleCreditos', numeroCliente, { numeroCliente }, creditDetail),
    guarantors: (lineaCredito): Promise<CrmGuarantor[]> => list('Avales', lineaCredito, { lineaCredito }, guarantor),
    vinInformation: (vin): Promise<CrmVinInformation | null> => one('InformacionVin', vin, { vin }, vinInformation),

    async insertUnit(unit, idempotencyKey): Promise<CrmInsertionResult> {
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

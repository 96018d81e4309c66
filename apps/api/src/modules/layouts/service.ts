import {
  AppErrorCode,
  businessClock,
  compareLayoutRows,
  dueWithin,
  LAYOUT_MESSAGES,
  LAYOUT_XLSX_COLUMNS,
  type LayoutApplyRequest,
  type LayoutDownloadRequest,
  layoutRefinanceable,
  type LayoutRow,
  layoutXlsxName,
  Money,
  suggestedLayoutTerm,
  USER_TYPE,
  type CrmCreditDetail,
} from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import { transaction } from '../../platform/transaction';
import { accountScopeOf } from '../organisation-lookups';
import { sheetXlsx } from '../../platform/spreadsheet';
import * as repo from './repository';

export type LayoutService = ReturnType<typeof createLayoutService>;

const emptyLayout = () => new AppError(AppErrorCode.LAYOUT_EMPTY);

/**
 * The layout generator (spec 3 §2, §3 "Layout row", §5, §7; issue 19; docs/decisions/043). The rows are the financed
 * units the administrator reaches (units of provisions at 8 or 10 of the accounts of the operators it registered)
 * matched by VIN to the CRM's credit details of their company's client, those whose credit runs out within the
 * months of anticipation, by noCredito. The CRM is asked once per client, outside any transaction. Aplicar stores
 * the term and the availability for refinancing on the units, with an audit row; Descargar writes the XLSX.
 */
export function createLayoutService({ db, adapters, clock }: Pick<AppDeps, 'db' | 'adapters' | 'clock'>) {
  const assertAdmin = (actor: AuthUser) => {
    if (actor.type !== USER_TYPE.PROVIDER_ADMIN) throw forbidden();
  };

  async function generate(actor: AuthUser, months: number): Promise<LayoutRow[]> {
    assertAdmin(actor);
    const units = await repo.financedUnits(db, accountScopeOf(actor));
    const clients = [...new Set(units.flatMap((u) => (u.clientId ? [u.clientId] : [])))];
    const details = new Map<string, CrmCreditDetail[]>();
    for (const client of clients) details.set(client, await adapters.crm.creditDetails(client));

    const rows: LayoutRow[] = [];
    for (const unit of units) {
      const credits = details.get(unit.clientId ?? '') ?? [];
      // The unit's credit: its VIN on its provision's line (the CRM keeps one credit per VIN and client).
      const credit =
        credits.find((c) => c.vin === unit.vin && c.lineaCredito === unit.creditLine) ??
        credits.find((c) => c.vin === unit.vin);
      if (!credit || !dueWithin(credit.diasRescate, months)) continue;
      const puedeRefinanciar = layoutRefinanceable({ isSold: unit.isSold, auditoria: credit.auditoria });
      rows.push({
        unitId: unit.unitId,
        asignacion: credit.asignacion,
        agencia: credit.agencia,
        contrato: credit.contrato,
        plazo: unit.plazo,
        modelo: credit.modelo,
        vin: credit.vin,
        tasa: credit.tasa,
        saldoCapital: Money.of(credit.saldoCapital.toFixed(2)).toDecimalString(),
        finbeCob: credit.auditoria,
        fechaInicio: credit.fechaInicio,
        fechaVencimiento: credit.fechaVencimiento,
        diasTranscurridos: credit.diasTranscurridos,
        plazoFinanciamiento: credit.plazoFinanciamiento,
        diasRescate: credit.diasRescate,
        plazoSugerido: suggestedLayoutTerm({
          diasRescate: credit.diasRescate,
          auditoria: credit.auditoria,
          puedeRefinanciar,
        }),
        puedeRefinanciar,
        tipo: credit.tipo,
        noCredito: credit.noCredito,
      });
    }
    return rows.sort(compareLayoutRows);
  }

  async function apply(actor: AuthUser, body: LayoutApplyRequest, requestId: string) {
    assertAdmin(actor);
    if (body.units.length === 0) throw emptyLayout();
    const ids = [...new Set(body.units.map((u) => u.unitId))];
    if (ids.length !== body.units.length) throw badRequest(LAYOUT_MESSAGES.unitNotInLayout);
    const reachable = new Map((await repo.financedUnits(db, accountScopeOf(actor), ids)).map((u) => [u.unitId, u]));
    if (ids.some((id) => !reachable.has(id))) {
      throw new AppError(AppErrorCode.UNIT_NOT_IN_LAYOUT);
    }
    // A sold unit is not refinanceable (decision 043): it is stored as such whatever the row said.
    const units = body.units.map((u) =>
      reachable.get(u.unitId)!.isSold ? { unitId: u.unitId, deadlines: null, canRefinancing: false } : u,
    );
    await transaction(db, async (tx) => {
      await repo.applyLayout(tx, units);
      await writeAudit(tx, {
        actor: actor.id,
        action: 'layouts.apply',
        entity: 'provision_units',
        entityId: null,
        after: { units },
        requestId,
      });
    });
    return { message: LAYOUT_MESSAGES.applied, data: { applied: body.units.length } };
  }

  async function xlsx(actor: AuthUser, body: LayoutDownloadRequest): Promise<{ bytes: Buffer; fileName: string }> {
    const rows = await generate(actor, body.months);
    if (rows.length === 0) throw emptyLayout();
    const edited = new Map(body.terms.map((t) => [t.unitId, t.plazoSugerido]));
    // saldoCapital a number with the amount format (a spreadsheet sums it); text cells never start a formula.
    const bytes = await sheetXlsx({
      sheetName: 'Layout',
      columns: LAYOUT_XLSX_COLUMNS,
      created: clock.now(),
      width: 18,
      rows: rows.map((row) => [
        row.noCredito,
        row.asignacion,
        row.agencia,
        row.contrato,
        row.plazo ?? '',
        row.modelo,
        row.vin,
        row.tasa,
        Money.of(row.saldoCapital),
        row.finbeCob ? 'Sí' : 'No',
        row.fechaInicio,
        row.fechaVencimiento,
        row.diasTranscurridos,
        row.plazoFinanciamiento,
        row.diasRescate,
        edited.get(row.unitId) ?? row.plazoSugerido,
        row.puedeRefinanciar ? 'Sí' : 'No',
        row.tipo,
      ]),
    });
    return { bytes, fileName: layoutXlsxName(businessClock(clock.now()).day) };
  }

  return { generate, apply, xlsx };
}

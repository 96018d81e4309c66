import {
  MESSAGES,
  Money,
  availableBalance,
  mayValidateVin,
  parseTerms,
  type ExternalClient,
  type ExternalCreditLine,
  type ExternalGuarantor,
  type ExternalInventoryQuery,
  type ExternalInventoryRow,
  type ExternalLegalRepresentative,
  type ExternalVinInformation,
  type VinValidationResponse,
} from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { clientScopeOf, mayEnterUnits, type ClientPurpose } from './policy';
import * as creditLinesRepo from '../credit-lines';
import * as repo from './repository';
import { validateVin } from './vin-validation';

export type ExternalService = ReturnType<typeof createExternalService>;

/**
 * What the screens need from the lender's systems (issue 4): the API calls them through the adapters, checks the
 * caller's scope in the database first (a client outside it is 404, and the CRM is never asked), and adds what only
 * the API knows (the balance open provisions hold, whether a client is already a company).
 */
export function createExternalService({ db, adapters }: Pick<AppDeps, 'db' | 'adapters'>) {
  const { crm } = adapters;

  async function assertClient(actor: AuthUser, clientNumber: string, purpose: ClientPurpose) {
    if (!(await repo.clientInScope(db, clientScopeOf(actor, purpose), clientNumber))) {
      throw notFound(MESSAGES.clientNotFound);
    }
  }

  return {
    async clients(actor: AuthUser): Promise<ExternalClient[]> {
      const scope = clientScopeOf(actor, 'onboarding');
      const all = await crm.clients();
      const own = scope.kind === 'own' ? await repo.ownClientNumbers(db, scope) : null;
      const visible = own ? all.filter((client) => own.has(client.numeroCliente)) : all;
      const registered = await repo.companiesByClient(
        db,
        visible.map((client) => client.numeroCliente),
      );
      return visible.map((client) => ({ ...client, companyId: registered.get(client.numeroCliente) ?? null }));
    },

    async legalRepresentatives(actor: AuthUser, clientNumber: string): Promise<ExternalLegalRepresentative[]> {
      await assertClient(actor, clientNumber, 'onboarding');
      return crm.legalRepresentatives(clientNumber);
    },

    /** ConfiguracionClientesDispLinea with the available balance: montoRestante minus what open provisions hold. */
    async creditLines(actor: AuthUser, clientNumber: string): Promise<ExternalCreditLine[]> {
      await assertClient(actor, clientNumber, 'credit');
      const lines = await crm.lineConfiguration(clientNumber);
      // The same exact sum the reservations read under the line's lock (modules/credit-lines).
      const reserved = await creditLinesRepo.reservedOnLines(
        db,
        lines.map((line) => line.lineaCredito),
      );
      return lines.map((line) => {
        const montoRestante = Money.of(line.montoRestante);
        const held = Money.of(reserved.get(line.lineaCredito) ?? '0');
        return {
          lineaCredito: line.lineaCredito,
          tipoDispLinea: line.tipoDispLinea,
          montoRestante: montoRestante.toDecimalString(),
          reservado: held.toDecimalString(),
          disponible: availableBalance(montoRestante, held).toDecimalString(),
          plazos: line.plazos,
          terms: parseTerms(line.plazos),
          tienesSaldosPendientes: line.tienesSaldosPendientes,
        };
      });
    },

    /** A line's guarantors; the line's client decides the scope, so a foreign line is 404 like a missing one. */
    async guarantors(actor: AuthUser, creditLine: string): Promise<ExternalGuarantor[]> {
      const line = await crm.creditLineInformation(creditLine);
      if (!line) throw notFound(MESSAGES.creditLineNotFound);
      if (!(await repo.clientInScope(db, clientScopeOf(actor, 'credit'), line.numeroCliente))) {
        throw notFound(MESSAGES.creditLineNotFound);
      }
      return crm.guarantors(creditLine);
    },

    async inventory(
      actor: AuthUser,
      clientNumber: string,
      query: ExternalInventoryQuery,
    ): Promise<ExternalInventoryRow[]> {
      await assertClient(actor, clientNumber, 'credit');
      const rows = await crm.inventory(clientNumber, { fechaInicio: query.from, fechaFinal: query.to });
      // Spec 3 §9: inventory by noCredito ascending.
      return rows.sort((a, b) => a.noCredito.localeCompare(b.noCredito, 'es'));
    },

    /** Only a VIN the actor holds or is entering (decision 020); any other is 404 and the CRM is not asked. */
    async vinInformation(actor: AuthUser, vin: string): Promise<ExternalVinInformation> {
      const entering = mayEnterUnits(actor) && (await repo.companyEligibleForEntry(db, actor.id));
      if (!entering && !(await repo.vinInScope(db, clientScopeOf(actor, 'credit'), vin))) {
        throw notFound(MESSAGES.vinNotFound);
      }
      const information = await crm.vinInformation(vin);
      if (!information) throw notFound(MESSAGES.vinNotFound);
      return information;
    },

    /**
     * REPUVE, TransUnion and AX for a VIN (decision 063): a VIN that only another group's units hold is 404, like a
     * foreign row, and no system is asked.
     */
    async validateVin(actor: AuthUser, vin: string): Promise<VinValidationResponse['data']> {
      if (!mayValidateVin(await repo.vinHolders(db, clientScopeOf(actor, 'credit'), vin))) {
        throw notFound(MESSAGES.vinNotFound);
      }
      return validateVin({ adapters, db }, vin, { requestedBy: actor.id });
    },
  };
}

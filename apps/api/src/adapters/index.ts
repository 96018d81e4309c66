import type { Config } from '../platform/config';
import type { Logger } from '../platform/deps';
import type { ExternalObserver } from '../platform/metrics';
import { createAxAdapter } from './ax/http';
import type { AxPort } from './ax/port';
import { createCrmAdapter } from './crm/http';
import type { CrmPort } from './crm/port';
import { createEsignAdapter } from './esign/http';
import type { EsignPort } from './esign/port';
import { createHttpClient, type Resilience } from './http-client';
import type { ExternalSystem } from './errors';
import { createVehiclesAdapter } from './vehicles/http';
import type { VehiclesPort } from './vehicles/port';

/** Every external system behind its port; services and jobs use these, never HTTP directly. */
export type Adapters = { crm: CrmPort; vehicles: VehiclesPort; ax: AxPort; esign: EsignPort };

/**
 * One HTTP client per system, so each has its own circuit breaker: the CRM being down never stops the REPUVE
 * checks. Build once per process (buildApp does) — a breaker only protects calls that share it.
 */
export function createAdapters(
  { external }: Pick<Config, 'external'>,
  log?: Logger,
  observe?: ExternalObserver,
): Adapters {
  const resilience: Resilience = {
    timeoutMs: external.timeoutMs,
    retries: external.retries,
    retryDelayMs: external.retryDelayMs,
    breakerThreshold: external.breakerThreshold,
    breakerHalfOpenMs: external.breakerHalfOpenMs,
  };
  const client = (system: ExternalSystem) =>
    createHttpClient({
      system,
      baseUrl: external[system].url,
      token: external[system].token,
      resilience,
      log,
      observe,
    });
  return {
    crm: createCrmAdapter(client('crm')),
    vehicles: createVehiclesAdapter(client('vehicles')),
    ax: createAxAdapter(client('ax')),
    esign: createEsignAdapter(client('esign')),
  };
}

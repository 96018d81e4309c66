import type { FastifyInstance } from 'fastify';
import { buildAxServer } from './ax/server';
import { buildCrmServer } from './crm/server';
import { SIMULATOR_DEFAULTS, type SimulatedSystem } from './defaults';
import { smtpInvitations, type InvitationSmtp } from './esign/invitations';
import { buildEsignServer } from './esign/server';
import { listen } from './platform/server';
import { buildVehiclesServer } from './vehicles/server';

export { SIMULATOR_DEFAULTS, type SimulatedSystem } from './defaults';

type PerSystem<T> = Record<SimulatedSystem, T>;

export type SimulatorsOptions = {
  /** 127.0.0.1 unless told otherwise. */
  host?: string;
  /** 0 asks for a free port (tests); defaults 8031–8034. */
  ports?: Partial<PerSystem<number>>;
  /** Bearer tokens; default from CRM_TOKEN, VEHICLES_TOKEN, AX_TOKEN, ESIGN_TOKEN, then the development values. */
  tokens?: Partial<PerSystem<string>>;
  /** The key of the webhooks' HMAC; default ESIGN_WEBHOOK_SECRET, then the development value. */
  esignWebhookSecret?: string;
  /** Where people reach the signing pages (the envelopes' signUrl); default the e-signature server's own URL. */
  publicBaseUrl?: string;
  /** Pauses between webhook attempts; the defaults ride out a callback that restarts. */
  webhookRetryDelaysMs?: number[];
  /** The SMTP server the e-signature provider mails its signers through (`npm start`: the mail catcher). */
  esignSmtp?: InvitationSmtp;
};

export type Simulators = {
  urls: PerSystem<string>;
  ports: PerSystem<number>;
  tokens: PerSystem<string>;
  esignWebhookSecret: string;
  stop(): Promise<void>;
};

const SYSTEMS: SimulatedSystem[] = ['crm', 'vehicles', 'ax', 'esign'];
const TOKEN_VARIABLES: PerSystem<string> = {
  crm: 'CRM_TOKEN',
  vehicles: 'VEHICLES_TOKEN',
  ax: 'AX_TOKEN',
  esign: 'ESIGN_TOKEN',
};

const URL_VARIABLES: PerSystem<string> = {
  crm: 'CRM_URL',
  vehicles: 'VEHICLES_URL',
  ax: 'AX_URL',
  esign: 'ESIGN_URL',
};

/**
 * The API's environment that points its adapters at these simulators (CRM_URL, CRM_TOKEN, ...), and
 * ESIGN_WEBHOOK_SECRET when given: every secret passed explicitly, none left to a committed default (decision 062).
 */
export function simulatorEnvironment(
  simulators: Pick<Simulators, 'urls' | 'tokens'> & { esignWebhookSecret?: string },
): Record<string, string> {
  return {
    ...Object.fromEntries(
      SYSTEMS.flatMap((system) => [
        [URL_VARIABLES[system], simulators.urls[system]],
        [TOKEN_VARIABLES[system], simulators.tokens[system]],
      ]),
    ),
    ...(simulators.esignWebhookSecret ? { ESIGN_WEBHOOK_SECRET: simulators.esignWebhookSecret } : {}),
  };
}

/**
 * Starts the simulated CRM, vehicle service, AX and e-signature provider, one Fastify server each (decision 009).
 * If one cannot listen, the ones already started are stopped before the error is thrown.
 */
export async function startSimulators(options: SimulatorsOptions = {}): Promise<Simulators> {
  const host = options.host ?? SIMULATOR_DEFAULTS.host;
  const tokens = Object.fromEntries(
    SYSTEMS.map((system) => [
      system,
      options.tokens?.[system] ?? process.env[TOKEN_VARIABLES[system]] ?? SIMULATOR_DEFAULTS.tokens[system],
    ]),
  ) as PerSystem<string>;
  const esignWebhookSecret =
    options.esignWebhookSecret ?? process.env.ESIGN_WEBHOOK_SECRET ?? SIMULATOR_DEFAULTS.esignWebhookSecret;

  const urls = {} as PerSystem<string>;
  const ports = {} as PerSystem<number>;
  const apps: PerSystem<FastifyInstance> = {
    crm: buildCrmServer(tokens.crm).app,
    vehicles: buildVehiclesServer(tokens.vehicles),
    ax: buildAxServer(tokens.ax),
    esign: buildEsignServer({
      token: tokens.esign,
      webhookSecret: esignWebhookSecret,
      // Known only once listening (port 0).
      publicBaseUrl: () => options.publicBaseUrl ?? urls.esign,
      webhookRetryDelaysMs: options.webhookRetryDelaysMs,
      invitations: options.esignSmtp && smtpInvitations(options.esignSmtp),
    }).app,
  };

  const stop = () => Promise.all(SYSTEMS.map((system) => apps[system].close())).then(() => undefined);
  try {
    for (const system of SYSTEMS) {
      const { url, port } = await listen(
        apps[system],
        host,
        options.ports?.[system] ?? SIMULATOR_DEFAULTS.ports[system],
      );
      urls[system] = url;
      ports[system] = port;
    }
  } catch (error) {
    await stop();
    throw error;
  }

  let stopped: Promise<void> | undefined;
  return { urls, ports, tokens, esignWebhookSecret, stop: () => (stopped ??= stop()) };
}

/**
 * Sets a fault knob on one simulator (`PUT /__admin/faults`, decision 009), or clears its faults with `null`; for the
 * tests and the benchmarks, which decide whether an answer other than 2xx matters.
 */
export function setSimulatorFault(
  simulators: Pick<Simulators, 'urls' | 'tokens'>,
  system: SimulatedSystem,
  knob: Record<string, unknown> | null,
): Promise<Response> {
  const authorization = `Bearer ${simulators.tokens[system]}`;
  return fetch(
    `${simulators.urls[system]}/__admin/faults`,
    knob
      ? {
          method: 'PUT',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify(knob),
        }
      : { method: 'DELETE', headers: { authorization } },
  );
}

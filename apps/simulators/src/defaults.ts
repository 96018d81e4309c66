// Development defaults shared by the simulators and the API's configuration (decision 009), in a module of their
// own so the API can read them without loading the servers. Production sets the variables instead.
export const SIMULATOR_DEFAULTS = {
  host: '127.0.0.1',
  ports: { crm: 8031, vehicles: 8032, ax: 8033, esign: 8034 },
  tokens: {
    crm: 'sim-crm-token',
    vehicles: 'sim-vehicles-token',
    ax: 'sim-ax-token',
    esign: 'sim-esign-token',
  },
  esignWebhookSecret: 'sim-esign-webhook-secret',
} as const;

export type SimulatedSystem = keyof typeof SIMULATOR_DEFAULTS.ports;

// Development defaults of the lender's systems (decision 009): where the simulators listen and the tokens and webhook
// secret they accept. Shared by the simulators (apps/simulators), which serve them, and the API's configuration,
// which points at them in development mode and refuses them outside it (decision 062). A constants file of its own,
// reached as `@planpiso/domain/simulator-defaults` and not through the package's index, so production configuration
// depends on no simulator code and the web never bundles it (decision 078).
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

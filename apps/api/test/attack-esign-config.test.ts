import { describe, expect, it } from 'vitest';
import { SIMULATOR_DEFAULTS } from '@planpiso/simulators/defaults';
import { loadConfig } from '../src/platform/config';

/**
 * No committed default reaches production (issue 27 item 1, decision 062): outside development mode (NODE_ENV
 * `development` or `test`), every external system's URL and token and the e-signature webhook secret must be set,
 * and none may be the simulators' development value; otherwise the configuration does not load and the API does
 * not start.
 */
const SECRETS = {
  CRM_URL: 'https://crm.prestamista.example',
  CRM_TOKEN: 'crm-production-token-0123456789',
  VEHICLES_URL: 'https://vehiculos.prestamista.example',
  VEHICLES_TOKEN: 'vehicles-production-token-0123456789',
  AX_URL: 'https://ax.prestamista.example',
  AX_TOKEN: 'ax-production-token-0123456789',
  ESIGN_URL: 'https://firma.proveedor.example',
  ESIGN_TOKEN: 'esign-production-token-0123456789',
  ESIGN_WEBHOOK_SECRET: 'esign-webhook-production-secret-0123456789',
} as const;
const BASE = { JWT_SECRET: 'x'.repeat(48), WEB_DIST: '/nonexistent/planpiso-web-dist' };
type Variable = keyof typeof SECRETS;

const production = (env: Record<string, string | undefined>) => loadConfig({ ...BASE, NODE_ENV: 'production', ...env });

describe('external systems outside development mode', () => {
  it('loads when every system is configured, and uses exactly what was given', () => {
    const config = production(SECRETS);
    expect(config.external.crm).toEqual({ url: SECRETS.CRM_URL, token: SECRETS.CRM_TOKEN });
    expect(config.external.esign).toMatchObject({
      url: SECRETS.ESIGN_URL,
      token: SECRETS.ESIGN_TOKEN,
      webhookSecret: SECRETS.ESIGN_WEBHOOK_SECRET,
    });
  });

  it.each(Object.keys(SECRETS) as Variable[])('refuses to load without %s', (missing) => {
    expect(() => production({ ...SECRETS, [missing]: undefined })).toThrow(missing);
    expect(() => production({ ...SECRETS, [missing]: '  ' })).toThrow(missing);
  });

  it('refuses a URL set without its token (the case of the issue)', () => {
    expect(() => production({ ...SECRETS, ESIGN_TOKEN: undefined, ESIGN_WEBHOOK_SECRET: undefined })).toThrow(
      /ESIGN_TOKEN.*ESIGN_WEBHOOK_SECRET/,
    );
  });

  it.each([
    ['CRM_TOKEN', SIMULATOR_DEFAULTS.tokens.crm],
    ['VEHICLES_TOKEN', SIMULATOR_DEFAULTS.tokens.vehicles],
    ['AX_TOKEN', SIMULATOR_DEFAULTS.tokens.ax],
    ['ESIGN_TOKEN', SIMULATOR_DEFAULTS.tokens.esign],
    ['ESIGN_WEBHOOK_SECRET', SIMULATOR_DEFAULTS.esignWebhookSecret],
  ])('refuses %s set to the simulators’ committed value', (variable, committed) => {
    expect(() => production({ ...SECRETS, [variable]: committed })).toThrow(variable);
  });

  it('treats an unset or unknown NODE_ENV as production', () => {
    expect(() => loadConfig({ ...BASE })).toThrow('ESIGN_WEBHOOK_SECRET');
    expect(() => loadConfig({ ...BASE, NODE_ENV: 'staging' })).toThrow('ESIGN_WEBHOOK_SECRET');
    expect(loadConfig({ ...BASE, ...SECRETS }).external.esign.webhookSecret).toBe(SECRETS.ESIGN_WEBHOOK_SECRET);
  });
});

describe('development mode', () => {
  it.each(['development', 'test'])('NODE_ENV=%s falls back to the simulators’ values', (mode) => {
    const config = loadConfig({ ...BASE, NODE_ENV: mode });
    expect(config.external.crm.token).toBe(SIMULATOR_DEFAULTS.tokens.crm);
    expect(config.external.esign.webhookSecret).toBe(SIMULATOR_DEFAULTS.esignWebhookSecret);
  });
});

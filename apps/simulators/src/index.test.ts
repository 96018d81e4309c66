import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_NUMBERS } from './fixtures/index';
import { SIMULATOR_DEFAULTS, startSimulators, type Simulators } from './index';
import { httpClient } from './platform/testing';

let simulators: Simulators;
beforeAll(async () => {
  simulators = await startSimulators({
    ports: { crm: 0, vehicles: 0, ax: 0, esign: 0 },
    tokens: { crm: 'crm-propio', ax: 'ax-propio' },
  });
});
afterAll(() => simulators.stop());

describe('startSimulators', () => {
  it('reports the real ports and URLs when asked for port 0', () => {
    for (const system of ['crm', 'vehicles', 'ax', 'esign'] as const) {
      expect(simulators.ports[system]).toBeGreaterThan(0);
      expect(simulators.urls[system]).toBe(`http://127.0.0.1:${simulators.ports[system]}`);
    }
    expect(new Set(Object.values(simulators.ports)).size).toBe(4);
  });

  it('uses the tokens it was given, else the environment, else the development defaults', async () => {
    expect(simulators.tokens.crm).toBe('crm-propio');
    expect(simulators.tokens.vehicles).toBe(process.env.VEHICLES_TOKEN ?? SIMULATOR_DEFAULTS.tokens.vehicles);
    const crm = httpClient(simulators.urls.crm, 'crm-propio');
    expect((await crm.get(`/LineasCredito?numeroCliente=${DEMO_CLIENT_NUMBERS.autosDelNorte}`)).status).toBe(200);
    expect(
      (await httpClient(simulators.urls.crm, SIMULATOR_DEFAULTS.tokens.crm).get('/ClientesDispLinea')).status,
    ).toBe(401);
    const ax = httpClient(simulators.urls.ax, 'ax-propio');
    expect((await ax.get('/api/ax/conteo?vin=X')).status).toBe(200);
  });

  it('stops every server, and a second stop is harmless', async () => {
    const other = await startSimulators({ ports: { crm: 0, vehicles: 0, ax: 0, esign: 0 } });
    await other.stop();
    await other.stop();
    await expect(fetch(`${other.urls.crm}/ClientesDispLinea`)).rejects.toThrow();
  });

  it('gives up cleanly when a port is taken', async () => {
    await expect(
      startSimulators({ ports: { crm: 0, vehicles: simulators.ports.vehicles, ax: 0, esign: 0 } }),
    ).rejects.toThrow();
  });
});

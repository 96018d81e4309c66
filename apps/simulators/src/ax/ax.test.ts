import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILING_VINS, FINANCED_VEHICLES, VALID_NEW_VINS } from '../fixtures/index';
import { listen } from '../platform/server';
import { httpClient } from '../platform/testing';
import { buildAxServer } from './server';

const TOKEN = 'ax-de-prueba';
const app = buildAxServer(TOKEN);
let url: string;
beforeAll(async () => {
  url = (await listen(app, '127.0.0.1', 0)).url;
});
afterAll(() => app.close());

const ax = () => httpClient(url, TOKEN);
const count = async (vin: string) =>
  (await ax().get<{ vin: string; conteo: number }>(`/api/ax/conteo?vin=${vin}`)).body;

describe('AX simulator', () => {
  it('asks for the bearer token', async () => {
    expect((await httpClient(url).get(`/api/ax/conteo?vin=${VALID_NEW_VINS[0]}`)).status).toBe(401);
  });

  it('counts known units once, the failing ones 0 or 2, and unknown VINs 0', async () => {
    expect(await count(VALID_NEW_VINS[0]!)).toEqual({ vin: VALID_NEW_VINS[0], conteo: 1 });
    expect((await count(FINANCED_VEHICLES[0]!.vin)).conteo).toBe(1);
    for (const vin of FAILING_VINS.axNotRegistered) expect((await count(vin)).conteo).toBe(0);
    for (const vin of FAILING_VINS.axDuplicated) expect((await count(vin.toLowerCase())).conteo).toBe(2);
    expect(FAILING_VINS.ax).toEqual([...FAILING_VINS.axNotRegistered, ...FAILING_VINS.axDuplicated]);
    expect((await count('1HGCM82633A004352')).conteo).toBe(0);
    for (const vin of [...FAILING_VINS.repuve, ...FAILING_VINS.transUnion, ...FAILING_VINS.crmInsertion]) {
      expect((await count(vin)).conteo).toBe(1);
    }
  });

  it('answers 400 without a VIN', async () => {
    expect(await ax().get('/api/ax/conteo')).toMatchObject({ status: 400, body: { message: expect.any(String) } });
  });

  it('obeys its fault knobs', async () => {
    await ax().put('/__admin/faults', { route: '*', latencyMs: 200 });
    const started = Date.now();
    expect((await ax().get(`/api/ax/conteo?vin=${VALID_NEW_VINS[0]}`)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    await ax().put('/__admin/faults', { route: '*', down: true });
    await expect(
      fetch(`${url}/api/ax/conteo?vin=X`, { headers: { authorization: `Bearer ${TOKEN}` } }),
    ).rejects.toThrow();
    await ax().delete('/__admin/faults');
    expect((await ax().get(`/api/ax/conteo?vin=${VALID_NEW_VINS[0]}`)).status).toBe(200);
  });
});

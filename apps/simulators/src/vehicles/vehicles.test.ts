import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILING_VINS, FINANCED_VEHICLES, VALID_NEW_VINS } from '../fixtures/index';
import { listen } from '../platform/server';
import { httpClient } from '../platform/testing';
import { buildVehiclesServer } from './server';

const TOKEN = 'vehiculos-de-prueba';
const app = buildVehiclesServer(TOKEN);
let url: string;
beforeAll(async () => {
  url = (await listen(app, '127.0.0.1', 0)).url;
});
afterAll(() => app.close());

const service = () => httpClient(url, TOKEN);
type Answer = { niv: string; verdict: { valid: boolean; reason: string } };

describe('vehicle service simulator', () => {
  it('asks for the bearer token', async () => {
    expect((await httpClient(url).post('/vehicles/api/v1/repuve', { niv: VALID_NEW_VINS[0] })).status).toBe(401);
    expect((await httpClient(url).post('/vehicles/api/v1/trans-union', { niv: VALID_NEW_VINS[0] })).status).toBe(401);
  });

  it('clears valid units in both registries', async () => {
    for (const niv of [VALID_NEW_VINS[0]!, FINANCED_VEHICLES[0]!.vin]) {
      for (const path of ['/vehicles/api/v1/repuve', '/vehicles/api/v1/trans-union']) {
        expect(await service().post<Answer>(path, { niv })).toMatchObject({
          status: 200,
          body: { niv, verdict: { valid: true, reason: 'Sin reporte' } },
        });
      }
    }
  });

  it('reports stolen units in REPUVE only', async () => {
    for (const niv of FAILING_VINS.repuve) {
      const repuve = await service().post<Answer>('/vehicles/api/v1/repuve', { niv: niv.toLowerCase() });
      expect(repuve.body).toEqual({ niv, verdict: { valid: false, reason: 'Reporte de robo vigente' } });
      expect((await service().post<Answer>('/vehicles/api/v1/trans-union', { niv })).body.verdict.valid).toBe(true);
    }
  });

  it('fails TransUnion units in TransUnion only', async () => {
    for (const niv of FAILING_VINS.transUnion) {
      const transUnion = (await service().post<Answer>('/vehicles/api/v1/trans-union', { niv })).body;
      expect(transUnion.verdict).toEqual({ valid: false, reason: expect.stringMatching(/\w+/) });
      expect((await service().post<Answer>('/vehicles/api/v1/repuve', { niv })).body.verdict.valid).toBe(true);
    }
  });

  it('answers a malformed NIV as invalid and a missing one with 400', async () => {
    expect((await service().post<Answer>('/vehicles/api/v1/repuve', { niv: 'ABC' })).body.verdict.valid).toBe(false);
    expect(await service().post('/vehicles/api/v1/repuve', {})).toMatchObject({
      status: 400,
      body: { message: expect.any(String) },
    });
  });

  it('obeys its fault knobs', async () => {
    await service().put('/__admin/faults', { route: 'POST /vehicles/api/v1/trans-union', errorRate: 1 });
    expect((await service().post('/vehicles/api/v1/trans-union', { niv: VALID_NEW_VINS[0] })).status).toBe(500);
    expect((await service().post('/vehicles/api/v1/repuve', { niv: VALID_NEW_VINS[0] })).status).toBe(200);
    await service().delete('/__admin/faults');
    expect((await service().post('/vehicles/api/v1/trans-union', { niv: VALID_NEW_VINS[0] })).status).toBe(200);
  });
});

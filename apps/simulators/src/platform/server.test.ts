import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSimulatorApp, listen } from './server';
import { httpClient } from './testing';

const TOKEN = 'token-de-prueba';
const { app } = createSimulatorApp({ token: TOKEN });
app.get('/eco', async () => ({ ok: true }));
app.get('/abierta', { config: { public: true } }, async () => ({ ok: true }));
app.get<{ Params: { id: string } }>('/cosas/:id', async (request) => ({ id: request.params.id }));

let url: string;
beforeAll(async () => {
  url = (await listen(app, '127.0.0.1', 0)).url;
});
afterAll(() => app.close());

const api = () => httpClient(url, TOKEN);
beforeEach(async () => {
  await api().delete('/__admin/faults');
});

describe('simulator shell', () => {
  it('asks every non-public route for the bearer token, admin routes included', async () => {
    expect(await httpClient(url).get('/eco')).toMatchObject({ status: 401, body: { message: expect.any(String) } });
    expect((await httpClient(url, 'otro').get('/eco')).status).toBe(401);
    expect((await httpClient(url).get('/__admin/faults')).status).toBe(401);
    expect(await api().get('/eco')).toMatchObject({ status: 200, body: { ok: true } });
    expect((await httpClient(url).get('/abierta')).status).toBe(200);
  });

  it('answers unknown routes with a JSON 404', async () => {
    expect(await api().get('/no-existe')).toMatchObject({ status: 404, body: { message: expect.any(String) } });
  });

  it('delays a route by latencyMs', async () => {
    await api().put('/__admin/faults', { route: 'GET /eco', latencyMs: 250 });
    const started = Date.now();
    expect((await api().get('/eco')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('fails every call with errorRate 1 and none with 0; the route knob wins over "*"', async () => {
    await api().put('/__admin/faults', { route: '*', errorRate: 1 });
    await api().put('/__admin/faults', { route: 'GET /abierta', errorRate: 0 });
    for (let i = 0; i < 5; i++) {
      expect(await api().get('/eco')).toMatchObject({ status: 500, body: { message: expect.any(String) } });
      expect((await api().get('/abierta')).status).toBe(200);
    }
    // The admin routes are never broken, so a test can always repair what it broke.
    expect((await api().delete('/__admin/faults')).status).toBe(200);
    expect((await api().get('/eco')).status).toBe(200);
  });

  it('matches a route by its pattern as well as by its path', async () => {
    await api().put('/__admin/faults', { route: 'GET /cosas/:id', errorRate: 1 });
    expect((await api().get('/cosas/7')).status).toBe(500);
    await api().put('/__admin/faults', { route: 'GET /cosas/:id', errorRate: 0 });
    await api().put('/__admin/faults', { route: 'GET /cosas/8', errorRate: 1 });
    expect((await api().get('/cosas/7')).status).toBe(200);
    expect((await api().get('/cosas/8')).status).toBe(500);
  });

  it('closes the socket without an answer when down', async () => {
    await api().put('/__admin/faults', { route: 'GET /eco', down: true });
    await expect(fetch(`${url}/eco`, { headers: { authorization: `Bearer ${TOKEN}` } })).rejects.toThrow();
    expect((await api().get('/abierta')).status).toBe(200);
  });

  it('lists, validates and clears the knobs', async () => {
    expect((await api().put('/__admin/faults', { route: 'GET /eco', latencyMs: 5, errorRate: 0.5 })).status).toBe(200);
    expect((await api().get('/__admin/faults')).body).toEqual({
      faults: [{ route: 'GET /eco', latencyMs: 5, errorRate: 0.5, down: false }],
    });
    for (const bad of [{}, { route: 'eco' }, { route: '*', errorRate: 2 }, { route: '*', latencyMs: -1 }]) {
      expect(await api().put('/__admin/faults', bad)).toMatchObject({
        status: 400,
        body: { message: expect.any(String) },
      });
    }
    await api().delete('/__admin/faults?route=GET%20/eco');
    expect((await api().get('/__admin/faults')).body).toEqual({ faults: [] });
  });
});

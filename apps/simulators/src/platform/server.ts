import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { FaultBoard, shouldFail } from './faults';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without the bearer token (the e-signature pages are for people, not systems). */
    public?: boolean;
  }
}

export type SimulatorAppOptions = {
  /** The bearer token every non-public route asks for (decision 009). */
  token: string;
  /** Bigger for the e-signature server, which receives whole PDFs in base64. */
  bodyLimit?: number;
};

export type SimulatorApp = { app: FastifyInstance; faults: FaultBoard };

const ADMIN_PREFIX = '/__admin/';

/**
 * The common shell of every simulated system: JSON errors as `{ message }`, the bearer-token check and the fault
 * knobs of decision 009 (`/__admin/faults`). Each system adds its own routes to `app`.
 */
export function createSimulatorApp(options: SimulatorAppOptions): SimulatorApp {
  // forceCloseConnections: stop() must not wait for a call that a latency knob is holding back.
  const app = Fastify({ logger: false, bodyLimit: options.bodyLimit ?? 1024 * 1024, forceCloseConnections: true });
  const faults = new FaultBoard();
  const expected = Buffer.from(`Bearer ${options.token}`);

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    void reply.status(status).send({ message: error.message || 'Error interno del simulador' });
  });
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ message: `Ruta no encontrada: ${request.method} ${pathOf(request.url)}` });
  });

  // Faults first: a system that is down does not check tokens either. The admin routes are never broken, or a
  // test could not repair what it broke.
  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request.url);
    if (path.startsWith(ADMIN_PREFIX)) return;
    const knob = faults.match(request.method, path, request.routeOptions.url);
    if (!knob) return;
    if (knob.down) {
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    if (knob.latencyMs > 0) await sleep(knob.latencyMs);
    if (shouldFail(knob)) return reply.status(500).send({ message: 'Falla simulada del sistema externo' });
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.public) return;
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.status(401).send({ message: 'Token de acceso inválido o ausente' });
    }
  });

  app.get('/__admin/faults', async () => ({ faults: faults.list() }));
  app.put('/__admin/faults', async (request) => {
    faults.set(request.body);
    return { faults: faults.list() };
  });
  app.delete<{ Querystring: { route?: string } }>('/__admin/faults', async (request) => {
    faults.clear(request.query.route);
    return { faults: faults.list() };
  });

  return { app, faults };
}

/** Listens and answers the base URL to call it by (a wildcard host is reached through the loopback). */
export async function listen(app: FastifyInstance, host: string, port: number): Promise<{ url: string; port: number }> {
  await app.listen({ host, port });
  const actual = (app.server.address() as AddressInfo).port;
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return { url: `http://${reachable}:${actual}`, port: actual };
}

export const pathOf = (url: string) => url.split('?', 1)[0] ?? url;

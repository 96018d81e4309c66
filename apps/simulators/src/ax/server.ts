import type { FastifyInstance } from 'fastify';
import { AX_COUNTS } from '../fixtures/index';
import { badRequest } from '../platform/errors';
import { createSimulatorApp } from '../platform/server';

/** AX, the lender's ERP (decision 009): how many times a VIN is registered; 0 when it never was. */
export function buildAxServer(token: string): FastifyInstance {
  const { app } = createSimulatorApp({ token });

  app.get<{ Querystring: { vin?: string } }>('/api/ax/conteo', async (request) => {
    const vin = request.query.vin?.trim().toUpperCase();
    if (!vin) throw badRequest('Falta el parámetro vin');
    return { vin, conteo: AX_COUNTS[vin] ?? 0 };
  });

  return app;
}

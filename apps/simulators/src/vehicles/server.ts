import type { FastifyInstance } from 'fastify';
import { REPUVE_REPORTS, TRANSUNION_REPORTS } from '../fixtures/index';
import { badRequest } from '../platform/errors';
import { createSimulatorApp } from '../platform/server';

type Verdict = { valid: boolean; reason: string };

const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
const CLEAN = 'Sin reporte';

function nivOf(body: unknown): string {
  const niv = typeof body === 'object' && body !== null ? (body as { niv?: unknown }).niv : undefined;
  if (typeof niv !== 'string' || !niv.trim()) throw badRequest('Falta el campo niv');
  return niv.trim().toUpperCase();
}

/** A malformed NIV is a verdict, not an error: the registries answer it the same way as a report. */
function verdict(niv: string, reports: Record<string, string>): Verdict {
  if (!VIN.test(niv)) return { valid: false, reason: 'NIV con formato inválido' };
  const report = reports[niv];
  return report ? { valid: false, reason: report } : { valid: true, reason: CLEAN };
}

/**
 * The vehicle service of decision 009: REPUVE (theft reports) and TransUnion (liens, total losses) by NIV. A VIN
 * with no report in the fixtures is clean, as it would be in the real registries.
 */
export function buildVehiclesServer(token: string): FastifyInstance {
  const { app } = createSimulatorApp({ token });

  app.post('/vehicles/api/v1/repuve', async (request) => {
    const niv = nivOf(request.body);
    return { niv, verdict: verdict(niv, REPUVE_REPORTS) };
  });

  app.post('/vehicles/api/v1/trans-union', async (request) => {
    const niv = nivOf(request.body);
    return { niv, verdict: verdict(niv, TRANSUNION_REPORTS) };
  });

  return app;
}

import { z } from 'zod';
import type { HttpClient } from '../http-client';
import type { VehicleVerdict, VehiclesPort } from './port';

const answer = z.object({ niv: z.string(), verdict: z.object({ valid: z.boolean(), reason: z.string() }) });

/** REPUVE and TransUnion by NIV (decision 009). The checks only read, so their POSTs are retried like GETs. */
export function createVehiclesAdapter(http: HttpClient): VehiclesPort {
  const check = async (path: string, name: string, niv: string): Promise<VehicleVerdict> => {
    const result = await http.json(
      { method: 'POST', path, body: { niv }, operation: `${name} ${niv}`, idempotent: true },
      answer,
    );
    return result.verdict;
  };
  return {
    repuve: (niv) => check('/vehicles/api/v1/repuve', 'repuve', niv),
    transUnion: (niv) => check('/vehicles/api/v1/trans-union', 'trans-union', niv),
  };
}

import { z } from 'zod';
import type { HttpClient } from '../http-client';
import type { AxPort } from './port';

const answer = z.object({ vin: z.string(), conteo: z.number().int().nonnegative() });

/** AX's registration count by VIN (decision 009). */
export function createAxAdapter(http: HttpClient): AxPort {
  return {
    async count(vin) {
      const result = await http.json({ path: '/api/ax/conteo', query: { vin }, operation: `conteo ${vin}` }, answer);
      return result.conteo;
    },
  };
}

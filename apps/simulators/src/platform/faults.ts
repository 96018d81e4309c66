import { SimulatorError } from './errors';

/** One knob of decision 009: what to do to the calls of one route ('GET /path') or of every route ('*'). */
export type FaultKnob = { route: string; latencyMs: number; errorRate: number; down: boolean };

export const ANY_ROUTE = '*';
const ROUTE_KEY = /^(\*|(GET|POST|PUT|PATCH|DELETE|HEAD) \/\S*)$/;
const MAX_LATENCY_MS = 120_000;

/** The knobs of one simulator. Kept in memory: a restart heals every system. */
export class FaultBoard {
  private readonly knobs = new Map<string, FaultKnob>();

  list(): FaultKnob[] {
    return [...this.knobs.values()];
  }

  /** Validates a PUT body and sets (replaces) the knob of its route. */
  set(body: unknown): FaultKnob {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const { route, latencyMs = 0, errorRate = 0, down = false } = input;
    if (typeof route !== 'string' || !ROUTE_KEY.test(route)) {
      throw new SimulatorError(400, "route debe ser '*' o 'MÉTODO /ruta', p. ej. 'GET /ClientesDispLinea'");
    }
    if (typeof latencyMs !== 'number' || !Number.isFinite(latencyMs) || latencyMs < 0 || latencyMs > MAX_LATENCY_MS) {
      throw new SimulatorError(400, `latencyMs debe ser un número entre 0 y ${MAX_LATENCY_MS}`);
    }
    if (typeof errorRate !== 'number' || !(errorRate >= 0 && errorRate <= 1)) {
      throw new SimulatorError(400, 'errorRate debe ser un número entre 0 y 1');
    }
    if (typeof down !== 'boolean') throw new SimulatorError(400, 'down debe ser booleano');
    const knob = { route, latencyMs, errorRate, down };
    this.knobs.set(route, knob);
    return knob;
  }

  clear(route?: string): void {
    if (route === undefined) this.knobs.clear();
    else this.knobs.delete(route);
  }

  /**
   * The knob for one call: the most specific wins, so a test can break one route and slow down the rest. The
   * route matches by its concrete path ('GET /envelopes/abc') or its pattern ('GET /envelopes/:id').
   */
  match(method: string, path: string, pattern: string | undefined): FaultKnob | undefined {
    return (
      this.knobs.get(`${method} ${path}`) ??
      (pattern === undefined ? undefined : this.knobs.get(`${method} ${pattern}`)) ??
      this.knobs.get(ANY_ROUTE)
    );
  }
}

/** errorRate 1 always fails and 0 never does (Math.random() is in [0, 1)), so tests can rely on both ends. */
export const shouldFail = (knob: FaultKnob) => Math.random() < knob.errorRate;

import { healthResponse, notReadyResponse, readyResponse } from '../contracts/auth';
import { defineOperation } from './operation';

const tags = ['platform'];

/** Liveness and readiness, for load balancers and scripts: no session. */
export const PLATFORM_OPERATIONS = {
  health: defineOperation({
    method: 'GET',
    path: '/api/health',
    tags,
    who: 'public',
    summary: 'Liveness: the process answers',
    response: healthResponse,
  }),
  ready: defineOperation({
    method: 'GET',
    path: '/api/ready',
    tags,
    who: 'public',
    summary: 'Readiness: the process reaches PostgreSQL (503 when it does not)',
    response: readyResponse,
    errors: [503],
    errorAnswers: { 503: notReadyResponse },
  }),
} as const;

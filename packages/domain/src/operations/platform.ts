import {
  healthResponse,
  metricsResponse,
  notReadyResponse,
  readyResponse,
  testClockMove,
  testClockResponse,
  testJobParams,
  testJobResponse,
} from '../contracts/auth';
import { defineOperation } from './operation';

const tags = ['platform'];

/** Liveness and readiness, for load balancers and scripts, and the metrics for Prometheus: no session. */
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
  metrics: defineOperation({
    method: 'GET',
    path: '/api/metrics',
    tags,
    // The session layer lets it through: a scraper has no user. The route checks its own token (decision 085).
    who: 'public',
    summary: 'Prometheus metrics of this process (Bearer METRICS_TOKEN; 404 when it is not set)',
    description:
      'No session: `Authorization: Bearer <METRICS_TOKEN>` (401 METRICS_TOKEN_INVALID otherwise). With ' +
      'METRICS_TOKEN unset the route answers 404: nothing is exposed. Families and alerts: docs/operations.md.',
    response: metricsResponse,
  }),
} as const;

/**
 * The API's movable clock, for e2e journeys that make days pass (a sale's grace period): registered only with
 * TEST_CLOCK=1, which development mode alone accepts (apps/api/src/platform/config.ts). The super user's, like
 * everything else that moves the whole system.
 */
export const TEST_CLOCK_OPERATIONS = {
  read: defineOperation({
    method: 'GET',
    path: '/api/__test/clock',
    tags,
    who: [1],
    summary: 'TEST_CLOCK only: what the API takes as now',
    response: testClockResponse,
  }),
  move: defineOperation({
    method: 'POST',
    path: '/api/__test/clock',
    tags,
    who: [1],
    summary: "TEST_CLOCK only: move the API's clock some days ahead, or to an instant",
    body: testClockMove,
    response: testClockResponse,
  }),
  reset: defineOperation({
    method: 'DELETE',
    path: '/api/__test/clock',
    tags,
    who: [1],
    summary: "TEST_CLOCK only: back to the system's time",
    response: testClockResponse,
  }),
  runJob: defineOperation({
    method: 'POST',
    path: '/api/__test/jobs/:name',
    tags,
    who: [1],
    summary: 'TEST_CLOCK only: run one of the app’s jobs now (its cron’s handler, empty payload); unknown → 404',
    params: testJobParams,
    response: testJobResponse,
  }),
} as const;

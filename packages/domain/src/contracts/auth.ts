import { z } from 'zod';
import { envelope } from './common';
import { idSchema, searchText } from './inputs';

/** The session user of spec 1 §3. */
export const sessionUser = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  type: z.number().int(),
  account: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  company: z.object({ id: z.number().int(), name: z.string(), clientId: z.string().nullable() }).nullable(),
  companies: z.array(z.object({ id: z.number().int(), name: z.string() })),
  agency: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  role: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** POST /auth/login: the bearer access token identifies the user; the body may repeat the e-mail. */
export const loginRequest = z.object({ email: searchText() }).default({});
/** `token` is a signed copy of the session user that the browser keeps (spec 1 §3). */
export const loginResponse = envelope(z.object({ user: sessionUser, token: z.string() }));
export type LoginResponse = z.infer<typeof loginResponse>;

export const setInformationRequest = z.object({
  userId: idSchema(),
  companyId: idSchema(),
});
export type SetInformationRequest = z.infer<typeof setInformationRequest>;
export const setInformationResponse = loginResponse;

export const healthResponse = z.object({ status: z.literal('ok') });
export const readyResponse = z.object({ status: z.literal('ready'), database: z.literal('up') });
/**
 * Readiness's 503 (not a catalogue error: load balancers read `status`): the database did not answer in time, or the
 * process is stopping (`draining`, decision 085) and takes no new work.
 */
export const notReadyResponse = z.union([
  z.object({ status: z.literal('unavailable'), database: z.literal('down') }),
  z.object({ status: z.literal('draining') }),
]);
/** Prometheus's text format (decision 085): not JSON, sent by the handler itself. */
export const metricsResponse = z.string().describe('Prometheus text exposition format (version 0.0.4)');

/**
 * The API's movable clock (TEST_CLOCK=1, development mode only): days ahead (`advanceDays`), or an exact instant
 * (`now`). Never in production, so its messages are not the catalogue's.
 */
export const testClockMove = z
  .object({
    advanceDays: z.number().int().min(1).max(3650).optional(),
    now: z.iso.datetime({ offset: true }).optional(),
  })
  .strict()
  .refine((move) => (move.advanceDays === undefined) !== (move.now === undefined), {
    message: 'Indica advanceDays o now, uno de los dos',
  });
export type TestClockMove = z.infer<typeof testClockMove>;
/** What the clock says: the instant, how far it is from the system's, and the business day it falls on. */
export const testClockResponse = envelope(
  z.object({ now: z.iso.datetime({ offset: true }), offsetMs: z.number().int(), businessDay: z.string() }),
);
export type TestClockResponse = z.infer<typeof testClockResponse>;
/** TEST_CLOCK only: a job of the app run now, in the request (an e2e journey waits on its effect, not a cron). */
export const testJobParams = z.object({ name: z.string().regex(/^[a-z0-9-]{1,60}$/) }).strict();
export const testJobResponse = envelope(z.object({ name: z.string(), ran: z.literal(true) }));

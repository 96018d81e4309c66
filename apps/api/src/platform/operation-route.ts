import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { errorResponse, type Operation, type OperationInput, type OperationOutput } from '@planpiso/domain';
import { sendAttachment, XLSX_CONTENT_TYPE } from './attachment';
import { currentUser, type AuthUser } from './auth';

/** The statuses every operation may answer besides its own: bad input, no session, not allowed, not in scope. */
const COMMON_ERRORS = [400, 401, 403, 404] as const;

/**
 * Registers `operation` (packages/domain/src/operations) as a Fastify route: its method, path, summary, schemas and
 * documented statuses come from the operation, so a route is declared once (issue 28 item 2). Who may call it is
 * checked by the authorization hook from API_PERMISSIONS, itself derived from the same operations. The handler gets
 * the validated input; what it returns is the answer, sent with the operation's success status — or the reply,
 * when the handler sent it itself (a file, or an answer of another status). `config` is the route's own Fastify
 * config (e.g. `uniqueConflicts`, `rateLimit`); `logLevel` its own log level (a probe polled every few seconds).
 */
export function operationRoute<O extends Operation>(
  app: FastifyInstance,
  operation: O,
  handler: (
    input: OperationInput<O>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<OperationOutput<O> | FastifyReply>,
  /** What the server adds that is no part of the declaration (a route's rate limit, its log level). */
  { config, logLevel }: Pick<RouteOptions, 'config' | 'logLevel'> = {},
): void {
  const status = operation.status ?? 200;
  const errorAnswers: Partial<Record<number, Operation['response']>> = operation.errorAnswers ?? {};
  const errors = Object.fromEntries(
    [...COMMON_ERRORS, ...(operation.errors ?? [])].map((code) => [code, errorAnswers[code] ?? errorResponse] as const),
  );
  app.route({
    method: operation.method,
    url: operation.path,
    ...(config ? { config } : {}),
    ...(logLevel ? { logLevel } : {}),
    ...(operation.bodyLimit ? { bodyLimit: operation.bodyLimit } : {}),
    schema: {
      tags: [...operation.tags],
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      ...(operation.who === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
      ...(operation.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(operation.params ? { params: operation.params } : {}),
      ...(operation.query ? { querystring: operation.query } : {}),
      ...(operation.body ? { body: operation.body } : {}),
      response: { [status]: operation.response, ...errors },
    },
    handler: async (request, reply) => {
      const input = { params: request.params, query: request.query, body: request.body } as OperationInput<O>;
      const answer = await handler(input, request, reply);
      // A file (`fileDownloadResponse`): the handler sent it itself, with its own headers (a stream's send may
      // answer nothing: what counts is that the reply went).
      if (answer === reply || reply.sent) return reply;
      return reply.code(status).send(answer);
    },
  });
}

/**
 * The handler of a write on one row (`/api/<things>/:id/...`), the API's most common route: the use case gets the
 * signed-in user, the row's id, the body and the request's id (for its audit row), and its answer is the route's —
 * `operationRoute(app, op.release, actOnRow(lender.release))`. The types tie the use case to the operation.
 */
export function actOnRow<Body, Answer>(
  run: (actor: AuthUser, id: number, body: Body, requestId: string) => Promise<Answer>,
) {
  return ({ params, body }: { params: { id: number }; body: Body }, request: FastifyRequest): Promise<Answer> =>
    run(currentUser(request), params.id, body, request.id);
}

/** The handler of a row's units list as a spreadsheet: built for the signed-in user, answered as a download. */
export function rowXlsx(run: (actor: AuthUser, id: number) => Promise<{ bytes: Buffer; fileName: string }>) {
  return async ({ params }: { params: { id: number } }, request: FastifyRequest, reply: FastifyReply) => {
    const { bytes, fileName } = await run(currentUser(request), params.id);
    return sendAttachment(reply, { bytes, name: fileName, contentType: XLSX_CONTENT_TYPE });
  };
}

/** The handler of a read of one row: the signed-in user and the row's id; the answer in the `{ data }` envelope. */
export function readRow<Answer>(run: (actor: AuthUser, id: number) => Promise<Answer>) {
  return async ({ params }: { params: { id: number } }, request: FastifyRequest): Promise<{ data: Answer }> => ({
    data: await run(currentUser(request), params.id),
  });
}

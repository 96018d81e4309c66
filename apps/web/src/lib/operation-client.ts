import { pathOf, type Operation, type OperationInput, type OperationOutput } from '@planpiso/domain';
import type { z } from 'zod';
import { api, apiRequest, type Envelope, type QueryValue } from './api-client';

type Call<O extends Operation> = Partial<Pick<OperationInput<O>, 'params'>> & {
  /** What the client sends: the schema's input (before its defaults and transforms), as a form holds it. */
  body?: O['body'] extends z.ZodType ? z.input<O['body']> : undefined;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
};

/**
 * Calls an operation declared in packages/domain/src/operations: its method and path come from the declaration (issue
 * 28 item 2), never from a literal here. A create (`idempotent`) carries an Idempotency-Key, the same one for a retry
 * of the same submission (`api.create`). Answers the envelope's `data` and the server's message.
 */
export function callOperation<O extends Operation>(
  operation: O,
  { params, query, body, signal }: Call<O> = {},
): Promise<Envelope<OperationOutput<O> extends { data: infer D } ? D : unknown>> {
  const path = pathOf(operation, params as Record<string, string | number> | undefined);
  if (operation.idempotent) return api.create(path, body);
  return apiRequest(path, { method: operation.method, query, body, signal });
}

import type { z } from 'zod';
import type { Access } from '../permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The error statuses an operation may document beyond the ones every operation may answer (400/401/403/404). */
export type OperationErrorStatus = 409 | 413 | 415 | 422 | 429 | 503;

/**
 * One API endpoint, declared once (issue 28 item 2, in the manner of documenso's `*.types.ts` operation files): the
 * Fastify route (`apps/api/src/platform/operation-route.ts`), the permission table (`API_PERMISSIONS`) and the web's
 * fetcher (`apps/web/src/lib/operation-client.ts`) are all derived from it, so a path, its allowed user types and
 * its request schema are written in exactly one place.
 */
export type Operation = {
  readonly method: HttpMethod;
  /** Fastify's form: `/api/users/:id`. */
  readonly path: `/api/${string}`;
  readonly summary: string;
  /** The longer OpenAPI description, when the summary does not say it all. */
  readonly description?: string;
  readonly tags: readonly string[];
  /** Who may call it at all; which rows, the module's policy; which moves, the machines. */
  readonly who: Access;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The success answer's schema (an `envelope(...)` or `paged(...)`). */
  readonly response: z.ZodType;
  /** The success status (default 200; a create answers 201; a delete with nothing to answer 204). */
  readonly status?: 200 | 201 | 204;
  /** The error statuses it documents beyond 400/401/403/404 (e.g. 409 version, 422 rule, 503 an outside system). */
  readonly errors?: readonly OperationErrorStatus[];
  /** An error status whose answer is not the catalogue's error shape (readiness's 503 `{ status, database }`). */
  readonly errorAnswers?: Partial<Record<OperationErrorStatus, z.ZodType>>;
  /** A create: the web sends an Idempotency-Key, the same for a retry of the same submission. */
  readonly idempotent?: true;
  /** The largest body accepted, in bytes, when it is not the server's default. */
  readonly bodyLimit?: number;
  /** The body is multipart/form-data (an upload), read by the handler itself rather than by a `body` schema. */
  readonly multipart?: true;
};

/** Declares an operation, keeping its literal path and method for the derived types. */
export const defineOperation = <const O extends Operation>(operation: O): O => operation;

/** `METHOD /path`, the key of API_PERMISSIONS. */
export type OperationKey<O extends Operation> = `${O['method']} ${O['path']}`;
export const operationKey = <O extends Operation>(operation: O): OperationKey<O> =>
  `${operation.method} ${operation.path}` as OperationKey<O>;

/** The permission entries of a group of operations, keyed as API_PERMISSIONS is. */
export function permissionsOf<const Group extends Record<string, Operation>>(
  group: Group,
): { [K in keyof Group as OperationKey<Group[K]>]: Group[K]['who'] } {
  return Object.fromEntries(Object.values(group).map((operation) => [operationKey(operation), operation.who])) as {
    [K in keyof Group as OperationKey<Group[K]>]: Group[K]['who'];
  };
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
/** What a call of the operation carries: its path parameters, query and body, each as its schema reads it. */
export type OperationInput<O extends Operation> = {
  params: Infer<O['params']>;
  query: Infer<O['query']>;
  body: Infer<O['body']>;
};
/** The success answer of the operation. */
export type OperationOutput<O extends Operation> = z.infer<O['response']>;

/** The operation's path with its `:name` parameters filled in (encoded). */
export function pathOf(operation: Operation, params?: Record<string, string | number>): string {
  return operation.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${operationKey(operation)}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

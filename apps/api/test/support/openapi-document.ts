import type { FastifyInstance } from 'fastify';

/**
 * The parts of the generated OpenAPI document (@fastify/swagger) that the tests walking every operation read: the
 * bad-input sweep and the OpenAPI fuzz (decision 066).
 */

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  $ref?: string;
};

export type Parameter = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
};

export type Operation = {
  /** @fastify/swagger shows an upload route's `consumes` only here. */
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

/** The document the app generates (after `ready()`). */
export const openApiDocument = (app: FastifyInstance) => app.swagger() as unknown as OpenApiDocument;

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { credentials } from '../src/db/schema/identity';
import { users } from '../src/db/schema/users';
import { DEMO_PASSWORD } from '../src/seed';
import { fakeClock, signIn, testConfig, testLogger } from './harness';
import { seededDatabase } from './seeded-database';
import { openApiDocument, type Operation, type Schema } from './support/openapi-document';
import { PDF, PNG } from './support/uploads';

/**
 * The OpenAPI fuzz (issue 27, "The suite that keeps it fixed"; decision 066): every operation of the API's own
 * OpenAPI document (generated from the zod contracts), called with requests fast-check generates from the
 * operation's schemas — mostly well-formed so they reach the handlers, some wild — by a lender super user, a lender
 * operator, two dealers and nobody, on the demo database. Every operation that takes a body also gets malformed JSON, wrong
 * content types and malformed multipart forms (no boundary, a truncated part, no closing boundary, a
 * 100-character boundary; eleven files on the upload routes). Not one answer may be a 5xx, no body may show SQL
 * or a stack, and every 4xx says its message in Spanish.
 *
 * Bounded: a fixed seed and FUZZ_RUNS generated requests per operation (4 in CI); FUZZ_RUNS=50 for a long run,
 * FUZZ_SEED to try other inputs.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 27);

const seeded = await seededDatabase('fuzz');
const app = await buildApp({ config: testConfig(), db: seeded.db, clock: fakeClock(), logger: testLogger() });
await app.ready();
afterAll(async () => {
  await app.close();
  await seeded.close();
});

// ---------------------------------------------------------------------------------------------------------------
// Actors: signed in once, signed in again (their row and password put back) when a fuzzed request ended their
// session — a resent temporary password, a deactivation, an e-mail change, a sign-out.

type Actor = {
  name: string;
  email: string;
  id: number;
  token: string | null;
  row: typeof users.$inferSelect;
  credential: typeof credentials.$inferSelect;
};

async function actor(name: string, email: string): Promise<Actor> {
  const [row] = await seeded.db.select().from(users).where(eq(users.email, email));
  const [credential] = await seeded.db.select().from(credentials).where(eq(credentials.userId, row!.id));
  return {
    name,
    email,
    id: row!.id,
    token: await signIn(app, email, DEMO_PASSWORD),
    row: row!,
    credential: credential!,
  };
}

const actors = [
  await actor('super user', 'superusuario@planpiso.mx'),
  await actor('lender operator', 'operador@planpiso.mx'),
  await actor('legal representative', 'representante@autosdelnorte.mx'),
  await actor('agency operator', 'agencia@autosdelnorte.mx'),
];

async function tokenOf(who: Actor): Promise<string> {
  if (who.token) return who.token;
  const { id: _id, ...row } = who.row;
  await seeded.db.update(users).set(row).where(eq(users.id, who.id));
  const { userId: _userId, ...credential } = who.credential;
  await seeded.db.update(credentials).set(credential).where(eq(credentials.userId, who.id));
  who.token = await signIn(app, who.email, DEMO_PASSWORD);
  return who.token;
}

// ---------------------------------------------------------------------------------------------------------------
// The OpenAPI document and arbitraries from its JSON schemas.

const document = openApiDocument(app);

function resolve(schema: Schema): Schema {
  if (schema.$ref) return resolve(document.components?.schemas?.[schema.$ref.split('/').pop()!] ?? {});
  if (schema.allOf?.length) {
    const parts = schema.allOf.map(resolve);
    return {
      ...parts[0],
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: parts.flatMap((p) => p.required ?? []),
    };
  }
  return schema;
}

/** What a careless or hostile client sends instead of the value a schema asks for. */
const wild: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, '', ' ', '\u0000', 'a\u0000b', 2_147_483_648, -1, 1.5, '1e3', {}, [], '💥'.repeat(3)),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double({ noNaN: true }),
);

const isIdName = (name: string) => /(^id$|Id$|^(account|company|agency|role|registerBy|assigned)$)/.test(name);
/** Ids that exist in the demo data more often than not. */
const someId = fc.oneof(fc.integer({ min: 1, max: 40 }), fc.constantFrom(0, -1, 2_147_483_647, 2_147_483_648));

function arbitraryOf(raw: Schema, name = '', depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 8, arbitrary: typed(raw, name, depth) }, { weight: 1, arbitrary: wild });
}

function typed(raw: Schema, name: string, depth: number): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => typed(v, name, depth)));
  const types = [schema.type ?? []].flat();
  const type = types.find((t) => t !== 'null');
  switch (type) {
    case 'integer':
      if (isIdName(name)) return someId;
      return fc.integer({ min: Math.ceil(schema.minimum ?? -1_000), max: Math.floor(schema.maximum ?? 1_000_000) });
    case 'number':
      return fc.oneof(
        fc.integer({ min: Math.ceil(schema.minimum ?? -1_000), max: Math.floor(schema.maximum ?? 10_000_000) }),
        fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e12, noNaN: true }),
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      if (depth > 4) return fc.constant([]);
      return fc.array(arbitraryOf(schema.items ?? {}, name, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.max(Math.min(schema.maxItems ?? 3, 3), Math.min(schema.minItems ?? 0, 3)),
      });
    case 'object': {
      if (depth > 4) return fc.constant({});
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(properties)) model[key] = arbitraryOf(child, key, depth + 1);
      if (Object.keys(model).length === 0) return fc.jsonValue({ maxDepth: 1 });
      const required = (schema.required ?? []).filter((key) => key in model);
      return fc.record(model, { requiredKeys: required });
    }
    case 'string':
      return stringOf(schema, name);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: Schema, name: string): fc.Arbitrary<unknown> {
  const max = Math.min(schema.maxLength ?? 40, 60);
  const min = Math.min(schema.minLength ?? 0, max);
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date' || /date|Date|^(from|to)$/.test(name)) {
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (isIdName(name)) return someId.map(String);
  if (schema.pattern) {
    try {
      const pattern = new RegExp(schema.pattern);
      return fc.oneof(
        fc.stringMatching(pattern).map((s) => s.slice(0, max)),
        fc.string({ minLength: min, maxLength: max }),
      );
    } catch {
      // A pattern JavaScript cannot read: plain strings.
    }
  }
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: max }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

type Request = {
  label: string;
  actor: Actor | null;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer | object;
};

const CRLF = '\r\n';
const boundary = () => `fuzz${randomUUID().replace(/-/g, '')}`;

/** A well-formed multipart form: text fields and files. */
function form(fields: Record<string, string>, files: { name: string; filename: string; content: Buffer }[]) {
  const b = boundary();
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${b}${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}${value}${CRLF}`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${b}${CRLF}Content-Disposition: form-data; name="${file.name}"; filename="${file.filename}"${CRLF}` +
          `Content-Type: application/octet-stream${CRLF}${CRLF}`,
      ),
      file.content,
      Buffer.from(CRLF),
    );
  }
  chunks.push(Buffer.from(`--${b}--${CRLF}`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

const FILE_FIELDS = ['file', 'evidence'];
const FORM_FIELDS = [
  'comment',
  'type',
  'kind',
  'status',
  'version',
  'commentOF',
  'isApproved',
  'unitId',
  'documentType',
];

/** A generated multipart form for the upload routes: some of their fields, maybe a file (real bytes or noise). */
const multipartArbitrary = fc
  .record({
    fields: fc.dictionary(fc.constantFrom(...FORM_FIELDS), fc.oneof(fc.string({ maxLength: 20 }), someId.map(String)), {
      maxKeys: 5,
    }),
    file: fc.option(
      fc.record({
        name: fc.constantFrom(...FILE_FIELDS),
        filename: fc.constantFrom('a.png', 'b.pdf', 'c.xml', 'd.jpg', 'e.exe', '../../x.pdf', 'sin-extension', ''),
        content: fc.oneof(
          fc.constantFrom(PNG, PDF, Buffer.from('<?xml version="1.0"?><a/>'), Buffer.alloc(0)),
          fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
        ),
      }),
    ),
  })
  .map(({ fields, file }) => form(fields, file ? [file] : []));

/** Malformed bodies and wrong content types, for every operation that takes a body. */
function malformedBodies(
  upload: boolean,
): { label: string; headers: Record<string, string>; payload: string | Buffer }[] {
  const b = boundary();
  const longBoundary = 'b'.repeat(100);
  const part = `--${b}${CRLF}Content-Disposition: form-data; name="file"; filename="a.png"${CRLF}${CRLF}`;
  const bodies = [
    { label: 'malformed JSON', headers: { 'content-type': 'application/json' }, payload: '{"a":' },
    { label: 'JSON that is a string', headers: { 'content-type': 'application/json' }, payload: '"hola"' },
    { label: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: 'hola' },
    { label: 'application/xml', headers: { 'content-type': 'application/xml' }, payload: '<a>hola</a>' },
    { label: 'urlencoded', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1&b=2' },
    { label: 'multipart without boundary', headers: { 'content-type': 'multipart/form-data' }, payload: part },
    {
      label: 'multipart with a truncated part',
      headers: { 'content-type': `multipart/form-data; boundary=${b}` },
      payload: `--${b}${CRLF}Content-Disposition: form-da`,
    },
    {
      label: 'multipart without closing boundary',
      headers: { 'content-type': `multipart/form-data; boundary=${b}` },
      payload: Buffer.concat([Buffer.from(part), PNG]),
    },
    {
      label: 'multipart with a 100-character boundary',
      headers: { 'content-type': `multipart/form-data; boundary=${longBoundary}` },
      payload: `--${longBoundary}${CRLF}Content-Disposition: form-data; name="comment"${CRLF}${CRLF}hola${CRLF}--${longBoundary}--${CRLF}`,
    },
  ];
  if (upload) {
    const eleven = form(
      { comment: 'once archivos', kind: 'unit' },
      Array.from({ length: 11 }, (_, i) => ({ name: FILE_FIELDS[i % 2]!, filename: `f${i}.png`, content: PNG })),
    );
    bodies.push({ label: 'eleven files', headers: eleven.headers, payload: eleven.payload });
  }
  return bodies;
}

type Generated = { actor: number; path: Record<string, unknown>; query: Record<string, unknown>; body: unknown };

function requestsOf(path: string, method: string, operation: Operation, index: number): Request[] {
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const content = operation.requestBody?.content ?? {};
  // @fastify/swagger shows an upload route's `consumes` only in its description.
  const upload = 'multipart/form-data' in content || /^multipart\/form-data/.test(operation.description ?? '');
  const jsonSchema = content['application/json']?.schema;
  const takesBody = upload || jsonSchema !== undefined || ['post', 'put', 'patch'].includes(method);

  const pathModel: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of pathParams) pathModel[p.name] = arbitraryOf(p.schema ?? {}, p.name);
  const queryModel: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of queryParams) queryModel[p.name] = arbitraryOf(p.schema ?? {}, p.name);
  const body: fc.Arbitrary<unknown> = upload
    ? multipartArbitrary
    : jsonSchema
      ? fc.oneof({ weight: 6, arbitrary: arbitraryOf(jsonSchema) }, { weight: 1, arbitrary: fc.jsonValue() })
      : fc.constant(undefined);
  const generated = fc.sample(
    fc.record({
      // -1: nobody signed in
      actor: fc.integer({ min: -1, max: actors.length - 1 }),
      path: fc.record(pathModel),
      query: fc.record(queryModel, {
        requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
      }),
      body,
    }),
    { seed: SEED + index, numRuns: RUNS },
  ) as Generated[];

  const urlOf = (pathValues: Record<string, unknown>, queryValues: Record<string, unknown> = {}) => {
    let url = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(asText(pathValues[name] ?? '1') || '1'),
    );
    const query = Object.entries(queryValues).flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value]).map(
        (v) => `${encodeURIComponent(key)}=${encodeURIComponent(asText(v))}`,
      ),
    );
    if (query.length > 0) url += `?${query.join('&')}`;
    return url;
  };

  const requests: Request[] = generated.map((g, i) => {
    const request: Request = {
      label: `generated #${i}`,
      actor: g.actor >= 0 ? actors[g.actor]! : null,
      method: method.toUpperCase(),
      url: urlOf(g.path, g.query),
    };
    if (upload) {
      const { payload, headers } = g.body as ReturnType<typeof form>;
      return { ...request, payload, headers };
    }
    if (g.body !== undefined)
      return { ...request, payload: JSON.stringify(g.body), headers: { 'content-type': 'application/json' } };
    return request;
  });

  if (takesBody) {
    // One actor per operation (rotating), every actor on the upload routes: they parse the form after authorization.
    const who = upload ? actors : [actors[index % actors.length]!];
    const validPath = Object.fromEntries(pathParams.map((p) => [p.name, 1]));
    for (const a of who) {
      for (const bad of malformedBodies(upload)) {
        requests.push({
          label: bad.label,
          actor: a,
          method: method.toUpperCase(),
          url: urlOf(validPath),
          headers: bad.headers,
          payload: bad.payload,
        });
      }
    }
  }
  return requests;
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

// ---------------------------------------------------------------------------------------------------------------
// What every answer must be

/** SQL, driver and stack text: never in an answer. */
const LEAK =
  /Failed query|duplicate key|violates .*constraint|syntax error at|relation "|invalid input syntax|\bparams:|node_modules|\bat [\w.<>$]+ \(|\.[cm]?[jt]s:\d+:\d+|ECONNREFUSED|\bselect\b[^"]{1,80}\bfrom\b|\binsert into\b|\bdelete from\b/i;
/** Phrases of an English error message (Fastify's, zod's, busboy's, PostgreSQL's). */
const ENGLISH =
  /\b(the|is|are|must|should|not found|invalid|required|expected|unexpected|failed|cannot|unsupported|too large|too many|body|request|missing|unauthorized|forbidden|internal|payload|property|length|allowed|reach|limit|boundary)\b/i;

type Problem = { operation: string; label: string; actor: string; status: number; problem: string; body: string };

function check(operation: string, request: Request, response: LightMyRequestResponse): Problem[] {
  const problems: Problem[] = [];
  const note = (problem: string) =>
    problems.push({
      operation,
      label: request.label,
      actor: request.actor?.name ?? 'nobody',
      status: response.statusCode,
      problem,
      body: response.body.slice(0, 300),
    });
  if (response.statusCode >= 500) note('5xx answer');
  const type = String(response.headers['content-type'] ?? '');
  const readable = /json|text|xml|html/.test(type);
  if (readable && LEAK.test(response.body)) note('SQL or stack text in the body');
  if (response.statusCode >= 400 && response.statusCode < 500) {
    let body: { message?: unknown; fields?: Record<string, unknown> } = {};
    try {
      body = JSON.parse(response.body) as typeof body;
    } catch {
      note('a 4xx that is not JSON');
    }
    const texts = [body.message, ...Object.values(body.fields ?? {})];
    if (typeof body.message !== 'string' || body.message.trim() === '') note('a 4xx without a message');
    for (const text of texts) if (typeof text === 'string' && ENGLISH.test(text)) note(`English text: ${text}`);
  }
  return problems;
}

async function send(request: Request): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.actor) headers.authorization = `Bearer ${await tokenOf(request.actor)}`;
  const response = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  // A request that ended the actor's session (or changed its password): sign in again before its next request.
  if (response.statusCode === 401 && request.actor) request.actor.token = null;
  return response;
}

// Sign-out ends the actor's sessions (refresh families) for nothing: the generated ones still run, unsigned.
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, operation]) => ({ path, method, operation })),
);

it(`answers every operation of the OpenAPI document (${RUNS} generated requests each, seed ${SEED}) without a 5xx, a leak or English`, async () => {
  expect(operations.length).toBeGreaterThan(100);
  const problems: Problem[] = [];
  let sent = 0;
  for (const [index, { path, method, operation }] of operations.entries()) {
    const name = `${method.toUpperCase()} ${path}`;
    for (const request of requestsOf(path, method, operation, index)) {
      const response = await send(request);
      sent++;
      problems.push(...check(name, request, response));
    }
  }
  console.log(`attack-fuzz: ${operations.length} operations, ${sent} requests, ${problems.length} problems`);
  expect(problems).toEqual([]);
}, 600_000);

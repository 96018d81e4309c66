import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@planpiso/domain';
import { buildApp } from '../src/app';
import { createDb } from '../src/db/client';
import { json, testConfig, testLogger, testDb } from './harness';
import { sharedApp } from './support/shared-app';

const t = await sharedApp();

describe('health and readiness', () => {
  it('answers health without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ok' });
  });

  it('is ready when PostgreSQL answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ready', database: 'up' });
  });

  it('answers 503 when the database is down', async () => {
    // Nothing listens on port 1: every connection is refused.
    const dead = createDb('postgres://postgres:postgres@127.0.0.1:1/nothing', { connectionTimeoutMillis: 500 });
    const app = await buildApp({ config: testConfig(), db: dead.db, logger: testLogger() });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(json(response)).toEqual({ status: 'unavailable', database: 'down' });
      // Liveness does not depend on the database.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await dead.close();
    }
  });
});

describe('errors', () => {
  it('answers an unknown API path with a Spanish 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/no-existe' });
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: MESSAGES.notFound });
    }
  });

  it('answers malformed JSON with a Spanish 400 and nothing of the parser', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ statusCode: 400, code: 'BAD_REQUEST', message: MESSAGES.badRequest });
  });

  it('answers a wrong content type with 415 and an oversized body with 413, in Spanish', async () => {
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(json(wrongType)).toEqual({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: MESSAGES.badRequest });

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      payload: { email: 'a@b.mx', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(json(huge)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: MESSAGES.badRequest });
  });

  it('names the failing fields of a bad body in Spanish', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      payload: { email: 'no-es-correo', password: 12 },
    });
    expect(response.statusCode).toBe(400);
    const body = json<{ code: string; message: string; fields: Record<string, string> }>(response);
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.fields.email).toBe('Formato correo incorrecto');
    expect(body.fields.password).toBe(MESSAGES.required);
    expect(body.message).toBe(body.fields.email);

    // Messages the contract does not spell out come from the catalogue (the domain's zod map), as on the screens.
    const wrongShape = await t.app.inject({ method: 'POST', url: '/api/identity/forgot-password', payload: [1] });
    expect(wrongShape.statusCode).toBe(400);
    expect(json<{ message: string }>(wrongShape).message).toBe(MESSAGES.checkInput);
  });

  it('fails closed, without details, on a route missing from API_PERMISSIONS', async () => {
    const app = await buildApp({ config: testConfig(), db: testDb(), logger: testLogger() });
    app.get('/api/unlisted-route', async () => ({ secret: 'should never be reached' }));
    app.get('/plain-failure', async () => {
      throw new Error('select * from users where password_hash = $1');
    });
    try {
      const unlisted = await app.inject({ method: 'GET', url: '/api/unlisted-route' });
      expect(unlisted.statusCode).toBe(500);
      expect(json(unlisted)).toEqual({ statusCode: 500, code: 'INTERNAL_ERROR', message: MESSAGES.internalError });

      const failure = await app.inject({ method: 'GET', url: '/plain-failure' });
      expect(failure.statusCode).toBe(500);
      expect(json(failure)).toEqual({ statusCode: 500, code: 'INTERNAL_ERROR', message: MESSAGES.internalError });
      expect(failure.body).not.toMatch(/select|password_hash|stack|at /i);
    } finally {
      await app.close();
    }
  });
});

describe('request ids and security headers', () => {
  it('returns a request id, keeping a well-formed one from the caller', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(own.headers['x-request-id']).toBe('abc-123');
    const generated = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b<c>' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a CSP that allows the SPA’s own scripts and MUI’s inline styles, but no foreign script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // On every answer, a 404 included; the API docs keep the CSP their UI needs.
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(String(missing.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(missing.headers['x-frame-options']).toBe('SAMEORIGIN');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(String(docs.headers['content-security-policy'])).toContain('validator.swagger.io');
  });
});

describe('CORS', () => {
  it('is off by default and answers listed origins when CORS_ORIGINS is set', async () => {
    const preflight = {
      method: 'OPTIONS' as const,
      url: '/api/identity/sign-in',
      headers: { origin: 'https://planpiso.example', 'access-control-request-method': 'POST' },
    };
    expect((await t.app.inject(preflight)).headers['access-control-allow-origin']).toBeUndefined();

    const app = await buildApp({
      config: testConfig({ CORS_ORIGINS: 'https://planpiso.example' }),
      db: testDb(),
      logger: testLogger(),
    });
    try {
      const allowed = await app.inject(preflight);
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://planpiso.example');
      expect(allowed.headers['access-control-allow-credentials']).toBe('true');
      const other = await app.inject({
        ...preflight,
        headers: { ...preflight.headers, origin: 'https://otro.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('OpenAPI', () => {
  it('serves the documentation UI and a spec generated from the contracts', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    // HEAD, and the trailing-slash form, are answered like the GET (not refused as unlisted routes).
    expect((await t.app.inject({ method: 'HEAD', url: '/api/docs/' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(200);

    const spec = json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }>(
      await t.app.inject({ method: 'GET', url: '/api/docs/json' }),
    );
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/identity/sign-in', '/api/auth/login', '/api/auth/set-information', '/api/ready']),
    );
    expect(JSON.stringify(spec.paths['/api/identity/sign-in']!.post!.requestBody)).toContain('password');
  });
});

describe('the built SPA', () => {
  it('serves files, falls back to index.html for client routes, and keeps /api answers JSON', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'planpiso-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(
      join(dist, 'index.html'),
      [
        '<!doctype html><title>PlanPiso</title>',
        '    <link rel="modulepreload" crossorigin href="/assets/app-layout-abc123.js" data-shell>',
        '<div id="root"></div>',
      ].join('\n'),
    );
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log("planpiso")');
    const app = await buildApp({ config: testConfig({ WEB_DIST: dist }), db: testDb(), logger: testLogger() });
    try {
      const root = await app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('<title>PlanPiso</title>');
      expect(root.headers['cache-control']).toBe('no-cache');
      expect(root.body).not.toContain('data-shell');

      const clientRoute = await app.inject({ method: 'GET', url: '/usuarios?page=2' });
      expect(clientRoute.statusCode).toBe(200);
      expect(clientRoute.body).toContain('<div id="root">');
      expect(clientRoute.headers['cache-control']).toBe('no-cache');
      // A signed-in screen's page names the shell's files, so they download beside the entry (issue 31)...
      expect(clientRoute.body).toContain('app-layout-abc123.js');
      // ...the sign-in page (and the root, above) does not: it needs the entry alone.
      const signIn = await app.inject({ method: 'GET', url: '/login?redirect=%2Fusuarios' });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.headers['content-type']).toContain('text/html');
      expect(signIn.body).toContain('<div id="root">');
      expect(signIn.body).not.toContain('data-shell');

      const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');

      expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);

      const api = await app.inject({ method: 'GET', url: '/api/no-existe' });
      expect(api.statusCode).toBe(404);
      expect(json(api)).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.notFound });
    } finally {
      await app.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});

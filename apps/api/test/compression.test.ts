import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import {
  bearer,
  buildTestApp,
  closeTestDb,
  createUser,
  signIn,
  testConfig,
  testLogger,
  testDb,
  TEST_PASSWORD,
} from './harness';

/** Issue 15: compressed JSON and SPA files, cache headers, and request logs that cost little (decision 023). */
const t = await buildTestApp();
let token = '';
beforeAll(async () => {
  // Enough users that the page is well over the 1 KB threshold whatever else the shared database holds.
  const admin = await createUser(t.db, 1);
  for (let i = 0; i < 6; i++) await createUser(t.db, 2);
  token = await signIn(t.app, admin.email);
});
afterAll(async () => {
  await t.close();
  await closeTestDb();
});

const listUsers = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/users?pageSize=100', headers: { ...bearer(token), ...headers } });

describe('compressed API answers', () => {
  it('sends a JSON list as brotli when the client accepts it, and it decodes to the same JSON', async () => {
    const plain = await listUsers();
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const response = await listUsers({ 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'))).toEqual(JSON.parse(plain.body));
  });

  it('falls back to gzip for a client that does not speak brotli', async () => {
    const response = await listUsers({ 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8'))).toMatchObject({
      data: { total: expect.any(Number) },
    });
  });

  it('sends plain JSON without Accept-Encoding, and small answers plain whatever the client accepts', async () => {
    const plain = await listUsers();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body)).toMatchObject({ data: { total: expect.any(Number) } });

    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body)).toEqual({ status: 'ok' });
  });

  it('keeps every API answer out of caches (no-store), the error answers and the 404 of an unknown path too', async () => {
    const list = await listUsers();
    const refused = await t.app.inject({ method: 'GET', url: '/api/users' });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: bearer(token) });
    expect([list.statusCode, refused.statusCode, unknown.statusCode]).toEqual([200, 401, 404]);
    for (const response of [list, refused, unknown]) expect(response.headers['cache-control']).toBe('no-store');
  });

  it('compresses nothing with HTTP_COMPRESSION=off (a proxy in front does it)', async () => {
    const app = await buildApp({ config: testConfig({ HTTP_COMPRESSION: 'off' }), db: testDb(), logger: testLogger() });
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/users?pageSize=100',
        headers: { ...bearer(token), 'accept-encoding': 'br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('the built SPA, precompressed', () => {
  const script = `export const greeting = ${JSON.stringify('¡Hola, PlanPiso! '.repeat(200))};\n`;
  let dist = '';
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    // A fake build: what apps/web/precompress.ts writes beside a hashed asset.
    dist = await mkdtemp(join(tmpdir(), 'planpiso-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>PlanPiso</title><div id="root"></div>');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), script);
    await writeFile(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    await writeFile(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    app = await buildApp({ config: testConfig({ WEB_DIST: dist }), db: testDb(), logger: testLogger() });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends a hashed asset from its .br file with immutable caching', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(script);
  });

  it('sends the .gz file to a gzip-only client, and the file itself without Accept-Encoding', async () => {
    const gz = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(script);

    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps index.html and the client-route fallback revalidated (no-cache)', async () => {
    for (const url of ['/', '/index.html', '/usuarios?page=2']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      // A file with no precompressed copy is compressed on the fly when the client accepts it.
      const body =
        response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.rawPayload) : response.rawPayload;
      expect(body.toString('utf8'), url).toContain('<div id="root">');
    }
  });
});

describe('request logs', () => {
  function capture() {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    return { lines, stream };
  }

  it('writes no line per request at info, and a warn line with the request id for a slow one', async () => {
    const { lines, stream } = capture();
    // Sign-in hashes a password (argon2): always slower than 5 ms.
    const app = await buildApp({
      config: testConfig({ SLOW_REQUEST_MS: '5' }),
      db: testDb(),
      logger: { level: 'info', stream },
    });
    try {
      await app.inject({ method: 'GET', url: '/api/no-existe' });
      expect(lines.filter((line) => /incoming request|request completed/.test(String(line.msg)))).toEqual([]);

      const admin = await createUser(t.db, 1);
      const response = await app.inject({
        method: 'POST',
        url: '/api/identity/sign-in',
        payload: { email: admin.email, password: TEST_PASSWORD },
        headers: { 'x-request-id': 'lento-123' },
      });
      expect(response.statusCode).toBe(200);
      expect(lines).toContainEqual(
        expect.objectContaining({ level: 40, msg: 'slow request', reqId: 'lento-123', url: '/api/identity/sign-in' }),
      );
      expect(lines.filter((line) => /incoming request|request completed/.test(String(line.msg)))).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('logs every request again at LOG_LEVEL=debug', async () => {
    const { lines, stream } = capture();
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'debug' }),
      db: testDb(),
      logger: { level: 'debug', stream },
    });
    try {
      await app.inject({ method: 'GET', url: '/api/no-existe' });
      expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    } finally {
      await app.close();
    }
  });
});

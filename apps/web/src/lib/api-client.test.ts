// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../test/dom';
import { apiError, mockApi } from '../test/mock-api';
import { api, newUuid } from './api-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api.create: every create carries an Idempotency-Key (issue 14 item 8)', () => {
  it('sends a UUID; plain posts send none', async () => {
    const calls = mockApi({
      'POST /api/roles': { status: 201, body: { data: { id: 1 } } },
      'POST /api/auth/login': {},
    });
    await api.create('/api/roles', { name: 'Gerente', type: 5 });
    await api.post('/api/auth/login', {});
    expect(calls[0]!.idempotencyKey).toMatch(UUID);
    expect(calls[1]!.idempotencyKey).toBeNull();
  });

  it('a double submit and a retry after a network failure or a 5xx reuse the key; a new submission gets a new one', async () => {
    let fail = 2;
    const calls = mockApi({
      'POST /api/roles': () =>
        fail-- > 0
          ? apiError(503, 'EXTERNAL_API_ERROR', 'Ocurrió un error API externa')
          : { status: 201, body: { data: { id: 1 } } },
    });
    const body = { name: 'Gerente', type: 5 };
    await expect(api.create('/api/roles', body)).rejects.toThrow();
    await expect(api.create('/api/roles', { ...body })).rejects.toThrow();
    await api.create('/api/roles', body);
    // The same values submitted again after the success are a new create.
    await api.create('/api/roles', body);
    const keys = calls.map((c) => c.idempotencyKey);
    expect(new Set(keys.slice(0, 3)).size).toBe(1);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('concurrent submits of the same values share the key; other values get their own', async () => {
    const calls = mockApi({ 'POST /api/roles': { status: 201, body: { data: { id: 1 } } } });
    await Promise.all([
      api.create('/api/roles', { name: 'Gerente', type: 5 }),
      api.create('/api/roles', { name: 'Gerente', type: 5 }),
      api.create('/api/roles', { name: 'Vendedor', type: 5 }),
    ]);
    const [a, b, c] = calls.map((call) => call.idempotencyKey);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('after a definite refusal (4xx) the corrected form is a new submission', async () => {
    const calls = mockApi({ 'POST /api/roles': apiError(409, 'ROLE_NAME_TAKEN', 'Ya existe un rol con ese nombre') });
    const body = { name: 'Gerente', type: 5 };
    await expect(api.create('/api/roles', body)).rejects.toThrow();
    await expect(api.create('/api/roles', body)).rejects.toThrow();
    expect(calls[0]!.idempotencyKey).not.toBe(calls[1]!.idempotencyKey);
  });

  it('makes a v4 UUID without crypto.randomUUID (plain http on a LAN)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a) });
    expect(newUuid()).toMatch(UUID);
  });
});

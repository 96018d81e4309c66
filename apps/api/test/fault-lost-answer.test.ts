import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PROVISION_STATUS, REFINANCING_STATUS } from '@planpiso/domain';
import { auditLog } from '../src/db/schema/audit';
import { provisions } from '../src/db/schema/financing';
import { refinancingUnits, refinancings } from '../src/db/schema/refinancings';
import { companies } from '../src/db/schema/organisation';
import { roles } from '../src/db/schema/roles';
import { DEMO_PASSWORD } from '../src/seed';
import { bearer, json, signIn } from './harness';
import { get, randomVin, releaseLine, saveBody, saveOneUnit, unit } from './provision-fixtures';
import { createBody, createRefinancing, financedUnits } from './refinancing-fixtures';
import { PNG, multipart, type Part } from './support/uploads';
import { financingApp } from './support/financing-app';

/**
 * Issue 27 item 14 and decision 072: a process that fails after its create or move committed and before its answer
 * went out (a crash, a lost connection, a failing serialization) must not make the client's retry with the same
 * Idempotency-Key do the work twice — create a second row, or meet its own move as a 409. Every create and every POST
 * move stores its answer inside its own transaction (`answerWithin`), so the retry replays it.
 *
 * The failure is injected after the handler returned: a `preSerialization` hook throws for requests that carry
 * `x-test-lose-answer` (the answer is never sent; the client sees a 500). The retry does not carry the header; the
 * key and the body are the same, as the web client's retry.
 */
const LOSE = 'x-test-lose-answer';
const lost = new WeakSet<FastifyRequest>();

const { t, seeded, groups } = await financingApp('fault_lost_answer', {
  clients: ['10006', '10004'],
  beforeReady: (app) =>
    app.addHook('preSerialization', async (request) => {
      if (request.headers[LOSE] === undefined || lost.has(request)) return;
      lost.add(request);
      throw new Error('the answer was lost after the commit');
    }),
});
const superToken = await signIn(t.app, 'superusuario@planpiso.mx', DEMO_PASSWORD);
const adminToken = await signIn(t.app, 'administrador@planpiso.mx', DEMO_PASSWORD);
const [group, refinancingGroup] = groups;

type Answer = { data: { id?: number; fileId?: number; status?: number }; message?: string };

/**
 * Sends the request with a new Idempotency-Key and loses its answer; then retries it as the client would (the same
 * key and body). Returns the retry's answer. `parts` sends a multipart form instead of `payload`.
 */
async function loseThenRetry(token: string, url: string, payload: object | Part[], expected: number) {
  const key = randomUUID();
  const send = (headers: Record<string, string>) =>
    Array.isArray(payload)
      ? t.app.inject({
          method: 'POST',
          url,
          ...multipart(payload, { ...bearer(token), 'idempotency-key': key, ...headers }),
        })
      : t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { ...bearer(token), 'idempotency-key': key, ...headers },
        });
  const first = await send({ [LOSE]: '1' });
  expect(first.statusCode, first.body).toBe(500);
  const retry = await send({});
  expect(retry.statusCode, retry.body).toBe(expected);
  expect(retry.headers['idempotent-replayed']).toBe('true');
  return json<Answer>(retry);
}

/** How many audit rows `action` wrote for `entityId`. */
async function auditRows(action: string, entityId: number | string) {
  const [row] = await seeded.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
  return row!.n;
}

async function auditRowsOf(action: string) {
  const [row] = await seeded.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action));
  return row!.n;
}

describe('a create whose answer was lost after its commit: the retry replays it, one row', () => {
  const tag = () => randomUUID().slice(0, 8);
  const creates: [string, () => string, string, () => Promise<object | Part[]>, string][] = [
    ['a role', () => adminToken, '/api/roles', async () => ({ name: `Analista ${tag()}`, type: 3 }), 'role.created'],
    [
      'an audit',
      () => adminToken,
      '/api/audits',
      async () => {
        const [north] = await seeded.db.select().from(companies).where(eq(companies.clientId, '10001'));
        return {
          auditor: 'Laura Méndez',
          description: `Respuesta perdida ${tag()}`,
          accountId: north!.accountId,
          companyId: north!.id,
          isSuspended: false,
          initialDate: '2026-12-10',
          endDate: '2026-12-12',
        };
      },
      'audit.created',
    ],
    [
      'a non-working day',
      () => superToken,
      '/api/non-workings',
      async () => ({ date: '2041-03-15', reason: 'Día inhábil de prueba' }),
      'non-working-day.created',
    ],
    [
      'a service-desk e-mail',
      () => superToken,
      '/api/emails-service-desk',
      async () => ({ email: `mesa.${tag()}@prueba.planpiso.mx` }),
      'service-desk-email.created',
    ],
    [
      'a branch',
      () => superToken,
      '/api/agencies',
      async () => {
        const [north] = await seeded.db.select().from(companies).where(eq(companies.clientId, '10001'));
        return {
          name: `Sucursal ${tag()}`,
          address: 'Av. Juárez 10',
          accountId: north!.accountId,
          companyId: north!.id,
        };
      },
      'branch.created',
    ],
  ];

  creates.push(
    [
      'a user',
      () => superToken,
      '/api/users',
      async () => {
        const [role] = await seeded.db
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.type, 2), eq(roles.isActive, true)));
        return {
          firstname: 'Ana',
          lastname: 'López',
          email: `ana-${tag()}@prueba.planpiso.mx`,
          phone: '',
          additionalEmails: '',
          roleId: role!.id,
        };
      },
      'user.created',
    ],
    [
      'an exception with its evidence (multipart)',
      () => group.tokens.dealer,
      '/api/exceptions',
      async () => [
        { name: 'comment', value: `Excepción ${tag()}` },
        { name: 'type', value: '1' },
        { name: 'evidence', filename: 'foto.png', content: PNG, type: 'image/png' },
      ],
      'exceptions.requested',
    ],
  );

  for (const [what, token, url, body, action] of creates) {
    it(`${what} (POST ${url})`, async () => {
      const before = await auditRowsOf(action);
      const answer = await loseThenRetry(token(), url, await body(), 201);
      expect(answer.data.id).toBeGreaterThan(0);
      expect(await auditRows(action, answer.data.id!)).toBe(1);
      expect(await auditRowsOf(action)).toBe(before + 1);
    });
  }

  it('a provision created and sent (POST /api/provisions/create-send): one provision, the one replayed', async () => {
    const line = 'LC-10006-01';
    await releaseLine(seeded.db, line);
    const description = `Perdida ${tag()}`;
    const body = saveBody(group, line, [unit(randomVin(), '1000.00')], '1000.00', { description });
    const answer = await loseThenRetry(group.tokens.dealer, '/api/provisions/create-send', body, 201);
    const rows = await seeded.db
      .select({ id: provisions.id })
      .from(provisions)
      .where(eq(provisions.description, description));
    expect(rows.map((row) => row.id)).toEqual([answer.data.id]);
  });
  it('a refinancing (POST /api/refinancings): one refinancing, the one replayed', async () => {
    await releaseLine(seeded.db, 'LC-10004-01');
    const units = await financedUnits(seeded.db, refinancingGroup, [{ amount: '1500.00' }]);
    const answer = await loseThenRetry(
      refinancingGroup.tokens.dealer,
      '/api/refinancings',
      createBody(refinancingGroup, 'LC-10004-01', units),
      201,
    );
    const rows = await seeded.db
      .select({ id: refinancingUnits.refinancingId })
      .from(refinancingUnits)
      .where(eq(refinancingUnits.sourceUnitId, units[0]!.id));
    expect(rows.map((row) => row.id)).toEqual([answer.data.id]);
  });
});

describe('a lender move whose answer was lost after its commit: the retry replays it, not a 409', () => {
  /** A provision of the group's at `status` (as the signing webhooks leave it), with the version to send. */
  async function provisionAt(status: number) {
    const line = 'LC-10006-01';
    await releaseLine(seeded.db, line);
    const created = await saveOneUnit(t.app, group, line, randomVin(), '1000.00');
    expect(created.statusCode, created.body).toBe(201);
    const id = json<Answer>(created).data.id!;
    const [row] = await seeded.db
      .update(provisions)
      .set({ status })
      .where(eq(provisions.id, id))
      .returning({ version: provisions.version });
    return { id, version: row!.version };
  }

  it('Liberar a provision (POST /api/provisions/{id}/release)', async () => {
    const p = await provisionAt(PROVISION_STATUS.SIGNED);
    const answer = await loseThenRetry(
      group.tokens.operator,
      `/api/provisions/${p.id}/release`,
      { version: p.version },
      200,
    );
    expect(answer.data.status).toBe(PROVISION_STATUS.RELEASED);
    expect(await auditRows('provisions.release', p.id)).toBe(1);
  });

  it('send a provision to the CRM (POST /api/provisions/{id}/send-crm)', async () => {
    const p = await provisionAt(PROVISION_STATUS.SIGNED);
    const answer = await loseThenRetry(
      group.tokens.operator,
      `/api/provisions/${p.id}/send-crm`,
      { approvedDate: '2026-11-24', version: p.version },
      200,
    );
    expect(answer.data.status).toBe(PROVISION_STATUS.AUTHORIZED);
    const detail = await get(t.app, group.tokens.operator, `/api/provisions/${p.id}`);
    expect(json<Answer>(detail).data.status).toBe(PROVISION_STATUS.AUTHORIZED);
  });

  /** A refinancing of the other group's at `status`, with the version to send. */
  async function refinancingAt(status: number) {
    await releaseLine(seeded.db, 'LC-10004-01');
    const r = await createRefinancing(t.app, seeded.db, refinancingGroup, 'LC-10004-01', [{ amount: '1000.00' }]);
    const [row] = await seeded.db
      .update(refinancings)
      .set({ status })
      .where(eq(refinancings.id, r.id))
      .returning({ version: refinancings.version });
    return { id: r.id, version: row!.version };
  }

  it('Liberar a refinancing (POST /api/refinancings/{id}/release)', async () => {
    const r = await refinancingAt(REFINANCING_STATUS.SIGNED);
    const answer = await loseThenRetry(
      refinancingGroup.tokens.operator,
      `/api/refinancings/${r.id}/release`,
      { version: r.version },
      200,
    );
    expect(answer.data.status).toBe(REFINANCING_STATUS.RELEASED);
  });

  it('send a refinancing to the CRM (POST /api/refinancings/{id}/send-crm)', async () => {
    const r = await refinancingAt(REFINANCING_STATUS.SIGNED);
    const answer = await loseThenRetry(
      refinancingGroup.tokens.operator,
      `/api/refinancings/${r.id}/send-crm`,
      { approvedDate: '2026-11-25', version: r.version },
      200,
    );
    expect(answer.data.status).toBe(REFINANCING_STATUS.AUTHORIZED);
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditResponse } from '@planpiso/domain';
import { buildApp } from '../src/app';
import { audits } from '../src/db/schema/audits';
import { companies } from '../src/db/schema/organisation';
import { DEMO_PASSWORD } from '../src/seed';
import { bearer, fakeClock, json, signIn, testConfig, testLogger } from './harness';
import { seededDatabase } from './seeded-database';

/**
 * Issue 27 §8: a double (or tenfold) submit of the audit form creates one audit. The form sends one Idempotency-Key
 * per submission (apps/web audit-form.test.tsx); here ten identical creates race with that key.
 */
const seeded = await seededDatabase('attack_audit_idem');
const clock = fakeClock(new Date('2026-11-24T17:00:00Z'));
const app = await buildApp({ config: testConfig(), db: seeded.db, clock, logger: testLogger() });
await app.ready();
const db = seeded.db;
afterAll(async () => {
  await app.close();
  await seeded.close();
});

const admin = await signIn(app, 'administrador@planpiso.mx', DEMO_PASSWORD);
const [north] = await db.select().from(companies).where(eq(companies.clientId, '10001'));

describe('ten identical audit creates with one Idempotency-Key (issue 27 §8)', () => {
  it('create one audit; every answer is that audit or "still in progress", and a retry replays it', async () => {
    const description = `Doble envío ${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    const payload = {
      auditor: 'Laura Méndez',
      description,
      accountId: north!.accountId,
      companyId: north!.id,
      isSuspended: false,
      initialDate: '2026-12-10',
      endDate: '2026-12-12',
    };
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/audits',
        headers: { ...bearer(admin), 'idempotency-key': key },
        payload,
      });
    const answers = await Promise.all(Array.from({ length: 10 }, send));
    const rows = await db.select({ id: audits.id }).from(audits).where(eq(audits.description, description));
    expect(rows).toHaveLength(1);
    for (const answer of answers) expect([201, 409], answer.body).toContain(answer.statusCode);
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length).toBeGreaterThan(0);
    for (const answer of created) expect(json<{ data: AuditResponse }>(answer).data.id).toBe(rows[0]!.id);

    const retry = await send();
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(json<{ data: AuditResponse }>(retry).data.id).toBe(rows[0]!.id);
  });
});

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_ENTITIES, type AuditLogRecordHistory } from '@planpiso/domain';
import { bearer, createUser, json, signIn } from './harness';
import { get, randomVin, saveBody, sendSaved, unit } from './provision-fixtures';
import { financingApp } from './support/financing-app';

/**
 * Issue 30 item 6: the audit log is append-only (a trigger refuses UPDATE, DELETE and TRUNCATE, whoever asks), and
 * one call answers a regulator's request for one record's whole history, as JSON or as an XLSX.
 */
const LINE = 'LC-10004-01';
const { t, seeded, groups } = await financingApp('audit_log_history', { clients: ['10004'] });
const [group] = groups;
const superToken = await signIn(t.app, (await createUser(seeded.db, 1)).email);
const pool = seeded.db.$client;

describe('the audit log refuses to change a row', () => {
  it('an UPDATE, a DELETE and a TRUNCATE fail with a message naming the rule; an INSERT still works', async () => {
    const [{ id }] = (
      await pool.query<{ id: number }>(
        `insert into audit_log (action, entity, entity_id, after) values ('test.written', 'user', '1', '{"a":1}')
         returning id`,
      )
    ).rows as [{ id: number }];
    await expect(pool.query(`update audit_log set action = 'test.forged' where id = $1`, [id])).rejects.toThrow(
      'audit_log is append-only: UPDATE is not allowed',
    );
    await expect(pool.query('delete from audit_log where id = $1', [id])).rejects.toThrow(
      'audit_log is append-only: DELETE is not allowed',
    );
    await expect(pool.query('truncate audit_log')).rejects.toThrow('audit_log is append-only: TRUNCATE is not allowed');
    const kept = await pool.query('select action, after from audit_log where id = $1', [id]);
    expect(kept.rows).toEqual([{ action: 'test.written', after: { a: 1 } }]);
  });

  it('also in replica mode, which switches ordinary triggers off (a restore runs so)', async () => {
    const client = await pool.connect();
    try {
      await client.query('set session_replication_role = replica');
      await expect(client.query(`delete from audit_log where action = 'test.written'`)).rejects.toThrow('append-only');
    } finally {
      await client.query('reset session_replication_role');
      client.release();
    }
  });
});

describe('a record’s whole history in one call (GET /api/audit-log/records/:entity/:id[/export])', () => {
  const history = (url: string, token = superToken) => get(t.app, token, `/api/audit-log/records/${url}`);

  /** A provision saved, edited and sent by the group's dealer: three rows of its life, in that order. */
  async function livedProvision(): Promise<number> {
    const units = [unit(randomVin(), '1500.00')];
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/provisions',
      payload: saveBody(group, LINE, units, '1500.00'),
      headers: bearer(group.tokens.dealer),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = json<{ data: { id: number } }>(created).data;
    const { version } = json<{ data: { version: number } }>(
      await get(t.app, group.tokens.dealer, `/api/provisions/${id}`),
    ).data;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/provisions/${id}`,
      payload: { ...saveBody(group, LINE, [unit(randomVin(), '2500.00')], '2500.00'), version },
      headers: bearer(group.tokens.dealer),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const sent = await sendSaved(t.app, group, id);
    expect(sent.statusCode, sent.body).toBe(200);
    return id;
  }

  it('answers every row of a provision’s life, oldest first, with who did it', async () => {
    const id = await livedProvision();
    const response = await history(`provision/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = json<{ data: AuditLogRecordHistory }>(response);
    expect(data).toMatchObject({ entity: 'provision', entityId: String(id) });
    expect(data.items.map((row) => row.action)).toEqual([
      'provisions.created',
      'provisions.updated',
      'provisions.send',
    ]);
    expect(data.items.every((row) => row.actorEmail === group.dealer.email)).toBe(true);
    const status = (snapshot: unknown) => (snapshot as { status?: number } | null)?.status;
    expect([status(data.items[0]!.after), status(data.items[2]!.before), status(data.items[2]!.after)]).toEqual([
      1, 1, 2,
    ]);
    const instants = data.items.map((row) => Date.parse(row.at));
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
  });

  it('as an XLSX with Spanish headers, the same rows in the same order', async () => {
    const id = await livedProvision();
    const response = await history(`provision/${id}/export`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toContain(`Historial provision ${id} (24-11-2026).xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      'Folio de bitácora',
      'Fecha y hora (Ciudad de México)',
      'Instante (UTC)',
      'Usuario',
      'Id de usuario',
      'Acción',
      'Tipo de registro',
      'Id del registro',
      'Antes',
      'Después',
      'Solicitud',
    ]);
    const body = rows.slice(1);
    expect(body.map((row) => row[5])).toEqual(['provisions.created', 'provisions.updated', 'provisions.send']);
    expect(body.map((row) => row[3])).toEqual(Array(3).fill(group.dealer.email));
    expect(body.every((row) => row[6] === 'provision' && row[7] === String(id))).toBe(true);
    // Mexico City's clock to the second (UTC−6 all year since 2022), beside the exact instant.
    for (const row of body) {
      const local = new Date(Date.parse(String(row[2])) - 6 * 3_600_000);
      const two = (n: number) => String(n).padStart(2, '0');
      expect(row[1]).toBe(
        `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ` +
          `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`,
      );
    }
    expect(JSON.parse(String(body[2]![9]))).toMatchObject({ status: 2 });
  });

  it('a record with no rows answers an empty history', async () => {
    const { data } = json<{ data: AuditLogRecordHistory }>(await history('provision/2147483000'));
    expect(data.items).toEqual([]);
  });

  it('refuses an unknown kind of record or a malformed id with a 400 in Spanish', async () => {
    const unknown = await history('contrato/1');
    expect(unknown.statusCode).toBe(400);
    expect(json<{ message: string }>(unknown).message).toBe('El tipo de registro no existe en la bitácora');
    const malformed = await history('provision/1%20or%201=1/export');
    expect(malformed.statusCode).toBe(400);
    expect(json<{ message: string }>(malformed).message).toBe('El identificador del registro no es válido');
  });

  it('is the super user’s alone: a dealer and an administrator get 403, no session 401', async () => {
    expect((await history('provision/1', group.tokens.dealer)).statusCode).toBe(403);
    expect((await history('provision/1/export', group.tokens.operator)).statusCode).toBe(403);
    const admin = await signIn(t.app, (await createUser(seeded.db, 2)).email);
    expect((await history('provision/1', admin)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/audit-log/records/provision/1' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('knows every kind of record the API writes to the log', async () => {
    const src = fileURLToPath(new URL('../src', import.meta.url));
    const files = (await readdir(src, { recursive: true })).filter((file) => file.endsWith('.ts'));
    const written = new Set<string>();
    for (const file of files) {
      const text = await readFile(join(src, file), 'utf8');
      for (const match of text.matchAll(/\bentity: '([a-z-]+)'/g)) written.add(match[1]!);
    }
    expect(written.size).toBeGreaterThan(10);
    expect([...written].filter((entity) => !(AUDIT_LOG_ENTITIES as readonly string[]).includes(entity))).toEqual([]);
  });
});

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { INPUT_MESSAGES, MESSAGES } from '@planpiso/domain';
import { registerErrorHandling } from './errors';

/** The error handler's last resorts (issue 14 §2 items 7 and 8), with PostgreSQL's errors as drizzle wraps them. */
async function answerTo(error: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/boom', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/boom' });
  await app.close();
  return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown> };
}
const wrapped = (cause: object) => Object.assign(new Error('Failed query: insert ...'), { cause });

describe('PostgreSQL refusing a value is the caller’s bad input', () => {
  it.each(['22021', '22003', '22P02'])('%s is a 400 in Spanish, without SQL', async (code) => {
    const { status, body } = await answerTo(
      wrapped({ code, message: 'invalid byte sequence for encoding "UTF8": 0x00' }),
    );
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: 400, code: 'BAD_REQUEST', message: MESSAGES.badRequest });
  });

  it('any other database error is still a 500', async () => {
    expect((await answerTo(wrapped({ code: '40P01' }))).status).toBe(500);
  });
});

describe('a unique name taken is a 409 naming the field', () => {
  it.each([
    ['roles_name_unique', 'ROLE_NAME_TAKEN', INPUT_MESSAGES.roleNameTaken, 'name'],
    ['agencies_company_name_unique', 'BRANCH_NAME_TAKEN', INPUT_MESSAGES.branchNameTaken, 'name'],
    ['custom_signers_name_unique', 'SIGNER_NAME_TAKEN', INPUT_MESSAGES.signerNameTaken, 'fullName'],
  ])('%s', async (constraint, code, message, field) => {
    const { status, body } = await answerTo(wrapped({ code: '23505', constraint }));
    expect(status).toBe(409);
    expect(body).toEqual({ statusCode: 409, code, message, fields: { [field]: message } });
  });

  it('any other unique index is a 409 too, that the record exists (issue 27 item 11)', async () => {
    const { status, body } = await answerTo(wrapped({ code: '23505', constraint: 'something_else' }));
    expect(status).toBe(409);
    expect(body).toEqual({ statusCode: 409, code: 'CONFLICT', message: MESSAGES.duplicateRecord });
  });
});

describe('a foreign key refusing a write is a 409 (issue 27 item 10)', () => {
  it('a row still referenced', async () => {
    const { status, body } = await answerTo(
      wrapped({ code: '23503', message: 'update or delete on table "companies" violates foreign key constraint' }),
    );
    expect(status).toBe(409);
    expect(body).toEqual({ statusCode: 409, code: 'IN_USE', message: MESSAGES.recordInUse });
  });

  it('a referenced row that is gone', async () => {
    const { status, body } = await answerTo(
      wrapped({ code: '23503', message: 'insert or update on table "audits" violates foreign key constraint' }),
    );
    expect(status).toBe(409);
    expect(body).toEqual({ statusCode: 409, code: 'CONFLICT', message: MESSAGES.referenceChanged });
  });
});

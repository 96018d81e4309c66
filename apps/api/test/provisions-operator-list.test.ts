import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProvisionListItem } from '@planpiso/domain';
import { provisions } from '../src/db/schema/financing';
import { createUser, json, signIn } from './harness';
import { get, randomVin, saveOneUnit, sendSaved } from './provision-fixtures';
import { financingApp } from './support/financing-app';

/**
 * The account's operator (type 3) sees a provision from Enviada a validar on (issue 16: "the list shows the provision
 * as 'Enviada a validar' for type 5 and for the operator"; decision 031); types 1 and 2 still from Validación (3).
 */
const { t, seeded, groups } = await financingApp('provisions-operator-list', { clients: ['10004'] });
const [a] = groups;
const superToken = await signIn(t.app, (await createUser(seeded.db, 1)).email);

const items = async (token: string, url: string) =>
  json<{ data: { items: ProvisionListItem[] } }>(await get(t.app, token, url)).data.items;

describe('the operator’s list and status 2 (decision 031)', () => {
  it('hides Creada, shows Enviada a validar to the operator only, and every lender from Validación on', async () => {
    const response = await saveOneUnit(t.app, a, 'LC-10004-01', randomVin(), '950.25');
    expect(response.statusCode, response.body).toBe(201);
    const { id } = json<{ data: { id: number } }>(response).data;
    const assigned = `/api/provisions/account-assigned/${a.operator.id}?pageSize=100`;
    const sees = async (token: string, url: string) => (await items(token, url)).some((p) => p.id === id);
    const opens = async (token: string) => (await get(t.app, token, `/api/provisions/${id}`)).statusCode;

    // Creada: the dealer's draft.
    expect(await sees(a.tokens.operator, assigned)).toBe(false);
    expect(await opens(a.tokens.operator)).toBe(404);

    const sent = await sendSaved(t.app, a, id);
    expect(sent.statusCode, sent.body).toBe(200);

    expect((await items(a.tokens.operator, assigned)).find((p) => p.id === id)).toMatchObject({
      status: 2,
      companyName: a.company.name,
      countUnits: 1,
    });
    expect(await opens(a.tokens.operator)).toBe(200);
    expect(await sees(superToken, '/api/provisions?pageSize=100')).toBe(false);
    expect(await opens(superToken)).toBe(404);

    await seeded.db.update(provisions).set({ status: 3 }).where(eq(provisions.id, id));
    expect(await sees(superToken, '/api/provisions?pageSize=100')).toBe(true);
    expect(await sees(a.tokens.operator, assigned)).toBe(true);
  });
});

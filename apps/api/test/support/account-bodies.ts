import type { AccountDetail } from '@planpiso/domain';

/**
 * Bodies of the account wizard's save (POST and PUT /api/accounts, spec 2 §2) for the tests that send them; `tag`
 * keeps the run's e-mails apart from other runs'.
 */
export function accountBodies(tag: string) {
  /** A legal representative of `clientId`, e-mailed as `{name}.{tag}@prueba.planpiso.mx` unless told otherwise. */
  const legal = (name: string, clientId: string, email = `${name.toLowerCase()}.${tag}@prueba.planpiso.mx`) => ({
    firstname: name,
    lastname: 'Representante',
    email,
    phone: '8112345678',
    legalId: `${clientId}-1`,
  });
  /** A company the save adds, with its legal representative. */
  const company = (clientId: string, name: string, person: ReturnType<typeof legal>) => ({
    clientId,
    name,
    legalName: `${name} S.A. de C.V.`,
    legalPerson: person,
  });
  return { legal, company };
}

/** A company an edit keeps as it is (no new legal representative). */
export const keptCompany = (c: AccountDetail['companies'][number]) => ({
  id: c.id,
  clientId: c.clientId,
  name: c.name,
  legalName: c.legalName ?? '',
  legalPerson: null,
});

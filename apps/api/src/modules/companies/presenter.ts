import type { CompanyListItem, CompanyUserAgencies, LastException } from '@planpiso/domain';
import type { CompanyRow, ExceptionRow } from './repository';

/** A company of the list, with its account as `{ id, name }`. */
export const presentCompany = ({ accountName, ...row }: CompanyRow): CompanyListItem => ({
  ...row,
  account: { id: row.accountId, name: accountName },
});

export const presentException = (row: ExceptionRow): LastException => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** Each person with the branches (of this company) it is assigned to. */
export function presentUsersAgencies(
  people: Omit<CompanyUserAgencies, 'agencies'>[],
  links: { userId: number; id: number; name: string }[],
): CompanyUserAgencies[] {
  return people.map((person) => ({
    ...person,
    agencies: links.filter((l) => l.userId === person.id).map(({ userId: _u, ...agency }) => agency),
  }));
}

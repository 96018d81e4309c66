import { USER_TYPE, type CompanyUserAgencies } from '@planpiso/domain';
import { useCompanyPeople } from '../../lib/lookups';

const fullName = (p: Pick<CompanyUserAgencies, 'firstname' | 'lastname'>) => `${p.firstname} ${p.lastname}`;

/**
 * The dealer's people and branches, from the active company (GET /companies/{id}/users-agencies): its operators
 * (type 5) and the user's own branches (spec 3 §6 "Agencies offered are limited to those assigned to the user"); a
 * legal representative assigned to no branch gets every branch of the company.
 */
export function useDealerOptions(userId: number, companyId: number | null) {
  const people = useCompanyPeople(companyId);
  const rows = people.data ?? [];
  const me = rows.find((p) => p.id === userId);
  const branches = new Map<number, string>();
  for (const agency of me?.agencies.length ? me.agencies : rows.flatMap((p) => p.agencies))
    branches.set(agency.id, agency.name);
  return {
    loading: people.isFetching,
    branches: [...branches].map(([id, name]) => ({ value: String(id), label: name })),
    operators: rows
      .filter((p) => p.type === USER_TYPE.AGENCY_OPERATOR)
      .map((p) => ({ value: String(p.id), label: fullName(p) })),
  };
}

import { useController, useWatch, type Control } from 'react-hook-form';
import { roleTypesInUserFilter, showsOrganisationFilters, type UserType } from '@planpiso/domain';
import { DateRange } from '../../components/date-range';
import { FilterBar } from '../../components/filter-bar';
import { TextField } from '../../components/form/text-field';
import { useAgencies, useRolesOfTypes } from '../../lib/lookups';
import { AccountCompanyFilters } from '../../components/form/account-company-filters';
import type { UserFilter } from './api/get-users';
import { FilterSelect } from '../../components/form/filter-select';

type Values = Record<UserFilter, string>;
type Props = { values: Values; onSearch: (values: Values) => void; actorType: UserType };

const ALL = 'Todos';
const idOf = (value: string | null | undefined) => (value ? Number(value) : null);

/** Account, company, agency (hidden for types 2 and 4), role and the created-date range (spec 1 §2.5, §6). */
function AdvancedFilters({ control, actorType }: { control: Control<Values>; actorType: UserType }) {
  const organisation = showsOrganisationFilters(actorType);
  const [account, company] = useWatch({ control, name: ['account', 'company'] });
  const agencies = useAgencies(organisation, { account: idOf(account), company: idOf(company) });
  const roles = useRolesOfTypes(roleTypesInUserFilter(actorType), false);
  // A branch of another company is no choice at all: picking an account or a company clears it.
  const agencyField = useController({ control, name: 'agency' }).field;
  const clearAgency = () => agencyField.onChange('');

  return (
    <>
      {organisation && (
        <>
          <AccountCompanyFilters
            control={control}
            all={ALL}
            onAccountPicked={clearAgency}
            onCompanyPicked={clearAgency}
          />
          <FilterSelect control={control} name="agency" label="Agencia" all={ALL} rows={agencies.data} />
        </>
      )}
      <FilterSelect control={control} name="role" label="Rol" all={ALL} rows={roles.data} />
      <DateRange control={control} from="from" to="to" />
    </>
  );
}

/** The users search (spec 1 §2.5): name and e-mail with Buscar, the rest behind Filtros; all of it in the URL. */
export function UserListFilters({ values, onSearch, actorType }: Props) {
  return (
    <FilterBar
      values={values}
      onSearch={onSearch}
      advanced={(control) => <AdvancedFilters control={control} actorType={actorType} />}
    >
      {(control) => (
        <>
          <TextField control={control} name="name" label="Nombre" size="small" />
          <TextField control={control} name="email" label="Correo" size="small" />
        </>
      )}
    </FilterBar>
  );
}

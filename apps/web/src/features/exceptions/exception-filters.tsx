import { useController, useWatch, type Control } from 'react-hook-form';
import { FINANCING_MESSAGES as M, USER_TYPE } from '@planpiso/domain';
import { DateRangeFields } from '../../components/date-range-fields';
import { FilterBar } from '../../components/filter-bar';
import { SelectField, type SelectOption } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { useAccounts, useCompaniesOfAccount } from '../../lib/lookups';
import type { ExceptionFilter } from './api/exceptions';

type Values = Record<ExceptionFilter, string>;
const ALL = 'Todas';
const toOptions = (rows: readonly { id: number; name: string }[] | undefined): SelectOption[] =>
  (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));

/** Types 2 and 3 (spec 3 §2): the account combo, then the customer combo loaded once an account is chosen. */
function AccountAndCustomer({ control }: { control: Control<Values> }) {
  const account = useWatch({ control, name: 'account' });
  const accounts = useAccounts(true);
  const companies = useCompaniesOfAccount(account ? Number(account) : null);
  const company = useController({ control, name: 'company' }).field;
  return (
    <>
      <SelectField
        control={control}
        name="account"
        label={M.exceptionSelectAccount}
        size="small"
        emptyLabel={ALL}
        options={toOptions(accounts.data)}
        onPicked={() => company.onChange('')}
      />
      <SelectField
        control={control}
        name="company"
        label={M.exceptionSelectCustomer}
        size="small"
        emptyLabel={ALL}
        options={toOptions(companies.data)}
        disabled={!account}
      />
    </>
  );
}

type Props = { userType: number; values: Values; onSearch: (values: Values) => void };

/** The list's search (spec 3 §2): type 5 the exception number and a date range; types 2 and 3 account and customer. */
export function ExceptionFilters({ userType, values, onSearch }: Props) {
  if (userType === USER_TYPE.AGENCY_OPERATOR) {
    return (
      <FilterBar values={values} onSearch={onSearch}>
        {(control) => (
          <>
            <TextField control={control} name="folio" label={M.exceptionNumber} size="small" inputMode="numeric" />
            <DateRangeFields control={control} from="from" to="to" />
          </>
        )}
      </FilterBar>
    );
  }
  return (
    <FilterBar values={values} onSearch={onSearch}>
      {(control) => <AccountAndCustomer control={control} />}
    </FilterBar>
  );
}

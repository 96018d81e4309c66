import { FINANCING_MESSAGES as M, USER_TYPE } from '@planpiso/domain';
import { DateRangeFields } from '../../components/date-range-fields';
import { FilterBar } from '../../components/filter-bar';
import { TextField } from '../../components/form/text-field';
import type { ExceptionFilter } from './api/exceptions';
import { AccountCompanyFilters } from '../../components/form/account-company-filters';

type Values = Record<ExceptionFilter, string>;
const ALL = 'Todas';

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
      {(control) => (
        // Types 2 and 3 (spec 3 §2): the account combo, then the customer combo loaded once an account is chosen.
        <AccountCompanyFilters
          control={control}
          all={ALL}
          labels={{ account: M.exceptionSelectAccount, company: M.exceptionSelectCustomer }}
        />
      )}
    </FilterBar>
  );
}

import { useController, useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useAccounts, useCompaniesOfAccount } from '../../lib/lookups';
import { FilterSelect } from './filter-select';

type Filters = { account: string; company: string };

type Props<T extends FieldValues & Filters> = {
  control: Control<T>;
  /** The first choice of both combos, which leaves the filter off ('Todas', 'Todos'). */
  all: string;
  labels?: { account: string; company: string };
  /** Which of the two combos the caller's type sees (and so which look-ups are asked for). */
  shows?: { account: boolean; company: boolean };
  /** What else a pick clears, beside the company an account pick clears (a branch of the company just left). */
  onAccountPicked?: () => void;
  onCompanyPicked?: () => void;
};

const BOTH = { account: true, company: true };
const LABELS = { account: 'Cuenta', company: 'Compañía' };

/**
 * A list's account and company filters: the company combo offers the chosen account's companies, none until one is
 * chosen, and picking an account clears the company (one of another account is no choice at all).
 */
export function AccountCompanyFilters<T extends FieldValues & Filters>({
  control,
  all,
  labels = LABELS,
  shows = BOTH,
  onAccountPicked,
  onCompanyPicked,
}: Props<T>) {
  const account = useWatch({ control, name: 'account' as FieldPath<T> }) as string;
  const accounts = useAccounts(shows.account);
  const companies = useCompaniesOfAccount(shows.company && account ? Number(account) : null);
  const company = useController({ control, name: 'company' as FieldPath<T> }).field;
  return (
    <>
      {shows.account && (
        <FilterSelect
          control={control}
          name={'account' as FieldPath<T>}
          label={labels.account}
          all={all}
          rows={accounts.data}
          onPicked={() => {
            company.onChange('');
            onAccountPicked?.();
          }}
        />
      )}
      {shows.company && (
        <FilterSelect
          control={control}
          name={'company' as FieldPath<T>}
          label={labels.company}
          all={all}
          rows={companies.data}
          disabled={!account}
          onPicked={onCompanyPicked}
        />
      )}
    </>
  );
}

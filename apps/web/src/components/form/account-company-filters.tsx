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
  // The two combos differ only in what they offer and what a pick clears.
  const combos = [
    {
      name: 'account' as const,
      rows: accounts.data,
      disabled: false,
      onPicked: () => {
        company.onChange('');
        onAccountPicked?.();
      },
    },
    { name: 'company' as const, rows: companies.data, disabled: !account, onPicked: onCompanyPicked },
  ];
  return (
    <>
      {combos
        .filter((combo) => shows[combo.name])
        .map((combo) => (
          <FilterSelect
            key={combo.name}
            control={control}
            name={combo.name as FieldPath<T>}
            label={labels[combo.name]}
            all={all}
            rows={combo.rows}
            disabled={combo.disabled}
            onPicked={combo.onPicked}
          />
        ))}
    </>
  );
}

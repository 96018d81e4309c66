import type { FieldValues } from 'react-hook-form';
import { SelectField, type SelectFieldProps } from './select-field';

type Named = { id: number; name: string };

type Props<T extends FieldValues> = Omit<SelectFieldProps<T>, 'options' | 'size' | 'emptyLabel'> & {
  /** The records to choose from (accounts, companies, roles, …), by id and name; none while they load. */
  rows: readonly Named[] | undefined;
  /** The first choice, which leaves the filter off ('Todas', 'Todos'). */
  all: string;
};

/** A list filter's combo over named records: small, "all" first, each record's id as the URL value. */
export function FilterSelect<T extends FieldValues>({ rows, all, ...field }: Props<T>) {
  const options = (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  return <SelectField {...field} size="small" emptyLabel={all} options={options} />;
}

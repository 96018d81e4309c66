import type { Control } from 'react-hook-form';
import { provisionListFilters, provisionStatusOptions, type UserType } from '@planpiso/domain';
import { DateRange } from '../../components/date-range';
import { FilterBar } from '../../components/filter-bar';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import type { ProvisionFilter } from './api/provisions-list';
import { BranchPicker, OperatorPicker } from './provisions-list-pickers';

/** The bar's filters: everything in the URL but the credit line, which the selector above the list owns. */
export type BarFilter = Exclude<ProvisionFilter, 'creditLine'>;
type Values = Record<BarFilter, string>;
type Viewer = { id: number; type: UserType; companyId: number | null };
type Props = { values: Values; onSearch: (values: Values) => void; viewer: Viewer };

// The pickers are typed over every list filter; the bar's form holds all but the credit line.
type AnyControl = Control<Record<ProvisionFilter, string>>;

/** Operator, status and the date range, behind 'Filtros' (spec 3 §2 "under more filters"). */
function AdvancedFilters({ control, viewer }: { control: Control<Values>; viewer: Viewer }) {
  const statuses = provisionStatusOptions(viewer.type).map((o) => ({ value: o.value, label: o.label }));
  return (
    <>
      <OperatorPicker control={control as unknown as AnyControl} viewer={viewer} />
      <SelectField control={control} name="status" label="Estatus" size="small" emptyLabel="Todos" options={statuses} />
      <DateRange control={control} from="from" to="to" />
    </>
  );
}

/**
 * The provisions search (spec 3 §2 "Filters"): the number for everyone, the customer name for the lender's types 1 and
 * 3, the branch for the dealer roles; operator, status and dates behind Filtros. All of it in the URL.
 */
export function ProvisionListFilters({ values, onSearch, viewer }: Props) {
  const shown = provisionListFilters(viewer.type);
  return (
    <FilterBar
      values={values}
      onSearch={onSearch}
      advanced={(control) => <AdvancedFilters control={control} viewer={viewer} />}
    >
      {(control) => (
        <>
          <TextField control={control} name="folio" label="N° de disposición" size="small" inputMode="numeric" />
          {shown.customer && <TextField control={control} name="companyName" label="Cliente" size="small" />}
          {shown.branch && <BranchPicker control={control as unknown as AnyControl} viewer={viewer} />}
        </>
      )}
    </FilterBar>
  );
}

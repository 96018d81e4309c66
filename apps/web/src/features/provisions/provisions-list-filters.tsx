import { Suspense, lazy } from 'react';
import { useController, type Control } from 'react-hook-form';
import { provisionListFilters, type UserType } from '@planpiso/domain';
import { FilterBar } from '../../components/filter-bar';
import { ChoiceSelect } from '../../components/form/choice-select';
import { TextField } from '../../components/form/text-field';
import type { ProvisionFilter } from './api/provisions-list';
import { useDealerOptions } from './provisions-list-dealer-options';

/** The bar's filters: everything in the URL but the credit line, which the selector above the list owns. */
export type BarFilter = Exclude<ProvisionFilter, 'creditLine'>;
type Values = Record<BarFilter, string>;
type Viewer = { id: number; type: UserType; companyId: number | null };
type Props = { values: Values; onSearch: (values: Values) => void; viewer: Viewer };

const AdvancedFilters = lazy(async () => ({
  default: (await import('./provisions-list-advanced-filters')).AdvancedFilters,
}));

/**
 * Branch (dealer roles, spec 3 §2): the user's own branches, a handful, in a native select — a phone's own picker,
 * and no autocomplete in the list's first load (issue 31).
 */
function BranchSelect({ control, viewer }: { control: Control<Values>; viewer: Viewer }) {
  const { branches } = useDealerOptions(viewer.id, viewer.companyId);
  const { field } = useController({ control, name: 'agency' });
  return (
    <ChoiceSelect
      label="Sucursal"
      name="agency"
      size="small"
      choices={branches}
      value={field.value}
      onChoose={field.onChange}
      noneLabel="Todas"
    />
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
      advanced={(control) => (
        <Suspense fallback={null}>
          <AdvancedFilters control={control} viewer={viewer} />
        </Suspense>
      )}
    >
      {(control) => (
        <>
          <TextField control={control} name="folio" label="N° de disposición" size="small" inputMode="numeric" />
          {shown.customer && <TextField control={control} name="companyName" label="Cliente" size="small" />}
          {shown.branch && <BranchSelect control={control} viewer={viewer} />}
        </>
      )}
    </FilterBar>
  );
}

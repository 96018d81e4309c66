import type { SessionUser } from '@planpiso/domain';
import { FilterBar } from '../../components/filter-bar';
import { SelectField, type SelectOption } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { useAssignedCompanies } from '../../lib/lookups';
import type { RefinancingUnitFilter } from './api/refinancing-units';

type Values = Record<RefinancingUnitFilter, string>;
type Props = { user: SessionUser; lender: boolean; values: Values; onSearch: (values: Values) => void };

const SOLD_OPTIONS: SelectOption[] = [{ value: 'true', label: 'Vendidas' }];

/**
 * The search of /refinanciamientos/unidades (spec 3 §2): company, N° VIN and N° Motor; behind Filtros the credit
 * line and sold / not sold (not sold unless chosen). The lender's operator picks among the companies of the accounts
 * it operates; a dealer among its own.
 */
export function RefinancingUnitsFilters({ user, lender, values, onSearch }: Props) {
  const assigned = useAssignedCompanies(user.id, lender);
  const companies: SelectOption[] = lender
    ? (assigned.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))
    : user.companies.map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <FilterBar
      values={values}
      onSearch={onSearch}
      advanced={(control) => (
        <>
          <TextField control={control} name="creditLine" label="Línea de crédito" size="small" />
          <SelectField
            control={control}
            name="isSold"
            label="Vendidas / no vendidas"
            size="small"
            emptyLabel="No vendidas"
            placeholder="No vendidas"
            options={SOLD_OPTIONS}
          />
        </>
      )}
    >
      {(control) => (
        <>
          <SelectField
            control={control}
            name="company"
            label="Compañía"
            size="small"
            emptyLabel="Todas"
            placeholder="Todas"
            options={companies}
          />
          <TextField control={control} name="vinNumber" label="N° VIN" size="small" />
          <TextField control={control} name="motorNumber" label="N° Motor" size="small" />
        </>
      )}
    </FilterBar>
  );
}

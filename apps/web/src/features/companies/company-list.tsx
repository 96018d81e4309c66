import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import type { CompanyListItem } from '@planpiso/domain';
import { DateRange } from '../../components/date-range';
import { FilterBar } from '../../components/filter-bar';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { dateColumn } from '../../components/grid-columns';
import { PagedGrid } from '../../components/paged-grid';
import { useUrlListState } from '../../components/use-url-list-state';
import { useAccounts } from '../../lib/lookups';
import { COMPANY_LIST, useCompanyList } from './api/companies';
import { CompanyUsersDialog } from './company-users-dialog';

type Row = CompanyListItem;

/** /companias, Compañías (spec 2 §2): read-only; Nombre, Empresa, Fecha, Acciones ('Usuarios asignados'). */
export function CompanyListPage() {
  const list = useUrlListState(COMPANY_LIST);
  const companies = useCompanyList(list.query);
  const accounts = useAccounts(true);
  const [usersOf, setUsersOf] = useState<Row | null>(null);
  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      { field: 'name', headerName: 'Nombre', flex: 1, minWidth: 200 },
      {
        field: 'legalName',
        headerName: 'Empresa',
        flex: 1.3,
        minWidth: 240,
        valueGetter: (_v, row) => row.legalName ?? '',
      },
      dateColumn<Row>('createdAt', 'Fecha', { minWidth: 120 }),
      {
        field: 'actions',
        headerName: 'Acciones',
        sortable: false,
        minWidth: 170,
        renderCell: ({ row }) => (
          <Button size="small" onClick={() => setUsersOf(row)} aria-label={`Usuarios asignados de ${row.name}`}>
            Usuarios asignados
          </Button>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <FilterBar values={list.filters} onSearch={list.setFilters}>
        {(control) => (
          <>
            <TextField control={control} name="name" label="Nombre" size="small" />
            <SelectField
              control={control}
              name="account"
              label="Cuenta"
              size="small"
              emptyLabel="Todas"
              options={(accounts.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            />
            <DateRange control={control} from="from" to="to" />
          </>
        )}
      </FilterBar>
      <PagedGrid
        label="Compañías"
        columns={columns}
        rows={companies.data?.items}
        total={companies.data?.total}
        totalIsEstimate={companies.data?.totalIsEstimate}
        loading={companies.isFetching}
        error={companies.isError}
        onRetry={() => void companies.refetch()}
        list={list}
        disableVirtualization
      />
      {usersOf && <CompanyUsersDialog company={usersOf} onClose={() => setUsersOf(null)} />}
    </>
  );
}

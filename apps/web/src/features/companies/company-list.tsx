import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import type { GridColumn } from '../../components/grid-column';
import type { CompanyListItem } from '@planpiso/domain';
import { DateRange } from '../../components/date-range';
import { FilterBar } from '../../components/filter-bar';
import { TextField } from '../../components/form/text-field';
import { dateColumn, actionsColumn } from '../../components/grid-columns';
import { PagedGrid } from '../../components/paged-grid';
import { useUrlListState } from '../../components/use-url-list-state';
import { useAccounts } from '../../lib/lookups';
import { COMPANY_LIST, useCompanyList } from './api/companies';
import { CompanyUsersDialog } from './company-users-dialog';
import { gridQuery } from '../../lib/server-list';
import { FilterSelect } from '../../components/form/filter-select';

type Row = CompanyListItem;

/** /companias, Compañías (spec 2 §2): read-only; Nombre, Empresa, Fecha, Acciones ('Usuarios asignados'). */
export function CompanyListPage() {
  const list = useUrlListState(COMPANY_LIST);
  const companies = useCompanyList(list.query);
  const accounts = useAccounts(true);
  const [usersOf, setUsersOf] = useState<Row | null>(null);
  const columns = useMemo<GridColumn<Row>[]>(
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
      actionsColumn(170, ({ row }) => (
        <Button size="small" onClick={() => setUsersOf(row)} aria-label={`Usuarios asignados de ${row.name}`}>
          Usuarios asignados
        </Button>
      )),
    ],
    [],
  );

  return (
    <>
      <FilterBar values={list.filters} onSearch={list.setFilters}>
        {(control) => (
          <>
            <TextField control={control} name="name" label="Nombre" size="small" />
            <FilterSelect control={control} name="account" label="Cuenta" all="Todas" rows={accounts.data} />
            <DateRange control={control} from="from" to="to" />
          </>
        )}
      </FilterBar>
      <PagedGrid label="Compañías" columns={columns} {...gridQuery(companies)} list={list} />
      {usersOf && <CompanyUsersDialog company={usersOf} onClose={() => setUsersOf(null)} />}
    </>
  );
}

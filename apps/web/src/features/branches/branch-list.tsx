import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Edit from '@mui/icons-material/Edit';
import Group from '@mui/icons-material/GroupOutlined';
import type { GridColumn } from '../../components/grid-column';
import { ORGANISATION_MESSAGES, branchListFor, type AgencyLookupItem } from '@planpiso/domain';
import { DateRange } from '../../components/date-range';
import { FilterBar } from '../../components/filter-bar';
import { TextField } from '../../components/form/text-field';
import { dateColumn, actionsColumn } from '../../components/grid-columns';
import { statusColumn } from '../../components/status-column';
import { PagedGrid } from '../../components/paged-grid';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useUrlListState } from '../../components/use-url-list-state';
import { useUserType } from '../../lib/can';
import { BRANCH_LIST, useBranches, useSetBranchActive } from './api/branches';
import { BranchUsersDialog } from './branch-users-dialog';
import { IconAction } from '../../components/icon-action';
import { gridQuery } from '../../lib/server-list';
import { AccountCompanyFilters } from '../../components/form/account-company-filters';

type Row = AgencyLookupItem;
type Shows = ReturnType<typeof branchListFor>;

function columns(shows: Shows, on: { edit: (r: Row) => void; users: (r: Row) => void; toggle: (r: Row) => void }) {
  const list: GridColumn<Row>[] = [
    {
      field: 'name',
      headerName: 'Nombre',
      flex: 1,
      minWidth: 200,
      // An inactive branch is marked for everyone: type 4 has no status column to tell (spec 2 §2).
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ height: '100%', alignItems: 'center' }}>
          <span>{row.name}</span>
          {!row.isActive && <Chip label={ORGANISATION_MESSAGES.branchInactive} size="small" variant="outlined" />}
        </Stack>
      ),
    },
    { field: 'company', headerName: 'Compañía', flex: 1, minWidth: 180, valueGetter: (_v, row) => row.company.name },
    dateColumn<Row>('createdAt', 'Fecha', { minWidth: 120 }),
    actionsColumn(120, ({ row }) => (
      <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
        {shows.edit && (
          <IconAction
            title="Editar"
            label={`Editar ${row.name}`}
            icon={<Edit fontSize="small" />}
            onClick={() => on.edit(row)}
          />
        )}
        <IconAction
          title="Usuarios asignados"
          label={`Usuarios asignados de ${row.name}`}
          icon={<Group fontSize="small" />}
          onClick={() => on.users(row)}
        />
      </Stack>
    )),
  ];
  if (shows.statusToggle) {
    list.push(statusColumn((row) => row.name, on.toggle));
  }
  return list;
}

/** /sucursales (spec 2 "Branches"): name, company, created day, actions, status; filters per user type. */
export function BranchListPage() {
  const type = useUserType();
  const shows = branchListFor(type ?? 4);
  const navigate = useNavigate();
  const list = useUrlListState(BRANCH_LIST);
  const branches = useBranches(list.query);
  const setActive = useSetBranchActive();
  const [usersOf, setUsersOf] = useState<Row | null>(null);
  const toggle = useConfirmedAction<Row>({
    run: (row) => setActive.mutateAsync({ id: row.id, active: !row.isActive }),
    prompt: () => ({ message: ORGANISATION_MESSAGES.confirmBranchStatus }),
    success: (_row, message) => ({ message: message ?? ORGANISATION_MESSAGES.branchStatusChanged }),
  });
  const { ask } = toggle;
  const cols = useMemo(
    () =>
      columns(shows, {
        edit: (row) => void navigate(`/editar-sucursal/${row.id}`),
        users: setUsersOf,
        toggle: ask,
      }),
    // `shows` is derived from the type, stable for the session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [type, navigate, ask],
  );

  return (
    <>
      <FilterBar values={list.filters} onSearch={list.setFilters}>
        {(control) => (
          <>
            <TextField control={control} name="name" label="Nombre" size="small" />
            {/* Account (hidden for type 4) and company (types 1 and 2). */}
            <AccountCompanyFilters
              control={control}
              all="Todas"
              shows={{ account: shows.accountFilter, company: shows.companyFilter }}
            />
            <DateRange control={control} from="from" to="to" />
          </>
        )}
      </FilterBar>
      <PagedGrid label="Sucursales" columns={cols} {...gridQuery(branches)} list={list} />
      {toggle.dialogs}
      {usersOf && <BranchUsersDialog branch={usersOf} onClose={() => setUsersOf(null)} />}
    </>
  );
}

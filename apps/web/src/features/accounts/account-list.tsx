import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Archive from '@mui/icons-material/ArchiveOutlined';
import Edit from '@mui/icons-material/Edit';
import ManageAccounts from '@mui/icons-material/ManageAccountsOutlined';
import Settings from '@mui/icons-material/SettingsOutlined';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import type { GridColumn } from '../../components/grid-column';
import {
  ACCOUNT_TYPE,
  ORGANISATION_MESSAGES,
  accountListFor,
  accountTypeLabel,
  type AccountLookupItem,
} from '@planpiso/domain';
import { DateRange } from '../../components/date-range';
import { FilterBar } from '../../components/filter-bar';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { dateColumn, actionsColumn } from '../../components/grid-columns';
import { statusColumn } from '../../components/status-column';
import { PagedGrid } from '../../components/paged-grid';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useUrlListState } from '../../components/use-url-list-state';
import { useUserType } from '../../lib/can';
import { ACCOUNT_LIST, useAccountChange, useAccountList, useOperators, type AccountChange } from './api/accounts';
import { AccountCompaniesDialog, EditOperatorDialog } from './account-dialogs';
import { IconAction } from '../../components/icon-action';
import { gridQuery } from '../../lib/server-list';

type Row = AccountLookupItem;
type Shows = ReturnType<typeof accountListFor>;
type Handlers = {
  companies: (row: Row, withDetails: boolean) => void;
  operator: (row: Row) => void;
  change: (change: AccountChange, row: Row) => void;
  navigate: (path: string) => void;
};

function actionButton(label: string, icon: ReactNode, onClick: () => void) {
  return <IconAction key={label} title={label.split(' ')[0]!} label={label} icon={icon} onClick={onClick} />;
}

function accountColumns(shows: Shows, on: Handlers): GridColumn<Row>[] {
  const columns: GridColumn<Row>[] = [{ field: 'name', headerName: 'Nombre', flex: 1.2, minWidth: 220 }];
  if (shows.operatorColumn) {
    columns.push({
      field: 'operator',
      headerName: 'Operador Finbe',
      flex: 1,
      minWidth: 170,
      sortable: false,
      valueGetter: (_v, row) => row.operator?.name ?? 'Sin asignar',
    });
  }
  columns.push(
    {
      field: 'type',
      headerName: 'Tipo',
      minWidth: 170,
      renderCell: ({ row }) =>
        row.type === ACCOUNT_TYPE.HOLDING ? (
          // spec 2 §2: clicking Holding opens a modal of its companies.
          <Button size="small" onClick={() => on.companies(row, false)} aria-label={`Holding: empresas de ${row.name}`}>
            Holding
          </Button>
        ) : (
          accountTypeLabel(row.type)
        ),
    },
    dateColumn<Row>('createdAt', 'Fecha', { minWidth: 120 }),
    actionsColumn(150, ({ row }) => (
      <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
        {shows.edit &&
          actionButton(`Editar ${row.name}`, <Edit fontSize="small" />, () => on.navigate(`/editar-cuenta/${row.id}`))}
        {shows.configure &&
          actionButton(`Configurar ${row.name}`, <Settings fontSize="small" />, () =>
            on.navigate(`/configurar-cuenta/${row.id}`),
          )}
        {shows.view && actionButton(`Ver ${row.name}`, <Visibility fontSize="small" />, () => on.companies(row, true))}
        {shows.editOperator &&
          actionButton(`Operador de ${row.name}`, <ManageAccounts fontSize="small" />, () => on.operator(row))}
        {shows.archive &&
          actionButton(`Archivar ${row.name}`, <Archive fontSize="small" />, () =>
            on.change({ kind: 'archive', id: row.id }, row),
          )}
      </Stack>
    )),
  );
  if (shows.statusToggle) {
    columns.push(
      statusColumn(
        (row) => row.name,
        (row) => on.change({ kind: 'status', id: row.id, active: !row.isActive }, row),
      ),
    );
  }
  return columns;
}

const PROMPTS = {
  status: ORGANISATION_MESSAGES.confirmAccountStatus,
  archive: ORGANISATION_MESSAGES.confirmArchiveAccount,
  operator: ORGANISATION_MESSAGES.confirmAccountOperator,
} as const;

/**
 * /cuentas (spec 2 "Accounts"): columns and actions by user type — operator column and view for types 1 and 2,
 * the edit-operator modal for type 1, edit, configure, archive and status for type 3.
 */
export function AccountListPage() {
  const type = useUserType();
  const shows = accountListFor(type ?? 3);
  const navigate = useNavigate();
  const list = useUrlListState(ACCOUNT_LIST);
  const accounts = useAccountList(list.query);
  const operators = useOperators(shows.operatorFilter);
  const change = useAccountChange();
  const [companiesOf, setCompaniesOf] = useState<{ row: Row; withDetails: boolean } | null>(null);
  const [operatorOf, setOperatorOf] = useState<Row | null>(null);
  const flow = useConfirmedAction<AccountChange>({
    run: (c) => change.mutateAsync(c),
    prompt: (c) => ({ message: PROMPTS[c.kind] }),
    onAccepted: () => setOperatorOf(null),
  });
  const { ask } = flow;
  const columns = useMemo(
    () =>
      accountColumns(shows, {
        companies: (row, withDetails) => setCompaniesOf({ row, withDetails }),
        operator: setOperatorOf,
        change: (c) => ask(c),
        navigate: (path) => void navigate(path),
      }),
    // `shows` follows the user type.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [type, ask, navigate],
  );

  return (
    <>
      <FilterBar values={list.filters} onSearch={list.setFilters}>
        {(control) => (
          <>
            <TextField control={control} name="name" label="Nombre" size="small" />
            <SelectField
              control={control}
              name="type"
              label="Tipo"
              size="small"
              emptyLabel="Todos"
              options={[
                { value: '1', label: accountTypeLabel(1) },
                { value: '2', label: accountTypeLabel(2) },
              ]}
            />
            {shows.operatorFilter && (
              <SelectField
                control={control}
                name="assigned"
                label="Operador"
                size="small"
                emptyLabel="Todos"
                options={(operators.data ?? []).map((o) => ({
                  value: String(o.id),
                  label: `${o.firstname} ${o.lastname}`,
                }))}
              />
            )}
            <DateRange control={control} from="from" to="to" />
          </>
        )}
      </FilterBar>
      <PagedGrid label="Cuentas" columns={columns} {...gridQuery(accounts)} list={list} />
      {companiesOf && (
        <AccountCompaniesDialog
          account={companiesOf.row}
          withDetails={companiesOf.withDetails}
          onClose={() => setCompaniesOf(null)}
        />
      )}
      {operatorOf && (
        <EditOperatorDialog
          account={operatorOf}
          onSave={(userId) => ask({ kind: 'operator', id: operatorOf.id, userId })}
          onClose={() => setOperatorOf(null)}
        />
      )}
      {flow.dialogs}
    </>
  );
}

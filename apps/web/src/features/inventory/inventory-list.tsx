import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { GridColumn } from '../../components/grid-column';
import { INVENTORY_MESSAGES, USER_TYPE, type InventoryRow } from '@planpiso/domain';
import { DateRange } from '../../components/date-range';
import { FilterBar } from '../../components/filter-bar';
import { SelectField } from '../../components/form/select-field';
import { PagedGrid } from '../../components/paged-grid';
import { useUrlListState } from '../../components/use-url-list-state';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { useSession } from '../../lib/session';
import { INVENTORY_LIST, useInventory, useInventoryClients } from './api/get-inventory';
import { gridQuery } from '../../lib/server-list';

/** Spec 3 §2: credit number, model, VIN, term and credit end date (dd/MM/yyyy, spec 3 §9). */
const COLUMNS: GridColumn<InventoryRow>[] = [
  { field: 'noCredito', headerName: 'N° de crédito', flex: 1, minWidth: 140 },
  { field: 'modelo', headerName: 'Modelo', minWidth: 100 },
  { field: 'vin', headerName: 'N° VIN', flex: 1.3, minWidth: 200 },
  {
    field: 'plazo',
    headerName: 'Plazo',
    minWidth: 110,
    valueFormatter: (value: number) => `${value} ${value === 1 ? 'mes' : 'meses'}`,
  },
  {
    field: 'finCredito',
    headerName: 'Fin de crédito',
    minWidth: 140,
    valueFormatter: (value: string) => formatDate(value),
  },
];

const rowId = (row: InventoryRow) => row.noCredito;

/**
 * /inventario (spec 3 "Credit inventory", issue 18, decision 042): the CRM's credits of one client, filtered by the
 * day they started. A dealer (types 4, 5) sees its active company's; the lender's operator (type 3) first picks one
 * of the clients of the accounts it operates. Paged and sorted by the server, noCredito ascending by default.
 */
export function InventoryListPage() {
  const session = useSession();
  const operator = session?.user.type === USER_TYPE.PROVIDER_OPERATOR;
  const list = useUrlListState(INVENTORY_LIST);
  const inventory = useInventory(list.query);
  const clients = useInventoryClients(session?.user.id ?? 0, operator);

  const clientOptions = useMemo(
    () =>
      (clients.data ?? [])
        .filter((client) => client.clientId)
        .map((client) => ({ value: client.clientId!, label: `${client.name} (${client.clientId})` })),
    [clients.data],
  );
  const failure = inventory.error instanceof ApiError ? inventory.error : null;

  return (
    <>
      <FilterBar values={list.filters} onSearch={list.setFilters}>
        {(control) => (
          <>
            {operator && (
              <SelectField
                control={control}
                name="clientNumber"
                label={INVENTORY_MESSAGES.client}
                placeholder="Seleccione un cliente"
                options={clientOptions}
                size="small"
              />
            )}
            <DateRange control={control} from="from" to="to" />
          </>
        )}
      </FilterBar>
      {operator && !list.filters.clientNumber && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {INVENTORY_MESSAGES.selectClient}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <AlertTitle>{failure.message}</AlertTitle>
          {failure.detail}
        </Alert>
      )}
      <PagedGrid label="Inventario" columns={COLUMNS} {...gridQuery(inventory)} list={list} getRowId={rowId} />
    </>
  );
}

import { useMemo, type ReactElement } from 'react';
import Stack from '@mui/material/Stack';
import CloudUpload from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Replay from '@mui/icons-material/Replay';
import type { GridColumn } from '../../components/grid-column';
import {
  CONFIGURATION_MESSAGES,
  CREDIT_FAILURE_MACHINE,
  actionsFor,
  type CreditFailureAction,
  type CreditFailureResponse,
  type StateActor,
  shownFolio,
} from '@planpiso/domain';
import { DateRange } from '../../components/date-range';
import { IconAction } from '../../components/icon-action';
import { FilterBar } from '../../components/filter-bar';
import { TextField } from '../../components/form/text-field';
import { PagedGrid } from '../../components/paged-grid';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useUrlListState } from '../../components/use-url-list-state';
import { useStateActor } from '../../lib/can';
import { useActOnCreditFailure } from './api/act-on-credit-failure';
import { CREDIT_FAILURE_LIST, useCreditFailures } from './api/get-credit-failures';
import { gridQuery } from '../../lib/server-list';
import { actionsColumn } from '../../components/grid-columns';

/** What each action asks before it runs (spec 2 §8 gives Remover's words; the other two are ours). */
const PROMPTS: Record<CreditFailureAction, { title: string; message: string }> = {
  retry: { title: 'Reintentar', message: '¿Seguro que desea poner la unidad en la cola de inserción?' },
  insert: { title: 'Insertar', message: '¿Seguro que desea insertar la unidad en CRM?' },
  archive: {
    title: CONFIGURATION_MESSAGES.creditFailureRemoveTitle,
    message: CONFIGURATION_MESSAGES.creditFailureRemoveConfirm,
  },
};

const BUTTONS: Record<CreditFailureAction, { label: string; icon: ReactElement }> = {
  retry: { label: 'Reintentar', icon: <Replay fontSize="small" /> },
  insert: { label: 'Insertar', icon: <CloudUpload fontSize="small" /> },
  archive: { label: 'Remover', icon: <DeleteOutline fontSize="small" /> },
};

/** 'dd/MM/yyyy HH:mm' split on the space into Fecha and Hora (spec 2 §2). */
const part = (lastDate: string, index: 0 | 1) => lastDate.split(' ')[index] ?? '';

function creditFailureColumns(
  actor: StateActor,
  onAction: (row: CreditFailureResponse, action: CreditFailureAction) => void,
) {
  const columns: GridColumn<CreditFailureResponse>[] = [
    {
      field: 'folio',
      headerName: 'Folio',
      minWidth: 110,
      // The manual folio when the provision uses one (spec 2 §2).
      valueGetter: (_value, row) => shownFolio(row),
    },
    { field: 'legalName', headerName: 'Cliente', flex: 1.3, minWidth: 200 },
    { field: 'type', headerName: 'Tipo', minWidth: 110, sortable: false },
    { field: 'creditLine', headerName: 'Línea de crédito', minWidth: 150 },
    { field: 'vinNumer', headerName: 'N° VIN', flex: 1, minWidth: 190 },
    {
      field: 'lastDate',
      headerName: 'Fecha',
      minWidth: 110,
      valueGetter: (_value, row) => part(row.lastDate, 0),
    },
    {
      field: 'hour',
      headerName: 'Hora',
      minWidth: 80,
      sortable: false,
      valueGetter: (_v, row) => part(row.lastDate, 1),
    },
    actionsColumn(150, ({ row }) => (
      <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
        {/* The credit-failure machine says which actions the row allows, as the server does. */}
        {actionsFor(CREDIT_FAILURE_MACHINE, actor, row).map((action) => {
          const { label, icon } = BUTTONS[action];
          return (
            <IconAction
              key={action}
              title={label}
              label={`${label} ${row.vinNumer}`}
              icon={icon}
              onClick={() => onAction(row, action)}
            />
          );
        })}
      </Stack>
    )),
  ];
  return columns;
}

/**
 * /creditos-fallos (spec 2 "Credit failures"): units the CRM did not take, with Reintentar (next insertion cycle),
 * Insertar (now) and Remover (out of the queue of attempts). Filters folio and the day of the last attempt; paged
 * and sorted by the server (the original paged on the client).
 */
export function CreditFailureListPage() {
  const list = useUrlListState(CREDIT_FAILURE_LIST);
  const failures = useCreditFailures(list.query);
  const act = useActOnCreditFailure();
  const actor = useStateActor();
  const action = useConfirmedAction<{ row: CreditFailureResponse; action: CreditFailureAction }>({
    run: ({ row, action: chosen }) => act.mutateAsync({ id: row.id, action: chosen, version: row.version }),
    prompt: ({ action: chosen }) => PROMPTS[chosen],
  });
  const { ask } = action;
  const columns = useMemo(
    () => (actor === null ? [] : creditFailureColumns(actor, (row, chosen) => ask({ row, action: chosen }))),
    [actor, ask],
  );

  return (
    <>
      <FilterBar values={list.filters} onSearch={list.setFilters}>
        {(control) => (
          <>
            <TextField control={control} name="folio" label="Folio" size="small" />
            <DateRange control={control} from="from" to="to" />
          </>
        )}
      </FilterBar>
      <PagedGrid label="Créditos con fallos" columns={columns} {...gridQuery(failures)} list={list} />
      {action.dialogs}
    </>
  );
}

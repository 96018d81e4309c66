import { useMemo } from 'react';
import Button from '@mui/material/Button';
import type { GridColumn } from '../../components/grid-column';
import { type NonWorkingDayResponse, CONFIGURATION_MESSAGES } from '@planpiso/domain';
import { dateColumn, actionsColumn } from '../../components/grid-columns';
import { PagedGrid } from '../../components/paged-grid';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useUrlListState } from '../../components/use-url-list-state';
import { NON_WORKING_DAY_LIST, useNonWorkingDays } from './api/get-non-working-days';
import { useDeleteNonWorkingDay } from './api/save-non-working-day';
import { gridQuery } from '../../lib/server-list';

function nonWorkingDayColumns(onDelete: (day: NonWorkingDayResponse) => void): GridColumn<NonWorkingDayResponse>[] {
  return [
    dateColumn<NonWorkingDayResponse>('date', 'Fecha', { minWidth: 130 }),
    { field: 'reason', headerName: 'Motivo', flex: 1, minWidth: 240 },
    dateColumn<NonWorkingDayResponse>('createdAt', 'Fecha de alta', { minWidth: 140 }),
    actionsColumn(130, ({ row }) => (
      <Button size="small" color="error" aria-label={`Eliminar ${row.reason}`} onClick={() => onDelete(row)}>
        Eliminar
      </Button>
    )),
  ];
}

/** /dias-inhabiles (spec 2 §2): Fecha, Motivo, Fecha de alta and Eliminar; Crear Nuevo is in the title bar. */
export function NonWorkingDayListPage() {
  const list = useUrlListState(NON_WORKING_DAY_LIST);
  const days = useNonWorkingDays(list.query);
  const remove = useDeleteNonWorkingDay();
  const action = useConfirmedAction<NonWorkingDayResponse>({
    run: (day) => remove.mutateAsync(day.id),
    prompt: () => ({ message: CONFIGURATION_MESSAGES.confirmDeleteNonWorkingDay }),
    success: (_day, message) => ({ message: message ?? CONFIGURATION_MESSAGES.nonWorkingDayDeleted }),
  });
  const { ask } = action;
  const columns = useMemo(() => nonWorkingDayColumns(ask), [ask]);

  return (
    <>
      <PagedGrid label="Días inhábiles" columns={columns} {...gridQuery(days)} list={list} />
      {action.dialogs}
    </>
  );
}

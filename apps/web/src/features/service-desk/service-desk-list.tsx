import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import Stack from '@mui/material/Stack';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import type { GridColumn } from '../../components/grid-column';
import { type ServiceDeskEmailResponse, CONFIGURATION_MESSAGES } from '@planpiso/domain';
import { FilterBar } from '../../components/filter-bar';
import { TextField } from '../../components/form/text-field';
import { dateColumn, actionsColumn } from '../../components/grid-columns';
import { PagedGrid } from '../../components/paged-grid';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useUrlListState } from '../../components/use-url-list-state';
import { SERVICE_DESK_LIST, useServiceDeskEmails } from './api/get-service-desk-emails';
import { useDeleteServiceDeskEmail } from './api/save-service-desk-email';
import { IconAction } from '../../components/icon-action';
import { gridQuery } from '../../lib/server-list';

type Row = ServiceDeskEmailResponse;

function serviceDeskColumns(onEdit: (row: Row) => void, onDelete: (row: Row) => void): GridColumn<Row>[] {
  return [
    { field: 'email', headerName: 'Email', flex: 1, minWidth: 260 },
    dateColumn<Row>('createdAt', 'Fecha', { minWidth: 130 }),
    actionsColumn(120, ({ row }) => (
      <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
        <IconAction
          title="Editar"
          label={`Editar ${row.email}`}
          icon={<Edit fontSize="small" />}
          onClick={() => onEdit(row)}
        />
        <IconAction
          title="Eliminar"
          label={`Eliminar ${row.email}`}
          icon={<DeleteOutlined fontSize="small" />}
          onClick={() => onDelete(row)}
        />
      </Stack>
    )),
  ];
}

/** /emails-mesa-servicio (spec 2 §2): Email, Fecha, Acciones (Editar, Eliminar), a filter by e-mail. */
export function ServiceDeskListPage() {
  const navigate = useNavigate();
  const list = useUrlListState(SERVICE_DESK_LIST);
  const emails = useServiceDeskEmails(list.query);
  const remove = useDeleteServiceDeskEmail();
  const action = useConfirmedAction<Row>({
    run: (row) => remove.mutateAsync(row.id),
    prompt: () => ({ message: CONFIGURATION_MESSAGES.confirmDeleteServiceDeskEmail }),
    success: (_row, message) => ({ message: message ?? CONFIGURATION_MESSAGES.serviceDeskEmailDeleted }),
  });
  const { ask } = action;
  const columns = useMemo(
    () => serviceDeskColumns((row) => void navigate(`/editar-emails-mesa-servicio/${row.id}`), ask),
    [navigate, ask],
  );

  return (
    <>
      <FilterBar values={list.filters} onSearch={list.setFilters}>
        {(control) => <TextField control={control} name="email" label="Correo" size="small" />}
      </FilterBar>
      <PagedGrid label="Correos mesa de servicio" columns={columns} {...gridQuery(emails)} list={list} />
      {action.dialogs}
    </>
  );
}

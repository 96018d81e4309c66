import Box from '@mui/material/Box';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Visibility from '@mui/icons-material/Visibility';
import type { GridColumn } from '../../components/grid-column';
import { notificationTypeLabel, type NotificationResponse } from '@planpiso/domain';
import { dateColumn, actionsColumn } from '../../components/grid-columns';
import { IconAction } from '../../components/icon-action';

type Options = { onView: (n: NotificationResponse) => void; onDelete: (n: NotificationResponse) => void };

/** Tipo (with the unread red dot), Descripción, Fecha (dd/MM/yyyy HH:mm) and Acciones (spec 1 §2.9). */
export function notificationColumns({ onView, onDelete }: Options): GridColumn<NotificationResponse>[] {
  return [
    {
      field: 'type',
      headerName: 'Tipo',
      minWidth: 150,
      valueGetter: (value: number) => notificationTypeLabel(value),
      renderCell: ({ row, value }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}>
          <Box
            component="span"
            role={row.isReaded ? undefined : 'img'}
            aria-label={row.isReaded ? undefined : 'No leída'}
            sx={{
              width: 10,
              height: 10,
              borderRadius: '50%',
              flexShrink: 0,
              bgcolor: row.isReaded ? 'transparent' : 'error.main',
            }}
          />
          <span style={{ fontWeight: row.isReaded ? 400 : 600 }}>{String(value)}</span>
        </Box>
      ),
    },
    {
      field: 'message',
      headerName: 'Descripción',
      flex: 1,
      minWidth: 260,
      renderCell: ({ row }) => <span style={{ fontWeight: row.isReaded ? 400 : 600 }}>{row.message}</span>,
    },
    dateColumn<NotificationResponse>('createdAt', 'Fecha', { withTime: true }),
    actionsColumn(110, ({ row }) => (
      <>
        <IconAction
          title="Ver"
          label={`Ver notificación ${row.id}`}
          icon={<Visibility fontSize="small" />}
          onClick={() => onView(row)}
        />
        <IconAction
          title="Eliminar"
          label={`Eliminar notificación ${row.id}`}
          icon={<DeleteOutline fontSize="small" />}
          onClick={() => onDelete(row)}
        />
      </>
    )),
  ];
}

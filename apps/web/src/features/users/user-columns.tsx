import Edit from '@mui/icons-material/Edit';
import ForwardToInbox from '@mui/icons-material/ForwardToInbox';
import type { GridColumn } from '../../components/grid-column';
import {
  MESSAGES,
  USER_STATUS_MACHINE,
  askMachine,
  canEditUser,
  canResendTemporaryPassword,
  toggleActionOf,
  type Actor,
  type UserResponse,
} from '@planpiso/domain';
import { dateColumn, actionsColumn } from '../../components/grid-columns';
import { statusColumn } from '../../components/status-column';
import { IconAction } from '../../components/icon-action';

export const fullName = (user: Pick<UserResponse, 'firstname' | 'lastname'>) => `${user.firstname} ${user.lastname}`;

type Options = {
  actor: Actor;
  /** The caller may save the user form at all (permission table); the row rule narrows it further. */
  mayEdit: boolean;
  mayResend: boolean;
  onEdit: (user: UserResponse) => void;
  onResend: (user: UserResponse) => void;
  onToggle: (user: UserResponse) => void;
};

/**
 * The users grid (spec 1 §2.5): Usuario, Correo, Rol, Fecha, Acciones and Estatus. The fields are the server's
 * sort keys (`name`, `email`, `role`, `createdAt`, `isActive`).
 */
export function userColumns({
  actor,
  mayEdit,
  mayResend,
  onEdit,
  onResend,
  onToggle,
}: Options): GridColumn<UserResponse>[] {
  return [
    { field: 'name', headerName: 'Usuario', flex: 1, minWidth: 180, valueGetter: (_v, row) => fullName(row) },
    { field: 'email', headerName: 'Correo', flex: 1.2, minWidth: 220 },
    {
      field: 'role',
      headerName: 'Rol',
      flex: 0.8,
      minWidth: 150,
      valueGetter: (_v, row) => row.role?.name ?? MESSAGES.notApplicable,
    },
    dateColumn<UserResponse>('createdAt', 'Fecha'),
    actionsColumn(110, ({ row }) => (
      <>
        {mayEdit && canEditUser(actor, row) && (
          <IconAction
            title="Editar"
            label={`Editar ${fullName(row)}`}
            icon={<Edit fontSize="small" />}
            onClick={() => onEdit(row)}
          />
        )}
        {/* The server refuses one's own resend (it would replace the password in use): no button that always fails. */}
        {mayResend && canResendTemporaryPassword(actor.type) && row.id !== actor.id && (
          <IconAction
            title="Reenviar contraseña temporal"
            label={`Reenviar contraseña temporal a ${fullName(row)}`}
            icon={<ForwardToInbox fontSize="small" />}
            onClick={() => onResend(row)}
          />
        )}
      </>
    )),
    // The user status machine decides (never one's own row; spec 1 §6), as the server does.
    statusColumn(fullName, onToggle, (row) => askMachine(USER_STATUS_MACHINE, actor, toggleActionOf(row), row).allowed),
  ];
}

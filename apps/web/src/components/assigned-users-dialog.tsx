import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import PersonRemove from '@mui/icons-material/PersonRemoveOutlined';
import { ORGANISATION_MESSAGES } from '@planpiso/domain';
import { IconAction } from './icon-action';
import { EmptyTableRow } from './empty-table-row';
import { useConfirmedAction } from './use-confirmed-action';
import { TitleWithClose } from './dialog-buttons';

type Person = { id: number; firstname: string; lastname: string; email: string };
/** An assigned user; `isDefault` ones (a company's legal representative) have no remove button (spec 2 §2). */
export type AssignedUser = Person & { isDefault?: boolean };
type Change = { userId: number; remove: true } | { userId: number; remove: false; extra: string };

type Props = {
  title: string;
  tableLabel: string;
  users: AssignedUser[];
  /** Who may be assigned; those already assigned are left out here. */
  candidates: Person[];
  /** A second picker the assignment needs (the company's role), if any. */
  extra?: { label: string; options: { value: number; label: string }[] };
  assign: (userId: number, extra: string) => Promise<{ message?: string }>;
  remove: (userId: number) => Promise<{ message?: string }>;
  /** Under the table (the branch's pagination). */
  footer?: ReactNode;
  onClose: () => void;
};

/**
 * The 'Usuarios asignados' dialog of a branch and of a company (spec 2 §2): the users (Usuario, Correo, Acciones) with
 * a remove action, and '+ Asignar Nuevo' revealing the pickers with Cancelar and Guardar; assigning and removing each
 * ask first ('Asignar usuario', 'Remover usuario') and end in 'Acción realizada con éxito'.
 */
export function AssignedUsersDialog({
  title,
  tableLabel,
  users,
  candidates,
  extra,
  assign,
  remove,
  footer,
  onClose,
}: Props) {
  const titleId = useId();
  const [adding, setAdding] = useState(false);
  const [picked, setPicked] = useState({ userId: '', extra: '' });
  const flow = useConfirmedAction<Change>({
    run: (c) => (c.remove ? remove(c.userId) : assign(c.userId, c.extra)),
    prompt: (c) =>
      c.remove
        ? { title: ORGANISATION_MESSAGES.confirmRemoveUserTitle, message: ORGANISATION_MESSAGES.confirmRemoveUser }
        : { title: ORGANISATION_MESSAGES.confirmAssignUserTitle, message: ORGANISATION_MESSAGES.confirmAssignUser },
    success: (_c, message) => ({ title: ORGANISATION_MESSAGES.assignSucceededTitle, message }),
    onAccepted: (succeeded) => {
      if (succeeded) {
        setAdding(false);
        setPicked({ userId: '', extra: '' });
      }
    },
  });
  const assigned = new Set(users.map((u) => u.id));
  const free = candidates.filter((u) => !assigned.has(u.id));
  const ready = picked.userId !== '' && (!extra || picked.extra !== '');

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <TitleWithClose id={titleId} title={title} inset={12} onClose={onClose} />
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Table size="small" aria-label={tableLabel}>
          <TableHead>
            <TableRow>
              <TableCell>Usuario</TableCell>
              <TableCell>Correo</TableCell>
              <TableCell align="right">Acciones</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {users.map((user) => (
              <TableRow key={user.id}>
                <TableCell>{`${user.firstname} ${user.lastname}`}</TableCell>
                <TableCell>{user.email}</TableCell>
                <TableCell align="right">
                  {!user.isDefault && (
                    <IconAction
                      title="Remover"
                      label={`Remover ${user.email}`}
                      icon={<PersonRemove fontSize="small" />}
                      onClick={() => flow.ask({ userId: user.id, remove: true })}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
            {users.length === 0 && <EmptyTableRow colSpan={3} />}
          </TableBody>
        </Table>
        {footer}
        {adding ? (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: extra ? '1fr 1fr auto auto' : '1fr auto auto',
              gap: 1.5,
              alignItems: 'center',
            }}
          >
            <TextField
              select
              size="small"
              label="Usuario"
              value={picked.userId}
              onChange={(e) => setPicked({ ...picked, userId: e.target.value })}
            >
              {free.map((u) => (
                <MenuItem key={u.id} value={String(u.id)}>{`${u.firstname} ${u.lastname} (${u.email})`}</MenuItem>
              ))}
            </TextField>
            {extra && (
              <TextField
                select
                size="small"
                label={extra.label}
                value={picked.extra}
                onChange={(e) => setPicked({ ...picked, extra: e.target.value })}
              >
                {extra.options.map((o) => (
                  <MenuItem key={o.value} value={String(o.value)}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Button onClick={() => setAdding(false)}>Cancelar</Button>
            <Button
              variant="contained"
              disabled={!ready}
              onClick={() => flow.ask({ userId: Number(picked.userId), remove: false, extra: picked.extra })}
            >
              Guardar
            </Button>
          </Box>
        ) : (
          <Box>
            <Button onClick={() => setAdding(true)}>+ Asignar Nuevo</Button>
          </Box>
        )}
      </DialogContent>
      {flow.dialogs}
    </Dialog>
  );
}

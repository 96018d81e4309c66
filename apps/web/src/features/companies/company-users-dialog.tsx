import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Close from '@mui/icons-material/Close';
import PersonRemove from '@mui/icons-material/PersonRemoveOutlined';
import { ORGANISATION_MESSAGES, type CompanyListItem } from '@planpiso/domain';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useSession } from '../../lib/session';
import { useRolesOfTypes } from '../../lib/lookups';
import { useCompanyUserChange, useCompanyUsers, useMyDealers } from './api/companies';
import { IconAction } from '../../components/icon-action';

type Change = { userId: number; roleId?: number };

/**
 * 'Asignar usuarios' of a company (spec 2 §2): assigned users (Usuario, Correo, Acciones; isDefault rows have no
 * remove button) and '+ Asignar Nuevo' with a user picker (users the caller registered, not yet assigned) and a role
 * picker (roles of types 4 and 5).
 */
export function CompanyUsersDialog({ company, onClose }: { company: CompanyListItem; onClose: () => void }) {
  const userId = useSession()?.user.id ?? 0;
  const users = useCompanyUsers(company.id);
  const dealers = useMyDealers(userId);
  const roles = useRolesOfTypes([4, 5], true);
  const change = useCompanyUserChange(company.id);
  const [adding, setAdding] = useState(false);
  const [picked, setPicked] = useState({ userId: '', roleId: '' });
  const flow = useConfirmedAction<Change>({
    run: (c) => change.mutateAsync(c),
    prompt: (c) =>
      c.roleId === undefined
        ? { title: ORGANISATION_MESSAGES.confirmRemoveUserTitle, message: ORGANISATION_MESSAGES.confirmRemoveUser }
        : { title: ORGANISATION_MESSAGES.confirmAssignUserTitle, message: ORGANISATION_MESSAGES.confirmAssignUser },
    success: (_c, message) => ({ title: ORGANISATION_MESSAGES.assignSucceededTitle, message }),
    onAccepted: (succeeded) => {
      if (succeeded) {
        setAdding(false);
        setPicked({ userId: '', roleId: '' });
      }
    },
  });
  const assigned = new Set((users.data?.items ?? []).map((u) => u.id));
  const candidates = (dealers.data ?? []).filter((u) => !assigned.has(u.id));

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="company-users-title">
      <DialogTitle
        id="company-users-title"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}
      >
        Usuarios asignados · {company.name}
        <IconButton aria-label="Cerrar" onClick={onClose}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Table size="small" aria-label="Usuarios de la compañía">
          <TableHead>
            <TableRow>
              <TableCell>Usuario</TableCell>
              <TableCell>Correo</TableCell>
              <TableCell align="right">Acciones</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(users.data?.items ?? []).map((user) => (
              <TableRow key={user.id}>
                <TableCell>{`${user.firstname} ${user.lastname}`}</TableCell>
                <TableCell>{user.email}</TableCell>
                <TableCell align="right">
                  {!user.isDefault && (
                    <IconAction
                      title="Remover"
                      label={`Remover ${user.email}`}
                      icon={<PersonRemove fontSize="small" />}
                      onClick={() => flow.ask({ userId: user.id })}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {adding ? (
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr auto auto', gap: 1.5, alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label="Usuario"
              value={picked.userId}
              onChange={(e) => setPicked({ ...picked, userId: e.target.value })}
            >
              {candidates.map((u) => (
                <MenuItem key={u.id} value={String(u.id)}>{`${u.firstname} ${u.lastname} (${u.email})`}</MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Rol"
              value={picked.roleId}
              onChange={(e) => setPicked({ ...picked, roleId: e.target.value })}
            >
              {(roles.data ?? []).map((r) => (
                <MenuItem key={r.id} value={String(r.id)}>
                  {r.name}
                </MenuItem>
              ))}
            </TextField>
            <Button onClick={() => setAdding(false)}>Cancelar</Button>
            <Button
              variant="contained"
              disabled={!picked.userId || !picked.roleId}
              onClick={() => flow.ask({ userId: Number(picked.userId), roleId: Number(picked.roleId) })}
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

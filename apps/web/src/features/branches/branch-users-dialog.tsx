import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Close from '@mui/icons-material/Close';
import PersonRemove from '@mui/icons-material/PersonRemoveOutlined';
import { ORGANISATION_MESSAGES, type AgencyLookupItem } from '@planpiso/domain';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useAccountDealers, useBranchUserChange, useBranchUsers } from './api/branches';
import { IconAction } from '../../components/icon-action';

type Change = { userId: number; remove: boolean };

/**
 * 'Usuarios asignados' of a branch (spec 2 §2): the users (name, e-mail; by e-mail, 10 a page) with a remove action,
 * and '+ Asignar Nuevo' revealing a user selector with Guardar and Cancelar. Both ask first.
 */
export function BranchUsersDialog({ branch, onClose }: { branch: AgencyLookupItem; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const users = useBranchUsers(branch.id, page);
  const dealers = useAccountDealers(branch.accountId);
  const change = useBranchUserChange(branch.id);
  const [adding, setAdding] = useState(false);
  const [picked, setPicked] = useState('');
  const flow = useConfirmedAction<Change>({
    run: (c) => change.mutateAsync(c),
    prompt: (c) =>
      c.remove
        ? { title: ORGANISATION_MESSAGES.confirmRemoveUserTitle, message: ORGANISATION_MESSAGES.confirmRemoveUser }
        : { title: ORGANISATION_MESSAGES.confirmAssignUserTitle, message: ORGANISATION_MESSAGES.confirmAssignUser },
    success: (_c, message) => ({ title: ORGANISATION_MESSAGES.assignSucceededTitle, message }),
    onAccepted: (succeeded) => {
      if (succeeded) {
        setAdding(false);
        setPicked('');
      }
    },
  });
  const assigned = new Set((users.data?.items ?? []).map((u) => u.id));
  const candidates = (dealers.data ?? []).filter((u) => !assigned.has(u.id));
  const pages = Math.max(1, Math.ceil((users.data?.total ?? 0) / 10));

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="branch-users-title">
      <DialogTitle
        id="branch-users-title"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}
      >
        Usuarios asignados · {branch.name}
        <IconButton aria-label="Cerrar" onClick={onClose}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Table size="small" aria-label="Usuarios asignados">
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
                  <IconAction
                    title="Remover"
                    label={`Remover ${user.email}`}
                    icon={<PersonRemove fontSize="small" />}
                    onClick={() => flow.ask({ userId: user.id, remove: true })}
                  />
                </TableCell>
              </TableRow>
            ))}
            {users.data?.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={3} sx={{ color: 'text.secondary' }}>
                  Sin usuarios asignados
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        {pages > 1 && <Pagination count={pages} page={page} onChange={(_e, p) => setPage(p)} size="small" />}
        {adding ? (
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label="Usuario"
              value={picked}
              onChange={(e) => setPicked(e.target.value)}
              sx={{ flex: 1 }}
            >
              {candidates.map((u) => (
                <MenuItem key={u.id} value={String(u.id)}>{`${u.firstname} ${u.lastname} (${u.email})`}</MenuItem>
              ))}
            </TextField>
            <Button onClick={() => setAdding(false)}>Cancelar</Button>
            <Button
              variant="contained"
              disabled={!picked}
              onClick={() => flow.ask({ userId: Number(picked), remove: false })}
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

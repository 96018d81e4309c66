import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { MESSAGES, ORGANISATION_MESSAGES, TEXT_MAX, type CustomSigner } from '@planpiso/domain';
import { EmptyTableRow } from '../../components/empty-table-row';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { formatDate } from '../../lib/format';
import { useCustomSignerChange, type CustomSignerChange } from './api/signers';
import { IconAction } from '../../components/icon-action';

type Line = { companyId: number; creditLine: string };

/**
 * The custom signers of a company and line (spec 2 "Signer configuration": name, creation date, edit and delete, an
 * add-new button), shown when the signature is not electronic.
 */
export function CustomSignersSection({ line, signers }: { line: Line; signers: CustomSigner[] }) {
  const change = useCustomSignerChange(line);
  // The name being written: a new signer (id null) or a rename.
  const [editing, setEditing] = useState<{ id: number | null; fullName: string } | null>(null);
  const flow = useConfirmedAction<CustomSignerChange>({
    run: (c) => change.mutateAsync(c),
    prompt: (c) =>
      c.kind === 'delete'
        ? { message: ORGANISATION_MESSAGES.confirmDeleteCustomSigner }
        : { message: ORGANISATION_MESSAGES.confirmCustomSigner },
    onAccepted: (succeeded) => succeeded && setEditing(null),
  });
  const name = editing?.fullName.trim() ?? '';
  const submit = () => {
    if (!editing || name === '') return;
    flow.ask(
      editing.id === null
        ? { kind: 'create', body: { ...line, fullName: name } }
        : { kind: 'update', id: editing.id, fullName: name },
    );
  };

  return (
    <Box component="section" aria-label="Firmantes personalizados" sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Firmantes personalizados
        </Typography>
        <Button variant="outlined" onClick={() => setEditing({ id: null, fullName: '' })}>
          + Agregar firmante
        </Button>
      </Box>
      <Table size="small" aria-label="Firmantes personalizados">
        <TableHead>
          <TableRow>
            <TableCell>Nombre</TableCell>
            <TableCell>Fecha de alta</TableCell>
            <TableCell align="right">Acciones</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {signers.length === 0 && <EmptyTableRow colSpan={3} />}
          {signers.map((signer) => (
            <TableRow key={signer.id}>
              <TableCell>{signer.fullName}</TableCell>
              <TableCell>{formatDate(signer.createdAt)}</TableCell>
              <TableCell align="right">
                <IconAction
                  title="Editar"
                  label={`Editar ${signer.fullName}`}
                  icon={<EditOutlined fontSize="small" />}
                  onClick={() => setEditing({ id: signer.id, fullName: signer.fullName })}
                />
                <IconAction
                  title="Eliminar"
                  label={`Eliminar ${signer.fullName}`}
                  icon={<DeleteOutline fontSize="small" />}
                  onClick={() => flow.ask({ kind: 'delete', id: signer.id, fullName: signer.fullName })}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} maxWidth="xs" fullWidth>
        <DialogTitle>{editing?.id ? 'Editar firmante' : 'Nuevo firmante'}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Nombre completo"
            value={editing?.fullName ?? ''}
            onChange={(e) => setEditing(editing && { ...editing, fullName: e.target.value })}
            error={editing !== null && editing.fullName !== '' && name === ''}
            helperText={editing !== null && editing.fullName !== '' && name === '' ? MESSAGES.required : undefined}
            slotProps={{ htmlInput: { maxLength: TEXT_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(null)}>Cancelar</Button>
          <Button variant="contained" onClick={submit} disabled={name === ''}>
            Guardar
          </Button>
        </DialogActions>
      </Dialog>
      {flow.dialogs}
    </Box>
  );
}

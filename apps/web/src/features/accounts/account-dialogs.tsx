import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { accountTypeLabel, type AccountLookupItem } from '@planpiso/domain';
import { useAccountDetail, useOperators } from './api/accounts';

/** The companies of an account: the Holding modal, and with their legal representatives the view modal (spec 2 §2). */
export function AccountCompaniesDialog({
  account,
  withDetails,
  onClose,
}: {
  account: AccountLookupItem;
  withDetails: boolean;
  onClose: () => void;
}) {
  const detail = useAccountDetail(account.id);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="account-companies-title">
      <DialogTitle id="account-companies-title">
        {withDetails ? account.name : `Empresas de ${account.name}`}
      </DialogTitle>
      <DialogContent>
        {withDetails && (
          <Typography variant="body2" sx={{ mb: 1.5, color: 'text.secondary' }}>
            {accountTypeLabel(account.type)} · {account.email ?? 'sin correo'} · Operador:{' '}
            {account.operator?.name ?? 'sin asignar'}
          </Typography>
        )}
        {!detail.data ? (
          <Skeleton variant="rounded" height={120} />
        ) : (
          <List dense aria-label="Empresas">
            {detail.data.companies.map((company) => (
              <ListItem key={company.id} divider>
                <ListItemText
                  primary={`${company.name} (${company.clientId ?? 's/n'})`}
                  secondary={
                    withDetails
                      ? [
                          company.legalName,
                          ...company.legals.map(
                            (l) => `Representante legal: ${l.firstname} ${l.lastname} · ${l.email}`,
                          ),
                        ]
                          .filter(Boolean)
                          .join(' — ')
                      : company.legalName
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Type 1 picks another operator for the account (spec 2 §4). */
export function EditOperatorDialog({
  account,
  onSave,
  onClose,
}: {
  account: AccountLookupItem;
  onSave: (userId: number) => void;
  onClose: () => void;
}) {
  const operators = useOperators(true);
  const [picked, setPicked] = useState(account.operator ? String(account.operator.id) : '');
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="edit-operator-title">
      <DialogTitle id="edit-operator-title">Operador asignado</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField select fullWidth label="Operador" value={picked} onChange={(e) => setPicked(e.target.value)}>
          {(operators.data ?? []).map((operator) => (
            <MenuItem key={operator.id} value={String(operator.id)}>
              {`${operator.firstname} ${operator.lastname} (${operator.email})`}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" disabled={!picked} onClick={() => onSave(Number(picked))}>
          Guardar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

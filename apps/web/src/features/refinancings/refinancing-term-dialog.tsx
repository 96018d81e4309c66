import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  REFINANCING_MESSAGES as M,
  REFINANCING_TERM_MAX,
  REFINANCING_TERM_MIN,
  type RefinancingAvailableUnit,
} from '@planpiso/domain';

const TERMS = Array.from(
  { length: REFINANCING_TERM_MAX - REFINANCING_TERM_MIN + 1 },
  (_, i) => REFINANCING_TERM_MIN + i,
);

type Props = {
  unit: RefinancingAvailableUnit | null;
  busy: boolean;
  onCancel: () => void;
  onSave: (unit: RefinancingAvailableUnit, deadline: number) => void;
};

/** Actualizar (spec 3 §2, §5): the unit's term, 1 to 6; saving without choosing one says 'Seleccione un plazo'. */
export function RefinancingTermDialog({ unit, busy, onCancel, onSave }: Props) {
  const [term, setTerm] = useState<number | ''>('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    setTerm('');
    setMissing(false);
    onCancel();
  };
  const save = () => {
    if (!unit) return;
    if (term === '') return setMissing(true);
    onSave(unit, term);
    setTerm('');
    setMissing(false);
  };

  return (
    <Dialog open={unit !== null} onClose={close} maxWidth="xs" fullWidth aria-labelledby="term-dialog-title">
      <DialogTitle id="term-dialog-title">{M.termDialogTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {unit ? `N° VIN ${unit.vinNumber} · Plazo actual: ${unit.deadlines ?? '-'}` : ''}
        </DialogContentText>
        <TextField
          select
          fullWidth
          label="Plazo"
          value={term}
          onChange={(e) => {
            setTerm(Number(e.target.value));
            setMissing(false);
          }}
          error={missing}
          helperText={missing ? M.termRequired : undefined}
          required
        >
          {TERMS.map((value) => (
            <MenuItem key={value} value={value}>
              {`Plazo - ${value}`}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancelar</Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          Guardar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  MESSAGES,
  REFINANCING_DETAIL_MESSAGES as M,
  REFINANCING_MESSAGES,
  refinancingAcceptUnits,
} from '@planpiso/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ManualFolioControl, useManualFolio } from '../../../components/financing/manual-folio';
import { refinancingCalls } from './api/refinancing-actions';
import type { RefinancingDetail } from './api/refinancing-detail';
import type { RefinancingRunner } from './use-refinancing-runner';

type Props = {
  refinancing: RefinancingDetail;
  ticked: ReadonlySet<number>;
  runner: RefinancingRunner;
};

/**
 * The operator's step at 3 (spec 3 §4 "type 3 adds manual folio and Aceptar"; decision 045): the manual folio switch
 * and field, Aceptar with the ticked units (status 1, the others 2, the total their sum) and Rechazar with a reason.
 * Each button shows because the server's `actions` list it.
 */
export function RefinancingAcceptBar({ refinancing, ticked, runner }: Props) {
  const manual = useManualFolio(refinancing);
  const [accepting, setAccepting] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const { version } = refinancing;

  const ask = () => {
    if (ticked.size === 0) return runner.refuse(MESSAGES.selectAtLeastOneUnit);
    const invalid = manual.check();
    if (invalid) return runner.refuse(invalid);
    setAccepting(true);
  };

  const accept = () => {
    setAccepting(false);
    const { units, total } = refinancingAcceptUnits(refinancing.units, ticked);
    void runner.run((id) => refinancingCalls.accept(id, { version, units, total, ...manual.fields() }));
  };

  const reject = () => {
    if (reason.trim() === '') return setReasonError(REFINANCING_MESSAGES.reasonRequired);
    setRejecting(false);
    void runner.run((id) => refinancingCalls.reject(id, reason.trim(), version));
  };

  const offers = (action: 'accept' | 'reject') => refinancing.actions.includes(action);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
      {offers('accept') && <ManualFolioControl folio={manual} toggle="switch" fieldLabel="Número de folio manual" />}
      <Box sx={{ flex: 1 }} />
      {offers('reject') && (
        <Button variant="outlined" color="error" disabled={runner.busy} onClick={() => setRejecting(true)}>
          Rechazar
        </Button>
      )}
      {offers('accept') && (
        <Button variant="contained" disabled={runner.busy} onClick={ask}>
          Aceptar
        </Button>
      )}
      <ConfirmDialog
        open={accepting}
        message={M.confirmAccept}
        busy={runner.busy}
        onCancel={() => setAccepting(false)}
        onConfirm={accept}
      />
      <Dialog
        open={rejecting}
        onClose={() => setRejecting(false)}
        maxWidth="xs"
        fullWidth
        aria-labelledby="reject-title"
      >
        <DialogTitle id="reject-title">{M.rejectTitle}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <TextField
            fullWidth
            autoFocus
            required
            multiline
            minRows={2}
            label={M.reasonLabel}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(null);
            }}
            error={reasonError !== null}
            helperText={reasonError ?? undefined}
            slotProps={{ htmlInput: { maxLength: 250 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejecting(false)}>Cancelar</Button>
          <Button variant="contained" color="error" onClick={reject}>
            Rechazar
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

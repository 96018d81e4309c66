import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { MESSAGES, type EvidenceResponse, type ProvisionReviewUnit } from '@planpiso/domain';
import { errorResult } from '../../components/result-dialog';
import { fileLink, useUnitEvidences } from './api/provision-review';
import { EvidenceTable, evidenceRows } from '../../components/evidence-table';

/**
 * 'Evidencias' (spec 3 §2 "Each unit has a view-evidence action opening a dialog"): the unit's documents with their
 * size (KB, or MB above 1,000,000 bytes, spec 3 §9); each opens in a new tab through a short-lived signed link.
 */
export function ReviewEvidenceDialog({ unit, onClose }: { unit: ProvisionReviewUnit; onClose: () => void }) {
  const evidences = useUnitEvidences(unit.id);
  const [error, setError] = useState<string | null>(null);

  const open = async (evidence: EvidenceResponse) => {
    setError(null);
    // Opened at the click (a popup blocker lets it through), pointed at the link once the server signs it.
    const tab = window.open('', '_blank');
    try {
      const url = await fileLink(evidence.fileId);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.assign(url);
    } catch (caught) {
      tab?.close();
      setError(errorResult(caught).message ?? MESSAGES.internalError);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="review-evidence-title">
      <DialogTitle id="review-evidence-title">Evidencias</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          VIN {unit.vinNumber}
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        {evidences.isError && <Alert severity="error">{MESSAGES.loadError}</Alert>}
        <EvidenceTable
          label="Evidencias de la unidad"
          loaded={evidences.isSuccess}
          rows={evidenceRows(evidences.data ?? [])}
          onOpen={(evidence) => void open(evidence)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES, evidenceSizeLabel, type EvidenceResponse, type ProvisionReviewUnit } from '@planpiso/domain';
import { EmptyTableRow } from '../../components/empty-table-row';
import { errorResult } from '../../components/result-dialog';
import { fileLink, useUnitEvidences } from './api/provision-review';

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
        <Table size="small" aria-label="Evidencias de la unidad">
          <TableHead>
            <TableRow>
              <TableCell>Documento</TableCell>
              <TableCell>Tamaño</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(evidences.data ?? []).map((evidence) => (
              <TableRow key={evidence.id}>
                <TableCell sx={{ wordBreak: 'break-all' }}>
                  <Link component="button" type="button" onClick={() => void open(evidence)}>
                    {evidence.fileName}
                  </Link>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{evidenceSizeLabel(evidence.fileSize)}</TableCell>
              </TableRow>
            ))}
            {evidences.isSuccess && evidences.data.length === 0 && <EmptyTableRow colSpan={2} />}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}

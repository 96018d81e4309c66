import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { MESSAGES, REFINANCING_DETAIL_MESSAGES as M, SIGNING_MESSAGES } from '@planpiso/domain';
import { IconAction } from '../../../components/icon-action';
import { errorResult } from '../../../components/result-dialog';
import type { RefinancingDetailUnit } from './api/refinancing-detail';
import { useUnitEvidences, useUploadUnitEvidence, viewUnitEvidence } from './api/refinancing-evidences';
import { EvidenceTable, evidenceRows } from '../../../components/evidence-table';
import { CloseButton } from '../../../components/dialog-buttons';

type Props = {
  refinancingId: number;
  unit: RefinancingDetailUnit | null;
  /** 'Cargar Evidencia' or 'Evidencia' (refinancingEvidenceDialogTitle). */
  title: string;
  /** May this user upload here (refinancingEvidenceUploadAllowed)? The server checks the same. */
  canUpload: boolean;
  onClose: () => void;
};

/**
 * A unit's evidences (spec 3 §4, §5; decision 045): the uploaded files (type 8) to view and, while evidence may be
 * uploaded, one more file at a time. The hint says png, jpg, jpeg; the picker has no restriction (spec 3 §5) — the
 * server refuses what it does not take, with its message.
 */
export function RefinancingEvidenceDialog({ refinancingId, unit, title, canUpload, onClose }: Props) {
  const evidences = useUnitEvidences(refinancingId, unit?.id ?? null);
  const upload = useUploadUnitEvidence(refinancingId, unit?.id ?? null);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    try {
      await upload.mutateAsync(file);
    } catch (error) {
      setProblem(errorResult(error).message ?? MESSAGES.internalError);
    }
  };
  const open = (evidence: Parameters<typeof viewUnitEvidence>[0]) =>
    viewUnitEvidence(evidence).catch((error: unknown) => setProblem(errorResult(error).message ?? null));

  const rows = evidences.data ?? [];
  return (
    <Dialog open={unit !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="refinancing-evidence-title">
      <DialogTitle id="refinancing-evidence-title">{title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2, fontFamily: 'monospace' }}>
          {unit?.vinNumber}
        </Typography>
        {canUpload && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
            <Button
              variant="outlined"
              startIcon={upload.isPending ? <CircularProgress size={16} /> : <UploadFile />}
              disabled={upload.isPending}
              onClick={() => input.current?.click()}
            >
              Agregar evidencia
            </Button>
            <input
              ref={input}
              type="file"
              hidden
              aria-label="Archivo de evidencia"
              onChange={(e) => {
                void pick(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <Typography variant="body2" color="text.secondary">
              {M.evidenceHint}
            </Typography>
          </Box>
        )}
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setProblem(null)}>
            {problem}
          </Alert>
        )}
        {evidences.isError && (
          <Alert severity="error">{errorResult(evidences.error).message ?? MESSAGES.loadError}</Alert>
        )}
        <EvidenceTable
          label="Evidencias de la unidad"
          loaded={evidences.isSuccess}
          rows={evidenceRows(rows)}
          action={{
            header: 'Acciones',
            cell: (evidence) => (
              <IconAction
                title={SIGNING_MESSAGES.view}
                label={`${SIGNING_MESSAGES.view} ${evidence.fileName}`}
                icon={<VisibilityOutlined fontSize="small" />}
                onClick={() => void open(evidence)}
              />
            ),
          }}
        />
      </DialogContent>
      <CloseButton onClose={onClose} />
    </Dialog>
  );
}

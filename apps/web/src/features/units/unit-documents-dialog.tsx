import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import AttachFile from '@mui/icons-material/AttachFile';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { MESSAGES, unitEvidenceDeletable, type EvidenceResponse, type UnitUnderReview } from '@planpiso/domain';
import { IconAction } from '../../components/icon-action';
import { errorResult } from '../../components/result-dialog';
import { downloadFile, saveFile } from '../../lib/download';
import { useDeleteUnitEvidence, useUnitEvidences, useUploadUnitDocument } from './api/unit-documents';
import { EvidenceTable, evidenceRows } from '../../components/evidence-table';

/**
 * 'Cargar documentos' (spec 3 §2, §5): the unit's evidence table (document, size in KB or MB, delete) and an upload
 * of any file; Agregar stays disabled until a file is chosen, and only the first of several chosen is sent.
 */
export function UnitDocumentsDialog({ unit, onClose }: { unit: UnitUnderReview; onClose: () => void }) {
  const evidences = useUnitEvidences(unit.id);
  const upload = useUploadUnitDocument(unit.id);
  const remove = useDeleteUnitEvidence(unit.id);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const busy = upload.isPending || remove.isPending;

  const fail = (caught: unknown) => setError(errorResult(caught).message ?? MESSAGES.internalError);
  const add = async () => {
    if (!file) return;
    setError(null);
    try {
      await upload.mutateAsync(file);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (caught) {
      fail(caught);
    }
  };
  const drop = async (evidence: EvidenceResponse) => {
    setError(null);
    try {
      await remove.mutateAsync(evidence.id);
    } catch (caught) {
      fail(caught);
    }
  };
  const open = async (evidence: EvidenceResponse) => {
    try {
      const { blob, fileName } = await downloadFile(evidence.url);
      saveFile(blob, fileName ?? evidence.fileName);
    } catch (caught) {
      fail(caught);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="unit-documents-title">
      <DialogTitle id="unit-documents-title">Cargar documentos</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          VIN {unit.vinNumber}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          {/* A plain button that opens the hidden picker: a <label> with role=button is not allowed (axe). */}
          <Button variant="outlined" startIcon={<AttachFile />} disabled={busy} onClick={() => input.current?.click()}>
            Seleccionar archivo
          </Button>
          <input
            ref={input}
            hidden
            type="file"
            multiple
            aria-label="Archivo"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <Typography variant="body2" sx={{ flex: 1, minWidth: 120 }} noWrap>
            {file ? file.name : 'Ningún archivo seleccionado'}
          </Typography>
          <Button variant="contained" onClick={() => void add()} disabled={!file || busy}>
            Agregar
          </Button>
        </Box>
        {error && <Alert severity="error">{error}</Alert>}
        <EvidenceTable
          label="Evidencias de la unidad"
          loaded={evidences.isSuccess}
          rows={evidenceRows(evidences.data ?? [])}
          onOpen={(evidence) => void open(evidence)}
          action={{
            header: 'Eliminar',
            cell: (evidence) =>
              unitEvidenceDeletable(evidence.type) && (
                <IconAction
                  title="Eliminar"
                  label={`Eliminar ${evidence.fileName}`}
                  icon={<DeleteOutline fontSize="small" />}
                  onClick={() => void drop(evidence)}
                />
              ),
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

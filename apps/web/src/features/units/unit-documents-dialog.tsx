import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import AttachFile from '@mui/icons-material/AttachFile';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import {
  MESSAGES,
  evidenceSizeLabel,
  unitEvidenceDeletable,
  type EvidenceResponse,
  type UnitUnderReview,
} from '@planpiso/domain';
import { EmptyTableRow } from '../../components/empty-table-row';
import { IconAction } from '../../components/icon-action';
import { errorResult } from '../../components/result-dialog';
import { downloadFile, saveFile } from '../../lib/download';
import { useDeleteUnitEvidence, useUnitEvidences, useUploadUnitDocument } from './api/unit-documents';

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
        <Table size="small" aria-label="Evidencias de la unidad">
          <TableHead>
            <TableRow>
              <TableCell>Documento</TableCell>
              <TableCell>Tamaño</TableCell>
              <TableCell align="right">Eliminar</TableCell>
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
                <TableCell align="right">
                  {unitEvidenceDeletable(evidence.type) && (
                    <IconAction
                      title="Eliminar"
                      label={`Eliminar ${evidence.fileName}`}
                      icon={<DeleteOutline fontSize="small" />}
                      onClick={() => void drop(evidence)}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
            {evidences.isSuccess && evidences.data.length === 0 && <EmptyTableRow colSpan={3} />}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

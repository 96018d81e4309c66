import { useState } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import {
  PROVISION_WIZARD_MESSAGES as M,
  UNIT_EVIDENCE_EXTENSIONS,
  UNIT_EVIDENCE_TYPE,
  checkExtension,
} from '@planpiso/domain';
import { errorResult } from '../../components/result-dialog';
import { RemoveIconButton } from '../../components/remove-icon-button';
import { UploadButton } from './provision-wizard-upload-button';
import { uploadDocument } from './api/provision-wizard';
import type { WizardEvidence, WizardUnit } from './provision-wizard-state';
import { EvidenceTable } from '../../components/evidence-table';
import { CloseButton } from '../../components/dialog-buttons';

/** Spec 3 §9: an evidence's size in KB, or in MB above 1,000,000 bytes. */
export function evidenceSizeText(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  if (bytes > 1_000_000) return `${(bytes / 1_000_000).toFixed(2)} MB`;
  return `${(bytes / 1000).toFixed(2)} KB`;
}

type Props = {
  unit: WizardUnit | null;
  onClose: () => void;
  onChange: (key: string, evidences: WizardEvidence[]) => void;
};

const ACCEPT = UNIT_EVIDENCE_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * A unit's evidences (spec 3 §5 "Files": xml, pdf, png, jpg or jpeg — the invoice, photos). Each file is uploaded
 * at once (POST /api/documents, kind unit) and attached by the save; evidences saved with the unit (type 7) stay.
 */
export function EvidenceDialog({ unit, onClose, onChange }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const evidences = unit?.evidences ?? [];

  const pick = async (file: File | undefined) => {
    if (!file || !unit) return;
    const refused = checkExtension(file.name, UNIT_EVIDENCE_EXTENSIONS);
    setProblem(refused);
    if (refused) return;
    setUploading(true);
    try {
      const uploaded = await uploadDocument(file, 'unit');
      onChange(unit.key, [...evidences, { ...uploaded, type: UNIT_EVIDENCE_TYPE.ATTACHED }]);
    } catch (error) {
      setProblem(errorResult(error).message ?? null);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Dialog open={unit !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="evidence-dialog-title">
      <DialogTitle id="evidence-dialog-title">Evidencias de la unidad {unit?.vinNumber}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <UploadButton label="Evidencia" accept={ACCEPT} onFile={pick} uploading={uploading}>
            Agregar evidencia
          </UploadButton>
          <Typography variant="body2" color="text.secondary">
            {uploading ? M.uploading : UNIT_EVIDENCE_EXTENSIONS.join(', ')}
          </Typography>
        </Box>
        {problem && <FormHelperText error>{problem}</FormHelperText>}
        <EvidenceTable
          label="Documentos de la unidad"
          rows={evidences.map((evidence) => ({
            ...evidence,
            key: evidence.url,
            size: evidenceSizeText(evidence.fileSize),
          }))}
          action={{
            header: 'Acciones',
            cell: (evidence) => (
              <RemoveIconButton
                label={`Quitar ${evidence.fileName}`}
                disabled={evidence.locked}
                onClick={() =>
                  unit &&
                  onChange(
                    unit.key,
                    evidences.filter((e) => e.url !== evidence.url),
                  )
                }
              />
            ),
          }}
        />
      </DialogContent>
      <CloseButton onClose={onClose} />
    </Dialog>
  );
}

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import {
  CSV_COLUMNS,
  PROVISION_WIZARD_MESSAGES as M,
  csvProgress,
  csvRowHeading,
  csvUnitsLoaded,
  type CsvRowMessages,
  type CsvUnit,
} from '@planpiso/domain';
import { UploadButton } from './provision-wizard-upload-button';
import { CSV_ERROR_TITLE, readProvisionCsv, type CsvProgressReport } from './csv-step-reader';

type Props = {
  fileName: string | null;
  unitCount: number;
  warnings: readonly CsvRowMessages[];
  onLoaded: (fileName: string, units: CsvUnit[], warnings: CsvRowMessages[]) => void;
};

type Refusal = { errors: CsvRowMessages[]; message?: string };

/**
 * Step 2, 'CSV' (spec 3 §5 "CSV upload"): a .csv with the 10 columns of the format. Long files show their progress
 * while they are read and checked; any error opens 'Ocurio un error' with the messages grouped under 'La fila N:',
 * and the whole upload is discarded. VIN check-digit warnings are shown and do not block.
 */
export function CsvStep({ fileName, unitCount, warnings, onLoaded }: Props) {
  const [progress, setProgress] = useState<CsvProgressReport | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setProgress({ phase: 'reading', done: 0, total: file.size });
    try {
      const outcome = await readProvisionCsv(file, setProgress);
      if (outcome.ok) onLoaded(file.name, outcome.units, outcome.warnings);
      else setRefusal({ errors: outcome.errors, message: outcome.message });
    } finally {
      setProgress(null);
    }
  };

  const percent =
    progress && progress.phase === 'checking' && progress.total > 0 ? (100 * progress.done) / progress.total : 0;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Columnas, en este orden: {CSV_COLUMNS.join(', ')}.
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <UploadButton label="Archivo CSV" accept=".csv,text/csv" onFile={pick} disabled={progress !== null}>
          Cargar CSV
        </UploadButton>
        {fileName && progress === null && (
          <Typography variant="body2" role="status">
            {csvUnitsLoaded(unitCount, fileName)}
          </Typography>
        )}
      </Box>
      {progress && (
        <Box role="status" aria-live="polite">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {progress.phase === 'reading'
              ? M.csvReading
              : `${M.csvChecking} ${csvProgress(progress.done, progress.total)}`}
          </Typography>
          <LinearProgress
            variant={progress.phase === 'reading' ? 'indeterminate' : 'determinate'}
            value={percent}
            aria-label={M.csvChecking}
          />
        </Box>
      )}
      {warnings.length > 0 && (
        <Alert severity="warning">
          <AlertTitle>{M.csvWarningsTitle}</AlertTitle>
          <RowMessages rows={warnings} />
        </Alert>
      )}
      <Dialog
        open={refusal !== null}
        onClose={() => setRefusal(null)}
        maxWidth="sm"
        fullWidth
        aria-labelledby="csv-error-title"
      >
        <DialogTitle id="csv-error-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <ErrorOutline color="error" />
          {CSV_ERROR_TITLE}
        </DialogTitle>
        <DialogContent dividers>
          {refusal?.message && <Typography>{refusal.message}</Typography>}
          {refusal && <RowMessages rows={refusal.errors} />}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setRefusal(null)} autoFocus>
            Aceptar
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** 'La fila N:' and, under it, that row's messages. */
function RowMessages({ rows }: { rows: readonly CsvRowMessages[] }) {
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
      {rows.map(({ row, messages }) => (
        <Box component="li" key={row}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {csvRowHeading(row)}
          </Typography>
          <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
            {messages.map((message) => (
              <Typography component="li" variant="body2" key={message}>
                {message}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

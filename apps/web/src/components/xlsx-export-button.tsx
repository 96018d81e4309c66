import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FileDownload from '@mui/icons-material/FileDownloadOutlined';
import { saveFile } from '../lib/download';
import { ResultDialog, errorResult, type ActionResult } from './result-dialog';

/**
 * 'Exportar XLSX' for a list or a view: asks the server for the file (named by its answer, else `fallbackName`),
 * shows it is busy meanwhile and says why in the result dialog when the download fails.
 */
export function XlsxExportButton({
  label,
  fallbackName,
  download,
}: {
  label: string;
  fallbackName: string;
  download: () => Promise<{ blob: Blob; fileName?: string | null }>;
}) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionResult | null>(null);
  const run = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await download();
      saveFile(blob, fileName ?? fallbackName);
    } catch (error) {
      setResult(errorResult(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={16} /> : <FileDownload />}
        disabled={busy}
        onClick={() => void run()}
      >
        {label}
      </Button>
      <ResultDialog result={result} onAccept={() => setResult(null)} />
    </>
  );
}

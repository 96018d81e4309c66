import {
  FINANCING_MESSAGES,
  PROVISION_WIZARD_MESSAGES,
  checkCsvFileName,
  decodeCsvBytes,
  parseCsvRows,
  validateRowsInChunks,
  type CsvRowMessages,
  type CsvUnit,
} from '@planpiso/domain';

export type CsvPhase = 'reading' | 'checking';
export type CsvProgressReport = { phase: CsvPhase; done: number; total: number };

/** What an upload gives the step: its units and warnings, or why the whole file is refused. */
export type CsvOutcome =
  | { ok: true; units: CsvUnit[]; warnings: CsvRowMessages[] }
  | { ok: false; errors: CsvRowMessages[]; message?: string };

/** Rows checked between two paints: a 5,000-row file gives the progress bar 20 steps. */
const CHUNK = 250;

/** A real yield to the browser (a macrotask), so the progress bar paints between chunks. */
const nextFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Reads an uploaded CSV the way spec 3 §5 says, with the domain's rules end to end: the extension (.csv only), the
 * bytes decoded as UTF-8 (± BOM) or windows-1252, the rows parsed by papaparse, then every row checked in chunks
 * with progress between them, so a long file never freezes the page. Any error refuses the whole file.
 */
export async function readProvisionCsv(
  file: File,
  onProgress: (report: CsvProgressReport) => void = () => undefined,
  pause: () => Promise<void> = nextFrame,
): Promise<CsvOutcome> {
  const extension = checkCsvFileName(file.name);
  if (extension) return { ok: false, errors: [], message: extension };
  onProgress({ phase: 'reading', done: 0, total: file.size });
  const bytes = new Uint8Array(await file.arrayBuffer());
  await pause();
  const rows = parseCsvRows(decodeCsvBytes(bytes));
  if (rows.length === 0) return { ok: false, errors: [], message: PROVISION_WIZARD_MESSAGES.csvEmpty };
  onProgress({ phase: 'checking', done: 0, total: rows.length });
  await pause();
  const result = await validateRowsInChunks(rows, {
    chunkSize: CHUNK,
    pause,
    onProgress: (done, total) => onProgress({ phase: 'checking', done, total }),
  });
  return result.ok ? result : { ok: false, errors: result.errors };
}

/** The error dialog's title (spec 3 §5, verbatim: 'Ocurio un error'). */
export const CSV_ERROR_TITLE = FINANCING_MESSAGES.csvErrorTitle;

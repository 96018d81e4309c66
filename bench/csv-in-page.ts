// Runs in Chromium (bundled by esbuild in csv-parse.ts): the provision wizard's CSV code path over one file's bytes,
// with the domain module the web app imports. `window.__benchCsv(base64, runs)` decodes the bytes once (what
// File.arrayBuffer hands the wizard), then times each run from the bytes to the checked units:
//  - `sync`: decodeCsvBytes → parseProvisionCsv (parseCsvRows + validateRows), the work itself;
//  - `chunked`: decodeCsvBytes → parseCsvRows → validateRowsInChunks in 250-row chunks with a macrotask between
//    them, as the wizard's CSV step runs it so its progress bar paints (the pauses are part of what a person waits).
import {
  decodeCsvBytes,
  parseCsvRows,
  parseProvisionCsv,
  validateRowsInChunks,
  type CsvResult,
} from '@planpiso/domain';

export type CsvRunReport = {
  syncMs: number[];
  chunkedMs: number[];
  units: number;
  errors: number;
  firstAgency: string;
  firstColor: string;
};

declare global {
  interface Window {
    __benchCsv?: (base64: string, runs: number) => Promise<CsvRunReport>;
  }
}

const CHUNK = 250;
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

window.__benchCsv = async (base64, runs) => {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const syncMs: number[] = [];
  const chunkedMs: number[] = [];
  let last: CsvResult | undefined;
  for (let run = 0; run < runs; run++) {
    let started = performance.now();
    last = parseProvisionCsv(decodeCsvBytes(bytes));
    syncMs.push(performance.now() - started);
    started = performance.now();
    await validateRowsInChunks(parseCsvRows(decodeCsvBytes(bytes)), { chunkSize: CHUNK, pause });
    chunkedMs.push(performance.now() - started);
  }
  const units = last?.ok ? last.units : [];
  return {
    syncMs,
    chunkedMs,
    units: units.length,
    errors: last && !last.ok ? last.errors.length : 0,
    firstAgency: units[0]?.agency ?? '',
    firstColor: units[0]?.color ?? '',
  };
};

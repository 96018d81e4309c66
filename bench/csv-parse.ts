// Parsing and checking a 5,000-row CSV in the browser (issue 16, target ≤ 300 ms): a windows-1252 file as a Spanish
// Excel writes it (header row, CRLF, accents in SUCURSAL and the colours, quoted descriptions with commas), read in
// Chromium by the domain's code the wizard runs (csv-in-page.ts, bundled here with esbuild as the web build would).
// Warm: the first runs (JIT, papaparse's first call) are dropped; the figure is the median of the rest.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CSV_COLUMNS } from '@planpiso/domain';
import { NEW_VEHICLES } from '@planpiso/simulators/fixtures';
import { CHROMIUM_ARGS } from '../e2e/support/browser';
import type { CsvRunReport } from './csv-in-page';
import { median } from './menu-click';
import { chromiumPath } from './sign-in-bytes';
import { madeUpVin, VIN_SERIALS } from './vins';

export const CSV_ROWS = 5_000;
const WARM_RUNS = 3;
const MEASURED_RUNS = 15;

const BRANCHES = ['León', 'Querétaro Centro', 'Mérida Norte', 'Monterrey Centro', 'Culiacán'];
const COLORS = ['Azul Marino Metálico', 'Blanco Perla', 'Gris Acero Metálico', 'Rojo Pasión', 'Café Montaña'];
const INSIDE = ['Gris Claro', 'Negro Ónix', 'Beige Arena', 'Café Cuero'];

/** A field as Excel writes it: quoted when it holds a comma or a quote. */
const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The file's text: a header then `rows` units, CRLF line ends. */
export function csvText(rows = CSV_ROWS): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (let i = 0; i < rows; i++) {
    const vehicle = NEW_VEHICLES[i % NEW_VEHICLES.length]!;
    lines.push(
      [
        BRANCHES[i % BRANCHES.length]!,
        vehicle.marca.slice(0, 15),
        vehicle.tipo.slice(0, 8),
        vehicle.modelo,
        `${vehicle.descripcion.slice(0, 30)}, ${i % 2 ? 'equipada' : 'básica'}`,
        COLORS[i % COLORS.length]!,
        INSIDE[i % INSIDE.length]!,
        // Serials no other part of the bench hands out: the creates start at VIN_SERIALS.bench.
        madeUpVin(VIN_SERIALS.bench - CSV_ROWS + i),
        `${vehicle.motor.slice(0, 10)}${i}`,
        `${Math.round(vehicle.valorFactura * 0.9)}.${String(i % 100).padStart(2, '0')}`,
      ]
        .map(field)
        .join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

/** windows-1252 bytes of a text with only Latin-1 characters (the accents of Spanish). */
export function windows1252(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff) throw new Error(`not a Latin-1 character: ${text[i]}`);
    bytes[i] = code;
  }
  return bytes;
}

export type CsvParseResult = {
  rows: number;
  bytes: number;
  /** Bytes → checked units, each warm run (ms). */
  samplesMs: number[];
  medianMs: number;
  /** The same with the wizard's 250-row chunks and a macrotask between them (ms). */
  chunkedSamplesMs: number[];
  chunkedMedianMs: number;
};

export async function measureCsvParse(): Promise<CsvParseResult> {
  const bytes = windows1252(csvText());
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./csv-in-page.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html lang="es"><head><meta charset="utf-8"></head><body></body></html>');
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    const report = await page.evaluate(([base64, runs]) => window.__benchCsv!(base64, runs), [
      Buffer.from(bytes).toString('base64'),
      WARM_RUNS + MEASURED_RUNS,
    ] as const);
    check(report);
    const samplesMs = report.syncMs.slice(WARM_RUNS);
    const chunkedSamplesMs = report.chunkedMs.slice(WARM_RUNS);
    return {
      rows: CSV_ROWS,
      bytes: bytes.length,
      samplesMs,
      medianMs: median(samplesMs),
      chunkedSamplesMs,
      chunkedMedianMs: median(chunkedSamplesMs),
    };
  } finally {
    await browser.close();
  }
}

/** A fast answer only counts if it is the right one: every row a unit, the accents read as accents. */
function check(report: CsvRunReport) {
  if (report.errors > 0 || report.units !== CSV_ROWS) {
    throw new Error(`the CSV gave ${report.units} units and ${report.errors} rows with errors, not ${CSV_ROWS} units`);
  }
  if (report.firstAgency !== BRANCHES[0] || report.firstColor !== COLORS[0]) {
    throw new Error(`windows-1252 read wrong: '${report.firstAgency}', '${report.firstColor}'`);
  }
}

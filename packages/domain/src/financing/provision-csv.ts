import Papa from 'papaparse';
import { VIN_MAX_LENGTH, VIN_MIN_LENGTH } from '../limits';
import {
  FINANCING_MESSAGES,
  csvColumnEmpty,
  csvColumnLengthRange,
  csvColumnNotNumeric,
  csvColumnNotValue,
  csvColumnTooLong,
  csvColumnTooManyDigits,
  csvRowHeading,
  vinRepeatedWarning,
} from '../messages-financing';
import {
  UNIT_AMOUNT_MAX_DIGITS,
  UNIT_TEXT_LIMITS,
  readUnitAmount,
  type UnitDraft,
  type UnitTextField,
} from './unit-form';
import { vinWarning } from './vin';

/**
 * The CSV of units of a provision (spec 3 §5 "CSV upload"): exactly 10 columns in the order of spec 3 §3, one unit a
 * row. The whole upload is refused on any error, the errors grouped per row ('La fila N:').
 *
 * Row numbers: N is the row of the user's spreadsheet — the file's records counted from 1, the header and blank rows
 * included — so 'La fila 7' is the row 7 the dealer sees in Excel.
 */

/** The columns, in the file's order (spec 3 §3 "CSV columns (exactly 10, in this order)"). */
export const CSV_COLUMNS = [
  'SUCURSAL',
  'MARCA',
  'TIPO UNIDAD',
  'MODELO/YEAR',
  'DESCRIPCION',
  'COLOR EXTERNO',
  'COLOR INTERNO',
  'VIN',
  'MOTOR',
  'VALOR TOTAL',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Which unit field each text column fills, and its width (spec 3 §5; the same widths as the unit form). */
const TEXT_COLUMNS: ReadonlyArray<{ column: CsvColumn; field: UnitTextField }> = [
  { column: 'SUCURSAL', field: 'agency' },
  { column: 'MARCA', field: 'brandName' },
  { column: 'TIPO UNIDAD', field: 'type' },
  { column: 'MODELO/YEAR', field: 'model' },
  { column: 'DESCRIPCION', field: 'description' },
  { column: 'COLOR EXTERNO', field: 'color' },
  { column: 'COLOR INTERNO', field: 'insideColor' },
  { column: 'MOTOR', field: 'motorNumber' },
];

const columnIndex = (column: CsvColumn) => CSV_COLUMNS.indexOf(column);

export type CsvRow = { row: number; cells: string[] };
export type CsvRowMessages = { row: number; messages: string[] };
export type CsvUnit = UnitDraft & { row: number };
export type CsvResult =
  { ok: true; units: CsvUnit[]; warnings: CsvRowMessages[] } | { ok: false; errors: CsvRowMessages[] };
export type CsvProgress = (done: number, total: number) => void;

// --- Bytes to text -----------------------------------------------------------------------------------------------

// windows-1252's 0x80–0x9F (WHATWG encoding standard); the five bytes it leaves undefined map to the C1 control of
// the same value, as browsers do. 0xA0–0xFF are ISO-8859-1, the code point of the same value.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/** Decodes windows-1252 by table: Node 20's TextDecoder('windows-1252') is not to be trusted (ARCHITECTURE §3). */
export function decodeWindows1252(bytes: Uint8Array): string {
  const CHUNK = 8192;
  let text = '';
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const end = Math.min(start + CHUNK, bytes.length);
    const codes = new Array<number>(end - start);
    for (let i = start; i < end; i++) {
      const byte = bytes[i]!;
      codes[i - start] = byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80]! : byte;
    }
    text += String.fromCharCode(...codes);
  }
  return text;
}

/**
 * The text of an uploaded CSV: UTF-8 when the bytes are valid UTF-8 (with or without a BOM, which is dropped),
 * otherwise windows-1252 — what Excel writes as "CSV" on a Spanish Windows (spec 3 §5 reads ISO-8859-1; windows-1252
 * is its superset, and the browser's 'iso-8859-1' decoder is windows-1252 anyway). Pure ASCII reads the same
 * either way. The browser and the server call this one function, so both see the same text.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  const hasBom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = hasBom ? bytes.subarray(3) : bytes;
  try {
    // A fatal UTF-8 decoder refuses any invalid sequence; that refusal is what tells windows-1252 apart.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    return decodeWindows1252(body);
  }
}

// --- Text to rows ------------------------------------------------------------------------------------------------

/** A header cell as compared: no accents, upper case, blanks collapsed and none around '/'. */
const normaliseHeader = (cell: string) =>
  cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*\/\s*/g, '/')
    .trim();

/** Is this row the column names (case, accents and spacing aside)? Then it is a header, not a unit. */
export function isHeaderRow(cells: readonly string[]): boolean {
  return cells.length === CSV_COLUMNS.length && cells.every((cell, i) => normaliseHeader(cell) === CSV_COLUMNS[i]);
}

const isBlankRow = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * The records of a CSV text, numbered as the spreadsheet numbers them. Commas separate (a Mexican Excel writes
 * them); fields may be quoted, with commas, quotes ('""') and line breaks inside; CRLF or LF. A first row that names
 * the columns is dropped, and so is every blank row (empty, or only commas and blanks: what a spreadsheet writes for
 * an emptied row), wherever it is, without renumbering the others.
 */
export function parseCsvRows(text: string): CsvRow[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parsed = Papa.parse<string[]>(source, { delimiter: ',', quoteChar: '"', header: false, skipEmptyLines: false });
  const rows: CsvRow[] = [];
  parsed.data.forEach((cells, index) => {
    if (index === 0 && isHeaderRow(cells)) return;
    if (isBlankRow(cells)) return;
    rows.push({ row: index + 1, cells });
  });
  return rows;
}

// --- Rows to units -----------------------------------------------------------------------------------------------

/** One row's unit, or its messages in column order (spec 3 §5: every failing column is named, not just the first). */
export function validateRow(
  cells: readonly string[],
): { ok: true; unit: UnitDraft } | { ok: false; messages: string[] } {
  if (cells.length !== CSV_COLUMNS.length) return { ok: false, messages: [FINANCING_MESSAGES.csvColumnCount] };
  const messages: string[] = [];
  const cell = (column: CsvColumn) => (cells[columnIndex(column)] ?? '').trim();
  const unit: Partial<Record<UnitTextField | 'vinNumber' | 'amount', string>> = {};

  for (const column of CSV_COLUMNS) {
    const value = cell(column);
    if (column === 'VIN') {
      // Ours: the length is checked on the trimmed VIN (the spec trims "afterwards"), so a 16-character VIN with a
      // trailing blank is not let through, and the CSV and the unit form give the same verdict.
      if (value === '') messages.push(csvColumnEmpty(column));
      else if (value.length < VIN_MIN_LENGTH || value.length > VIN_MAX_LENGTH)
        messages.push(csvColumnLengthRange(column, VIN_MIN_LENGTH, VIN_MAX_LENGTH));
      else unit.vinNumber = value;
    } else if (column === 'VALOR TOTAL') {
      const amount = readUnitAmount(value);
      if (amount.ok) unit.amount = amount.money.toDecimalString();
      else if (amount.error === 'empty') messages.push(csvColumnEmpty(column));
      else if (amount.error === 'digits') messages.push(csvColumnTooManyDigits(column, UNIT_AMOUNT_MAX_DIGITS));
      else if (amount.error === 'notPositive') messages.push(csvColumnNotValue(column));
      else messages.push(csvColumnNotNumeric(column)); // not a number, or a third decimal that is not 0
    } else {
      const { field } = TEXT_COLUMNS.find((c) => c.column === column)!;
      const max = UNIT_TEXT_LIMITS[field];
      if (value === '') messages.push(csvColumnEmpty(column));
      else if (value.length > max) messages.push(csvColumnTooLong(column, max));
      else unit[field] = value;
    }
  }
  return messages.length > 0 ? { ok: false, messages } : { ok: true, unit: unit as UnitDraft };
}

export type ValidateRowsOptions = { onProgress?: CsvProgress; chunkSize?: number };

const DEFAULT_CHUNK = 500;

function collect(rows: readonly CsvRow[], from: number, to: number, units: CsvUnit[], errors: CsvRowMessages[]) {
  for (let i = from; i < to; i++) {
    const { row, cells } = rows[i]!;
    const result = validateRow(cells);
    if (result.ok) units.push({ ...result.unit, row });
    else errors.push({ row, messages: result.messages });
  }
}

/**
 * Warnings never refuse the upload: a 17-character VIN with a wrong check digit, and a VIN that repeats an earlier
 * row's (ours: the spec says nothing of either; the person decides).
 */
function warningsOf(units: readonly CsvUnit[]): CsvRowMessages[] {
  const firstRowOfVin = new Map<string, number>();
  const warnings: CsvRowMessages[] = [];
  for (const unit of units) {
    const messages: string[] = [];
    const checkDigit = vinWarning(unit.vinNumber);
    if (checkDigit) messages.push(checkDigit);
    const key = unit.vinNumber.toUpperCase();
    const first = firstRowOfVin.get(key);
    if (first === undefined) firstRowOfVin.set(key, unit.row);
    else messages.push(vinRepeatedWarning(unit.vinNumber, first));
    if (messages.length > 0) warnings.push({ row: unit.row, messages });
  }
  return warnings;
}

const finish = (units: CsvUnit[], errors: CsvRowMessages[]): CsvResult =>
  errors.length > 0 ? { ok: false, errors } : { ok: true, units, warnings: warningsOf(units) };

/**
 * Collects `rows` chunk by chunk into `units` and `errors`, calling `onProgress(done, total)` after each chunk and
 * yielding how many rows are done, so the caller decides what happens between chunks.
 */
function* collectInChunks(
  rows: readonly CsvRow[],
  options: ValidateRowsOptions,
  units: CsvUnit[],
  errors: CsvRowMessages[],
): Generator<number> {
  const chunk = Math.max(1, options.chunkSize ?? DEFAULT_CHUNK);
  for (let from = 0; from < rows.length; from += chunk) {
    const to = Math.min(from + chunk, rows.length);
    collect(rows, from, to, units, errors);
    options.onProgress?.(to, rows.length);
    yield to;
  }
  if (rows.length === 0) options.onProgress?.(0, 0);
}

/** Validates every row at once; `onProgress(done, total)` is called after each chunk of rows. */
export function validateRows(rows: readonly CsvRow[], options: ValidateRowsOptions = {}): CsvResult {
  const units: CsvUnit[] = [];
  const errors: CsvRowMessages[] = [];
  for (const done of collectInChunks(rows, options, units, errors)) void done;
  return finish(units, errors);
}

/**
 * The same, giving the event loop a turn between chunks so a browser can paint a progress bar over a 5,000-row
 * file. `pause` defaults to a zero timeout; tests may pass their own.
 */
export async function validateRowsInChunks(
  rows: readonly CsvRow[],
  options: ValidateRowsOptions & { pause?: () => Promise<void> } = {},
): Promise<CsvResult> {
  const pause = options.pause ?? (() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  const units: CsvUnit[] = [];
  const errors: CsvRowMessages[] = [];
  for (const done of collectInChunks(rows, options, units, errors)) {
    if (done < rows.length) await pause();
  }
  return finish(units, errors);
}

/** Text to units in one call: `parseCsvRows` then `validateRows`. */
export function parseProvisionCsv(text: string, options: ValidateRowsOptions = {}): CsvResult {
  return validateRows(parseCsvRows(text), options);
}

/** The errors as the dialog lists them: 'La fila N:' then that row's messages. */
export const csvErrorLines = (errors: readonly CsvRowMessages[]): string[] =>
  errors.flatMap(({ row, messages }) => [csvRowHeading(row), ...messages]);

/** Spec 3 §5: the upload accepts .csv only (the extension, any case). */
export function checkCsvFileName(name: string): string | null {
  return /\.csv$/i.test(name.trim()) ? null : FINANCING_MESSAGES.extensionNotAllowed;
}

/**
 * Edit mode (spec 3 §5): a CSV row whose VIN matches a unit already in the provision keeps the existing unit (its
 * id, evidences and checks); the others come in as new. The CSV's rows make the new list, in the file's order (our
 * reading: an upload replaces the units, as it does on create). VINs match trimmed and case aside.
 */
export function mergeCsvUnits<E extends { vinNumber: string }, N extends { vinNumber: string }>(
  existing: readonly E[],
  incoming: readonly N[],
): Array<E | N> {
  const byVin = new Map(existing.map((unit) => [unit.vinNumber.trim().toUpperCase(), unit]));
  return incoming.map((unit) => byVin.get(unit.vinNumber.trim().toUpperCase()) ?? unit);
}

import ExcelJS from 'exceljs';
import { Money } from '@planpiso/domain';

/** How every amount in a spreadsheet we write looks: en-US thousands, 2 decimals (spec 1 §9), a number to sum. */
export const AMOUNT_FORMAT = '#,##0.00';

/** A spreadsheet cell that would start a formula (= + - @, or a tab/CR that some readers strip) is kept as text. */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * One cell of a row: text (neutralised, so it never starts a formula), a plain number (a term, a day count, a rate),
 * or an amount of money — written as a number with AMOUNT_FORMAT, so a spreadsheet can sum it (issue 26 §9).
 */
export type SheetCell = string | number | Money;

/** Appends a row of cells to `sheet`; amounts become numbers with the amount format. */
export function addSheetRow(sheet: ExcelJS.Worksheet, cells: readonly SheetCell[]): ExcelJS.Row {
  const row = sheet.addRow(
    cells.map((cell) =>
      cell instanceof Money ? cell.toNumber() : typeof cell === 'string' ? neutraliseCell(cell) : cell,
    ),
  );
  cells.forEach((cell, index) => {
    if (cell instanceof Money) row.getCell(index + 1).numFmt = AMOUNT_FORMAT;
  });
  return row;
}

/** A workbook with one sheet whose first row is `columns` in bold (every export of the app starts so). */
export function newWorkbook(sheetName: string, columns: readonly string[], created: Date) {
  const workbook = new ExcelJS.Workbook();
  workbook.created = created;
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow([...columns]);
  sheet.getRow(1).font = { bold: true };
  return { workbook, sheet };
}

/**
 * A whole one-sheet XLSX, as every export of the app writes it (the provision's and the refinancing's units, the
 * layout): the header row in bold, one row of cells per item, every column `width` wide.
 */
export async function sheetXlsx(input: {
  sheetName: string;
  columns: readonly string[];
  rows: Iterable<readonly SheetCell[]>;
  created: Date;
  width: number;
}): Promise<Buffer> {
  const { workbook, sheet } = newWorkbook(input.sheetName, input.columns, input.created);
  for (const cells of input.rows) addSheetRow(sheet, cells);
  sheet.columns.forEach((column) => (column.width = input.width));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

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

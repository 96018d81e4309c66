import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { Money } from '@planpiso/domain';
import { AMOUNT_FORMAT, addSheetRow, neutraliseCell, newWorkbook } from './spreadsheet';

describe('the spreadsheets we write (issue 26 §9)', () => {
  it('writes amounts as numbers with the amount format, and text that would start a formula as text', async () => {
    const { workbook, sheet } = newWorkbook('Unidades', ['VIN', 'Monto', 'Plazo'], new Date('2026-11-24T18:00:00Z'));
    addSheetRow(sheet, ['=cmd|/C calc!A0', Money.of('1916655.5'), 3]);
    addSheetRow(sheet, ['-1', Money.of('-0.05'), 'N/A']);
    const read = new ExcelJS.Workbook();
    await read.xlsx.load((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    const back = read.getWorksheet('Unidades')!;
    expect(back.getRow(1).font?.bold).toBe(true);
    const amount = back.getRow(2).getCell(2);
    expect(amount.type).toBe(ExcelJS.ValueType.Number);
    expect(amount.value).toBe(1916655.5);
    expect(amount.numFmt).toBe(AMOUNT_FORMAT);
    expect(back.getRow(3).getCell(2).value).toBe(-0.05);
    expect(back.getRow(2).getCell(1).value).toBe("'=cmd|/C calc!A0");
    expect(back.getRow(3).getCell(1).value).toBe("'-1");
    expect(back.getRow(2).getCell(3).value).toBe(3);
    expect(back.getRow(2).getCell(3).numFmt).toBeUndefined();
    back.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+52 81', "'+52 81"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\tx', "'\tx"],
    ['Versa', 'Versa'],
  ])('neutralises %j as %j', (value, text) => expect(neutraliseCell(value)).toBe(text));
});

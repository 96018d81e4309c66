import {
  AGING_BUCKETS,
  Money,
  PORTFOLIO_MESSAGES as TEXT,
  type PortfolioFigure,
  type PortfolioView,
} from '@planpiso/domain';
import { addSheetRow, newWorkbook } from '../../platform/spreadsheet';

/**
 * GET /api/portfolio/export: the view's figures as 'Cartera (DD-MM-YYYY).xlsx' — a summary sheet (concept, units,
 * amount: the same numbers as the screen's cards) and one row per company (its group, exposure, line and sold/SOT).
 */
export async function portfolioXlsx(view: PortfolioView, created: Date): Promise<{ bytes: Buffer; fileName: string }> {
  const { workbook, sheet } = newWorkbook(TEXT.xlsxSummarySheet, TEXT.xlsxSummaryColumns, created);
  const line = (concept: string, figure: PortfolioFigure) =>
    addSheetRow(sheet, [concept, figure.count, Money.of(figure.amount)]);
  line(TEXT.exposure, view.exposure);
  AGING_BUCKETS.forEach((bucket, index) => line(`${TEXT.aging}: ${bucket.label}`, view.aging[index]!));
  line(`${TEXT.curtailments}: ${TEXT.in7Days}`, view.curtailments.in7Days);
  line(`${TEXT.curtailments}: ${TEXT.in30Days}`, view.curtailments.in30Days);
  line(`${TEXT.maturities}: ${TEXT.in7Days}`, view.maturities.in7Days);
  line(`${TEXT.maturities}: ${TEXT.in30Days}`, view.maturities.in30Days);
  line(TEXT.soldUnpaid, view.soldUnpaid);
  line(TEXT.soldOutOfTrust, view.soldOutOfTrust);
  addSheetRow(sheet, [TEXT.lineLimit, '', Money.of(view.lines.limit)]);
  addSheetRow(sheet, [TEXT.lineUsed, '', Money.of(view.lines.used)]);
  addSheetRow(sheet, [TEXT.percent, view.lines.percent ?? '', '']);
  addSheetRow(sheet, [TEXT.auditsOpen, view.audits.open, '']);
  addSheetRow(sheet, [TEXT.auditFindings, view.audits.findings, '']);
  sheet.getColumn(1).width = 48;
  sheet.getColumn(2).width = 12;
  sheet.getColumn(3).width = 20;

  const companies = workbook.addWorksheet(TEXT.xlsxCompaniesSheet);
  companies.addRow([...TEXT.xlsxCompanyColumns]);
  companies.getRow(1).font = { bold: true };
  for (const company of view.byCompany) {
    addSheetRow(companies, [
      company.accountName,
      company.companyName,
      company.count,
      Money.of(company.amount),
      company.line ? Money.of(company.line.limit) : TEXT.noLine,
      company.line?.percent ?? '',
      company.soldUnpaid.count,
      company.soldOutOfTrust.count,
    ]);
  }
  companies.columns.forEach((column) => (column.width = 20));
  return { bytes: Buffer.from(await workbook.xlsx.writeBuffer()), fileName: TEXT.xlsxName(view.today) };
}

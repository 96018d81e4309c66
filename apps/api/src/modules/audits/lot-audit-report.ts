import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';
import {
  formatAmountText,
  formatBusinessDateTime,
  LOT_AUDIT_MESSAGES as TEXT,
  type LotAuditUnits,
} from '@planpiso/domain';

// The lot audit's report (issue 29 §3): a PDF made on the server with pdfmake, as the statistics report is — the
// audit, its progress and findings, then one row per unit with its result, when and where it was checked and its
// photo's thumbnail. Roboto, shipped inside pdfmake, carries every Spanish character.

const require = createRequire(import.meta.url);
const fonts = require('pdfmake/fonts/Roboto.js') as Parameters<typeof pdfmake.setFonts>[0];
pdfmake.setFonts(fonts);
// Nothing from outside: the photos come in as data URLs read from storage, the fonts from pdfmake's folder.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => path.includes('pdfmake') && path.endsWith('.ttf'));

const NAVY = '#0e3a66';
const shownDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** A photo as pdfmake takes it: PNG or JPEG bytes as a data URL. */
export type ReportPhoto = { contentType: string; bytes: Buffer };
const PDF_IMAGE_TYPES = new Set(['image/png', 'image/jpeg']);

export function lotAuditReportDefinition(
  report: LotAuditUnits,
  photos: ReadonlyMap<number, ReportPhoto>,
  generatedAt: Date,
): object {
  const { audit, units, findings } = report;
  const header = (text: string) => ({ text, bold: true, color: 'white', fillColor: NAVY, fontSize: 8 });
  const rows = units.map((unit) => {
    const photo = unit.photoFileId === null ? undefined : photos.get(unit.photoFileId);
    const image =
      photo && PDF_IMAGE_TYPES.has(photo.contentType)
        ? { image: `data:${photo.contentType};base64,${photo.bytes.toString('base64')}`, fit: [64, 64] }
        : { text: unit.photoFileId === null ? TEXT.reportNoPhoto : TEXT.photoAttached, color: '#666666' };
    const location =
      unit.latitude !== null && unit.longitude !== null
        ? `${unit.latitude.toFixed(5)}, ${unit.longitude.toFixed(5)}`
        : TEXT.locationMissing;
    return [
      { text: unit.vin, font: 'Roboto', fontSize: 8 },
      { text: `${unit.model} ${unit.description}`.trim(), fontSize: 8 },
      { text: formatAmountText(unit.amount), alignment: 'right', fontSize: 8 },
      { text: unit.resultName, bold: true, fontSize: 8 },
      {
        text: unit.checkedAt ? `${formatBusinessDateTime(unit.checkedAt)}\n${unit.checkedByName ?? ''}` : '-',
        fontSize: 8,
      },
      { text: location, fontSize: 7 },
      image,
    ];
  });
  return {
    pageSize: 'LETTER',
    pageOrientation: 'landscape',
    pageMargins: [32, 32, 32, 40],
    info: { title: TEXT.reportTitle(audit.folio) },
    footer: (page: number, pages: number) => ({
      text: `${page} / ${pages}`,
      alignment: 'right',
      fontSize: 8,
      margin: [0, 10, 32, 0],
    }),
    content: [
      { text: TEXT.reportTitle(audit.folio), fontSize: 16, bold: true, color: NAVY },
      {
        margin: [0, 6, 0, 8],
        fontSize: 9,
        columns: [
          {
            stack: [
              `${TEXT.reportCompany}: ${audit.companyName}`,
              `${TEXT.reportAuditor}: ${audit.auditor}`,
              `${TEXT.reportDays}: ${shownDay(audit.initialDate)} – ${shownDay(audit.endDate)}`,
            ],
          },
          {
            stack: [
              `${TEXT.progressLabel}: ${audit.progress.text}`,
              audit.closedAt
                ? `${TEXT.reportClosedAt}: ${formatBusinessDateTime(audit.closedAt)}`
                : { text: TEXT.reportOpen, bold: true },
              audit.selfAuditDeadline ? TEXT.selfAuditUntil(audit.selfAuditDeadline) : '',
              `Generado: ${formatBusinessDateTime(generatedAt)}`,
            ],
          },
        ],
      },
      ...(findings.length > 0
        ? [
            { text: TEXT.findings, bold: true, fontSize: 11, margin: [0, 0, 0, 4] },
            {
              ul: findings.map((f) => `${f.vin} — ${f.kindName}. ${TEXT.findingDeadline(f.deadline)}`),
              fontSize: 9,
              margin: [0, 0, 0, 8],
            },
          ]
        : []),
      units.length === 0
        ? { text: TEXT.noUnits, italics: true }
        : {
            table: {
              headerRows: 1,
              dontBreakRows: true,
              widths: [110, '*', 70, 62, 100, 84, 68],
              body: [
                [
                  header(TEXT.vinLabel),
                  header(TEXT.reportModel),
                  header(TEXT.reportAmount),
                  header(TEXT.reportResult),
                  header(TEXT.reportCheckedAt),
                  header(TEXT.reportLocation),
                  header(TEXT.reportPhoto),
                ],
                ...rows,
              ],
            },
            layout: 'lightHorizontalLines',
          },
    ],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
  };
}

/**
 * Whether pdfkit can draw these bytes: a photo whose bytes are damaged (a cut upload) is left out of the report, its
 * row saying 'Foto adjunta', rather than failing the whole report.
 */
export async function drawablePhoto(photo: ReportPhoto): Promise<boolean> {
  if (!PDF_IMAGE_TYPES.has(photo.contentType)) return false;
  try {
    const image = `data:${photo.contentType};base64,${photo.bytes.toString('base64')}`;
    await pdfmake.createPdf({ content: [{ image, fit: [8, 8] }] }).getBuffer();
    return true;
  } catch {
    return false;
  }
}

export function lotAuditReportPdf(
  report: LotAuditUnits,
  photos: ReadonlyMap<number, ReportPhoto>,
  generatedAt: Date,
): Promise<Buffer> {
  return pdfmake.createPdf(lotAuditReportDefinition(report, photos, generatedAt)).getBuffer();
}

import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';
import { formatAmountText, type StatisticsResponse, CONFIGURATION_MESSAGES } from '@planpiso/domain';

// The statistics report (spec 2 §2 "Provisions statistics"): a landscape PDF with the chart and its table, made on
// the server with pdfmake. Roboto, shipped inside pdfmake, carries every Spanish character.

const require = createRequire(import.meta.url);
const fonts = require('pdfmake/fonts/Roboto.js') as Parameters<typeof pdfmake.setFonts>[0];
pdfmake.setFonts(fonts);
// The report never loads anything from outside: no URL, no file but the fonts.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => path.includes('pdfmake') && path.endsWith('.ttf'));

/** YYYY-MM-DD → dd/MM/yyyy (spec 1 §9). */
const displayDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const CHART = { width: 700, height: 200, left: 60, bottom: 24 };
const NAVY = '#0e3a66';
const ORANGE = '#e58b3a';

/** The two series as polylines on one canvas, each scaled to its own maximum (amounts and counts differ wildly). */
function chart(graph: StatisticsResponse): object[] {
  const { width, height, left, bottom } = CHART;
  const plotWidth = width - left;
  const plotHeight = height - bottom;
  const n = graph.categories.length;
  const x = (i: number) => left + (n <= 1 ? 0 : (plotWidth * i) / (n - 1));
  const line = (data: number[], color: string) => {
    const max = Math.max(...data, 1);
    return {
      type: 'polyline',
      lineWidth: 2,
      lineColor: color,
      points: data.map((value, i) => ({ x: x(i), y: plotHeight - (plotHeight * value) / max })),
    };
  };
  const axes = [
    { type: 'line', x1: left, y1: 0, x2: left, y2: plotHeight, lineWidth: 0.5, lineColor: '#888888' },
    { type: 'line', x1: left, y1: plotHeight, x2: width, y2: plotHeight, lineWidth: 0.5, lineColor: '#888888' },
  ];
  const [average, count] = graph.series;
  return [
    {
      canvas: [...axes, line(average?.data ?? [], NAVY), line(count?.data ?? [], ORANGE)],
      margin: [0, 8, 0, 0],
    },
    {
      columns: graph.categories.map((label) => ({ text: label, fontSize: 7, alignment: 'center' })),
      margin: [left - 20, 2, -20, 6],
    },
    {
      text: [
        { text: '— ', color: NAVY, bold: true },
        `${average?.name ?? ''} (escala: ${formatAmountText(Math.max(...(average?.data ?? [0])))})    `,
        { text: '— ', color: ORANGE, bold: true },
        `${count?.name ?? ''} (escala: ${Math.max(...(count?.data ?? [0]))})`,
      ],
      fontSize: 8,
      margin: [0, 0, 0, 10],
    },
  ];
}

export async function statisticsPdf(
  graph: StatisticsResponse,
  filters: { creditLine?: string; from?: string; to?: string },
  generatedOn: string,
): Promise<Buffer> {
  const { customer } = graph;
  const filterText = [
    `Cliente: ${customer.name} (${customer.clientId})`,
    `Línea de crédito: ${filters.creditLine ?? 'Todas'}`,
    `Periodo: ${graph.categories[0] ?? ''} a ${graph.categories.at(-1) ?? ''}${filters.from ? ` (desde el ${displayDay(filters.from)})` : ''}`,
  ].join('    ');
  const table = {
    table: {
      headerRows: 1,
      widths: ['*', 'auto', 'auto', 'auto'],
      body: [
        ['Mes', 'Disposiciones', 'Monto total', 'Monto promedio'].map((text) => ({ text, bold: true })),
        ...graph.rows.map((row) => [
          row.label,
          { text: String(row.count), alignment: 'right' },
          { text: formatAmountText(row.total), alignment: 'right' },
          { text: formatAmountText(row.average), alignment: 'right' },
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 8,
  };
  const document = {
    pageSize: 'LETTER',
    pageOrientation: 'landscape',
    pageMargins: [36, 36, 36, 36],
    info: { title: `Estadísticas de disposiciones - ${customer.name}` },
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    content: [
      { text: CONFIGURATION_MESSAGES.statisticsChartTitle, fontSize: 15, bold: true, color: NAVY },
      { text: customer.legalName ?? customer.name, fontSize: 11, margin: [0, 4, 0, 0] },
      { text: filterText, fontSize: 8, color: '#555555', margin: [0, 2, 0, 4] },
      ...chart(graph),
      table,
      { text: `Generado el ${generatedOn}`, fontSize: 7, color: '#777777', margin: [0, 8, 0, 0] },
    ],
  };
  return pdfmake.createPdf(document).getBuffer();
}

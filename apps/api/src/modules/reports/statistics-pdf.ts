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

const CHART = { width: 720, height: 200, left: 64, right: 48, bottom: 0 };
const TICKS = 4;
const NAVY = '#0e3a66';
const ORANGE = '#e58b3a';
const GRID = '#dddddd';

/** Moves a canvas shape `dx` points sideways (the canvas sits in a column that starts at the plot's left edge). */
function shift<T extends { type: string }>(shape: T, dx: number): T {
  const moved: Record<string, unknown> = { ...shape };
  for (const key of ['x', 'x1', 'x2'] as const)
    if (typeof moved[key] === 'number') moved[key] = (moved[key] as number) + dx;
  if (Array.isArray(moved.points))
    moved.points = (moved.points as { x: number; y: number }[]).map((p) => ({ ...p, x: p.x + dx }));
  return moved as T;
}

/** A round top for an axis: 1, 2, 2.5 or 5 times a power of ten, at least `max`; counts get whole ticks. */
export function axisTop(max: number, whole = false): number {
  if (max <= 0) return whole ? TICKS : 1;
  const magnitude = 10 ** Math.floor(Math.log10(max / TICKS));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * magnitude).find((candidate) => candidate * TICKS >= max)!;
  const rounded = whole ? Math.max(1, Math.ceil(step)) : step;
  return rounded * TICKS;
}

/**
 * The months a series is drawn for: those from the month of `from` on. A month before the period's start has no
 * data, not zero provisions, so it is left out of the lines rather than plotted as 0 (issue 14 §1.11).
 */
export function plottedMonths(graph: StatisticsResponse, from?: string): boolean[] {
  const first = from?.slice(0, 7);
  return graph.rows.map((row) => !first || row.month >= first);
}

/**
 * The chart: both series on one canvas, the average amount on the left axis and the count of provisions on the right
 * one, each axis with its values; horizontal grid lines at the ticks; a dot per plotted month.
 */
export function statisticsChart(graph: StatisticsResponse, from?: string): object[] {
  const { width, height, left, right } = CHART;
  const plotRight = width - right;
  const plotWidth = plotRight - left;
  const n = graph.categories.length;
  const x = (i: number) => left + (n <= 1 ? plotWidth / 2 : (plotWidth * i) / (n - 1));
  const y = (value: number, top: number) => height - (height * value) / top;
  const plotted = plottedMonths(graph, from);
  const [average, count] = graph.series;
  const averages = average?.data ?? [];
  const counts = count?.data ?? [];
  const amountTop = axisTop(Math.max(0, ...averages.filter((_, i) => plotted[i])));
  const countTop = axisTop(Math.max(0, ...counts.filter((_, i) => plotted[i])), true);

  const ticks = Array.from({ length: TICKS + 1 }, (_, k) => k / TICKS);
  const grid = ticks.map((f) => ({
    type: 'line',
    x1: left,
    y1: height - height * f,
    x2: plotRight,
    y2: height - height * f,
    lineWidth: f === 0 ? 0.8 : 0.4,
    lineColor: f === 0 ? '#888888' : GRID,
  }));
  const axes = [
    { type: 'line', x1: left, y1: 0, x2: left, y2: height, lineWidth: 0.8, lineColor: NAVY },
    { type: 'line', x1: plotRight, y1: 0, x2: plotRight, y2: height, lineWidth: 0.8, lineColor: ORANGE },
  ];
  const series = (data: number[], top: number, color: string) => {
    const points = data.flatMap((value, i) => (plotted[i] ? [{ x: x(i), y: y(value, top) }] : []));
    const dots = points.map((p) => ({ type: 'ellipse', x: p.x, y: p.y, r1: 2, r2: 2, color }));
    return points.length > 1 ? [{ type: 'polyline', lineWidth: 2, lineColor: color, points }, ...dots] : dots;
  };
  // Axis values: text cannot sit inside a canvas, so each axis is a column beside it, a value at each tick's height.
  const axisValues = (text: (f: number) => string, alignment: 'left' | 'right', color: string) =>
    ticks.map((f) => ({
      text: text(f),
      fontSize: 7,
      color,
      alignment,
      relativePosition: { x: 0, y: height - height * f - 4 },
    }));
  const step = n <= 1 ? plotWidth : plotWidth / (n - 1);

  return [
    {
      columns: [
        { width: left - 4, stack: axisValues((f) => formatAmountText(amountTop * f), 'right', NAVY) },
        { width: 4, text: '' },
        {
          width: plotWidth,
          canvas: [
            ...[...grid, ...axes].map((shape) => shift(shape, -left)),
            ...series(averages, amountTop, NAVY).map((shape) => shift(shape, -left)),
            ...series(counts, countTop, ORANGE).map((shape) => shift(shape, -left)),
          ],
        },
        { width: 4, text: '' },
        { width: right - 4, stack: axisValues((f) => String(Math.round(countTop * f)), 'left', ORANGE) },
      ],
      columnGap: 0,
      margin: [0, 10, 0, 6],
    },
    {
      // Each month's name centred under its point.
      columns: [
        { width: left - step / 2, text: '' },
        ...graph.categories.map((text, i) => ({
          width: step,
          text,
          fontSize: 7,
          alignment: 'center',
          color: plotted[i] ? '#333333' : '#aaaaaa',
        })),
      ],
      columnGap: 0,
      margin: [0, 0, 0, 6],
    },
    {
      text: [
        { text: '● ', color: NAVY },
        `${average?.name ?? ''} (eje izquierdo, MXN)    `,
        { text: '● ', color: ORANGE },
        `${count?.name ?? ''} (eje derecho)`,
        ...(plotted.includes(false) ? ['    Los meses anteriores al inicio del periodo no se grafican.'] : []),
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
  const plotted = plottedMonths(graph, filters.from);
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
        // A month before the period's start has no data: a dash, not zeros (as in the chart).
        ...graph.rows.map((row, i) =>
          plotted[i]
            ? [
                row.label,
                { text: String(row.count), alignment: 'right' },
                { text: formatAmountText(row.total), alignment: 'right' },
                { text: formatAmountText(row.average), alignment: 'right' },
              ]
            : [
                { text: row.label, color: '#999999' },
                ...[1, 2, 3].map(() => ({ text: '—', alignment: 'right', color: '#999999' })),
              ],
        ),
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
      ...statisticsChart(graph, filters.from),
      table,
      { text: `Generado el ${generatedOn}`, fontSize: 7, color: '#777777', margin: [0, 8, 0, 0] },
    ],
  };
  return pdfmake.createPdf(document).getBuffer();
}

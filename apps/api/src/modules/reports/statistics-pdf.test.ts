import { describe, expect, it } from 'vitest';
import { provisionStatistics } from '@planpiso/domain';
import { axisTop, statisticsChart } from './statistics-pdf';

type Shape = { type: string; points?: { x: number; y: number }[] };
type Node = { canvas?: Shape[]; stack?: Node[]; columns?: Node[]; text?: unknown };

/** Every node of a pdfmake tree, depth first. */
const walk = (nodes: object[]): Node[] =>
  (nodes as Node[]).flatMap((n) => [n, ...walk([...(n.stack ?? []), ...(n.columns ?? [])])]);

const graph = {
  customer: { name: 'Autos del Bajío', legalName: null, clientId: '10003' },
  ...provisionStatistics(
    [
      { month: '2026-04', total: '100000.00' },
      { month: '2026-06', total: '300000.00' },
      { month: '2026-06', total: '100000.00' },
    ],
    '2026-06-15',
  ),
};

const shapes = (nodes: object[]) => walk(nodes).flatMap((n) => n.canvas ?? []);
const texts = (nodes: object[]) =>
  walk(nodes.slice(0, 2))
    .filter((n) => typeof n.text === 'string' && n.text !== '')
    .map((n) => n.text as string);

describe('the statistics PDF chart (issue 14 §1.11)', () => {
  it('rounds each axis up to tick values a person can read', () => {
    expect(axisTop(200000)).toBe(200000);
    expect(axisTop(146666.67)).toBe(200000);
    expect(axisTop(3, true)).toBe(4);
    expect(axisTop(0, true)).toBe(4);
    expect(axisTop(0)).toBe(1);
  });

  it('labels both axes with their values', () => {
    const labels = texts(statisticsChart(graph));
    // Left axis: the average amount; right axis: the number of provisions.
    expect(labels).toEqual(expect.arrayContaining(['0.00', '50,000.00', '100,000.00', '150,000.00', '200,000.00']));
    expect(labels).toEqual(expect.arrayContaining(['0', '1', '2']));
    expect(labels).toEqual(expect.arrayContaining(['jul 2025', 'jun 2026']));
  });

  it('plots every month without a start date', () => {
    const lines = shapes(statisticsChart(graph)).filter((s) => s.type === 'polyline');
    expect(lines.map((l) => l.points!.length)).toEqual([12, 12]);
  });

  it('leaves the months before the start date out of the lines instead of plotting them as 0', () => {
    const nodes = statisticsChart(graph, '2026-03-10');
    const lines = shapes(nodes).filter((s) => s.type === 'polyline');
    // March to June: 4 months of each series.
    expect(lines.map((l) => l.points!.length)).toEqual([4, 4]);
    const firstX = Math.min(...lines[0]!.points!.map((p) => p.x));
    const marchX = shapes(statisticsChart(graph)).find((s) => s.type === 'polyline')!.points![8]!.x;
    expect(firstX).toBe(marchX);
    expect(JSON.stringify(nodes)).toContain('Los meses anteriores al inicio del periodo no se grafican.');
  });
});

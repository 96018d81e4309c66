import { describe, expect, it } from 'vitest';
import { FINANCING_MESSAGES, PROVISION_WIZARD_MESSAGES } from '@planpiso/domain';
import { readProvisionCsv, type CsvProgressReport } from './csv-step-reader';
import { evidenceSizeText } from './evidence-dialog';

const row = (i: number) =>
  `León,Nissan,Versa,2027,VERSA ADVANCE,Azul Marino Metálico,Gris,VIN${String(i).padStart(14, '0')},M-${i},1000`;
const file = (text: string, name = 'unidades.csv') => new File([new TextEncoder().encode(text)], name);

describe('reading a CSV in the browser', () => {
  it('reports its progress chunk by chunk on a long file, yielding between chunks', async () => {
    const reports: CsvProgressReport[] = [];
    let pauses = 0;
    const lines = Array.from({ length: 1000 }, (_, i) => row(i + 1));
    const outcome = await readProvisionCsv(
      file(lines.join('\n')),
      (r) => reports.push(r),
      async () => {
        pauses += 1;
      },
    );
    expect(outcome.ok && outcome.units).toHaveLength(1000);
    const checking = reports.filter((r) => r.phase === 'checking').map((r) => r.done);
    expect(checking).toEqual([0, 250, 500, 750, 1000]);
    expect(pauses).toBeGreaterThanOrEqual(4);
  });

  it('refuses a file that is not .csv, or holds no unit, without reading rows', async () => {
    expect(await readProvisionCsv(file(row(1), 'unidades.txt'))).toEqual({
      ok: false,
      errors: [],
      message: FINANCING_MESSAGES.extensionNotAllowed,
    });
    expect(await readProvisionCsv(file('\r\n\r\n'))).toEqual({
      ok: false,
      errors: [],
      message: PROVISION_WIZARD_MESSAGES.csvEmpty,
    });
  });

  it('reads UTF-8 with a BOM as well as windows-1252', async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(row(1))]);
    const outcome = await readProvisionCsv(new File([bom], 'bom.csv'));
    expect(outcome.ok && outcome.units[0]).toMatchObject({ agency: 'León', color: 'Azul Marino Metálico' });
  });
});

describe('evidence sizes (spec 3 §9)', () => {
  it('shows KB, and MB above 1,000,000 bytes', () => {
    expect(evidenceSizeText(2048)).toBe('2.05 KB');
    expect(evidenceSizeText(1_000_000)).toBe('1000.00 KB');
    expect(evidenceSizeText(2_500_000)).toBe('2.50 MB');
    expect(evidenceSizeText(undefined)).toBe('');
  });
});

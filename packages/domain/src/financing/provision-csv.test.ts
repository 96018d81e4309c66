import { describe, expect, it } from 'vitest';
import {
  CSV_COLUMNS,
  checkCsvFileName,
  csvErrorLines,
  decodeCsvBytes,
  decodeWindows1252,
  isHeaderRow,
  mergeCsvUnits,
  parseCsvRows,
  parseProvisionCsv,
  validateRows,
  validateRowsInChunks,
  validateRow,
  type CsvResult,
} from './provision-csv';
import { unitDraft } from './unit-form';
import { unitOf } from '../test-support/fixtures';

// SUCURSAL, MARCA, TIPO UNIDAD, MODELO/YEAR, DESCRIPCION, COLOR EXTERNO, COLOR INTERNO, VIN, MOTOR, VALOR TOTAL
const HEADER = CSV_COLUMNS.join(',');
const good = [
  'León Centro',
  'Nissan',
  'Sedán',
  '2025',
  'Versa Advance',
  'Azul Marino Metálico',
  'Gris',
  '3N1AB7AP8KY250312',
  'HR16-123456',
  '325000.50',
];
const line = (cells: readonly string[]) => cells.join(',');
const withCell = (column: (typeof CSV_COLUMNS)[number], value: string) => {
  const cells = [...good];
  cells[CSV_COLUMNS.indexOf(column)] = value;
  return cells;
};
const rowMessages = (cells: readonly string[]) => {
  const result = validateRow(cells);
  return result.ok ? [] : result.messages;
};
const units = (result: CsvResult) => {
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.units;
};

/** windows-1252 bytes of a text (every character here is Latin-1 or one of the 0x80–0x9F table's). */
const cp1252 = (text: string) =>
  Uint8Array.from([...text].map((c) => ({ '€': 0x80, '“': 0x93, '”': 0x94, '–': 0x96 })[c] ?? c.charCodeAt(0)));

describe('decoding the bytes', () => {
  const text = `${HEADER}\r\n${line(good)}\r\n`;

  it('reads UTF-8 without a BOM', () => {
    expect(decodeCsvBytes(new TextEncoder().encode(text))).toBe(text);
  });

  it('reads UTF-8 with a BOM and drops it', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    expect(decodeCsvBytes(bytes)).toBe(text);
  });

  it('reads windows-1252 when the bytes are not UTF-8 (accents of León, Metálico, Sedán)', () => {
    const bytes = cp1252(text);
    expect(bytes.includes(0xf3)).toBe(true); // ó as one byte: invalid UTF-8
    expect(decodeCsvBytes(bytes)).toBe(text);
    expect(units(parseProvisionCsv(decodeCsvBytes(bytes)))[0]).toMatchObject({
      agency: 'León Centro',
      color: 'Azul Marino Metálico',
    });
  });

  it('maps windows-1252 0x80–0x9F by table, and the rest as Latin-1', () => {
    expect(decodeWindows1252(new Uint8Array([0x80, 0x93, 0x94, 0x96, 0x9f, 0x81, 0xd1, 0xf1, 0x41]))).toBe(
      '€“”–Ÿ\u0081ÑñA',
    );
    expect(decodeCsvBytes(cp1252('Año “€ 1,000” – Ñandú'))).toBe('Año “€ 1,000” – Ñandú');
  });

  it('decodes a large windows-1252 file', () => {
    const big = 'Metálico,'.repeat(20_000);
    expect(decodeCsvBytes(cp1252(big))).toBe(big);
  });
});

describe('reading rows', () => {
  it('numbers rows as the spreadsheet does, counting the header', () => {
    const rows = parseCsvRows(`${HEADER}\n${line(good)}\n${line(good)}\n`);
    expect(rows.map((r) => r.row)).toEqual([2, 3]);
  });

  it('without a header, the first unit is row 1', () => {
    expect(parseCsvRows(`${line(good)}\n`).map((r) => r.row)).toEqual([1]);
  });

  it.each([
    ['upper case', HEADER],
    [
      'lower case and accents',
      'sucursal,Marca,Tipo Unidad,modelo / year,Descripción,color externo,Color Interno,vin,motor,valor total',
    ],
    [
      'blanks around',
      ' SUCURSAL , MARCA,TIPO  UNIDAD,MODELO/YEAR,DESCRIPCION,COLOR EXTERNO,COLOR INTERNO,VIN,MOTOR,VALOR TOTAL ',
    ],
  ])('skips a header in %s', (_, header) => {
    const result = parseProvisionCsv(`${header}\n${line(good)}`);
    expect(units(result)).toHaveLength(1);
    expect(units(result)[0]!.row).toBe(2);
  });

  it('a header is only the first row: the same names later are a row with errors', () => {
    const result = parseProvisionCsv(`${line(good)}\n${HEADER}\n`);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]!.row).toBe(2);
  });

  it('reads CRLF and LF alike, and ignores empty trailing lines', () => {
    const lf = parseProvisionCsv(`${HEADER}\n${line(good)}\n${line(good)}\n\n\n`);
    const crlf = parseProvisionCsv(`${HEADER}\r\n${line(good)}\r\n${line(good)}\r\n\r\n`);
    expect(units(lf)).toHaveLength(2);
    expect(units(crlf)).toEqual(units(lf));
    expect(units(crlf)[1]!.motorNumber).toBe('HR16-123456'); // no '\r' left on the last column
  });

  it('skips blank rows (also rows of only commas) without renumbering', () => {
    const result = parseProvisionCsv(`${HEADER}\n${line(good)}\n,,,,,,,,,\n   \n${line(good)}\n`);
    expect(units(result).map((u) => u.row)).toEqual([2, 5]);
  });

  it('reads quoted fields with commas, quotes and line breaks', () => {
    const cells = [...good];
    cells[4] = '"Versa, Advance ""CVT"""';
    cells[2] = '"Sedán\n4p"';
    const result = parseProvisionCsv(`${HEADER}\n${line(cells)}\n${line(good)}`);
    expect(units(result)[0]).toMatchObject({ description: 'Versa, Advance "CVT"', type: 'Sedán\n4p' });
    expect(units(result)[1]!.row).toBe(3); // a record with a line break inside is still one spreadsheet row
  });

  it('a UTF-8 BOM left in the text does not hide the header', () => {
    expect(units(parseProvisionCsv(`\uFEFF${HEADER}\n${line(good)}`))).toHaveLength(1);
  });

  it('recognises a header row', () => {
    expect(isHeaderRow([...CSV_COLUMNS])).toBe(true);
    expect(isHeaderRow(good)).toBe(false);
    expect(isHeaderRow(CSV_COLUMNS.slice(0, 9))).toBe(false);
  });
});

describe('a row into a unit (spec 3 §5)', () => {
  it('maps the columns in the spec 3 §3 order', () => {
    const result = validateRow([
      ' León Centro ',
      'Nissan',
      'Sedán',
      '2025',
      'Versa Advance',
      'Azul Marino Metálico',
      'Gris',
      ' 3N1AB7AP8KY250312 ',
      'HR16-123456',
      '325000.5',
    ]);
    expect(result).toEqual({
      ok: true,
      unit: unitOf('3N1AB7AP8KY250312', '325000.50'),
    });
  });

  it.each([
    ['SUCURSAL', 20],
    ['MARCA', 15],
    ['TIPO UNIDAD', 8],
    ['MODELO/YEAR', 4],
    ['DESCRIPCION', 50],
    ['COLOR EXTERNO', 35],
    ['COLOR INTERNO', 70],
    ['MOTOR', 25],
  ] as const)('%s: not empty, at most %i characters', (column, max) => {
    expect(rowMessages(withCell(column, ''))).toEqual([`La columna ${column} está vacía`]);
    expect(rowMessages(withCell(column, '   '))).toEqual([`La columna ${column} está vacía`]);
    expect(rowMessages(withCell(column, 'x'.repeat(max)))).toEqual([]);
    expect(rowMessages(withCell(column, 'x'.repeat(max + 1)))).toEqual([
      `La columna ${column} excede el número de caracteres permitidos {${max}}`,
    ]);
  });

  it('VIN: not empty, 17 to 23 characters once trimmed', () => {
    expect(rowMessages(withCell('VIN', ''))).toEqual(['La columna VIN está vacía']);
    const range = ['La columna VIN no se encuentra en el rango de caracteres permitidos {17-23}'];
    expect(rowMessages(withCell('VIN', 'A'.repeat(16)))).toEqual(range);
    expect(rowMessages(withCell('VIN', ` ${'A'.repeat(16)} `))).toEqual(range);
    expect(rowMessages(withCell('VIN', 'A'.repeat(24)))).toEqual(range);
    expect(rowMessages(withCell('VIN', 'A'.repeat(17)))).toEqual([]);
    expect(rowMessages(withCell('VIN', 'A'.repeat(23)))).toEqual([]);
  });

  it.each([
    ['', 'La columna VALOR TOTAL está vacía'],
    ['abc', 'La columna VALOR TOTAL no es el tipo de dato especificado'],
    ['1,500.00', 'La columna VALOR TOTAL no es el tipo de dato especificado'],
    ['$1500', 'La columna VALOR TOTAL no es el tipo de dato especificado'],
    ['1e5', 'La columna VALOR TOTAL no es el tipo de dato especificado'],
    ['100.125', 'La columna VALOR TOTAL no es el tipo de dato especificado'],
    ['0', 'La columna VALOR TOTAL no contiene el valor especifico'],
    ['0.00', 'La columna VALOR TOTAL no contiene el valor especifico'],
    ['-1500', 'La columna VALOR TOTAL no contiene el valor especifico'],
    ['12345678901', 'La columna VALOR TOTAL excede el número de dígitos permitidos {10}'],
    ['123456789.01', 'La columna VALOR TOTAL excede el número de dígitos permitidos {10}'],
  ])('VALOR TOTAL %j: %s', (value, message) => {
    expect(rowMessages(withCell('VALOR TOTAL', value))).toEqual([message]);
  });

  it.each([
    ['12345678.90', '12345678.90'],
    ['9999999999', '9999999999.00'],
    ['0.01', '0.01'],
    ['1500.5', '1500.50'],
  ])('VALOR TOTAL %j is the amount %s', (value, amount) => {
    const result = validateRow(withCell('VALOR TOTAL', value));
    expect(result.ok && result.unit.amount).toBe(amount);
  });

  it('a CSV unit is exactly what the unit form accepts (one set of widths for both)', () => {
    const result = validateRow(withCell('VALOR TOTAL', '1500.5'));
    if (!result.ok) throw new Error('expected a unit');
    expect(unitDraft.parse(result.unit)).toEqual(result.unit);
  });

  it('lists every failing column of a row, in column order', () => {
    const cells = withCell('MARCA', '');
    cells[CSV_COLUMNS.indexOf('VIN')] = 'short';
    cells[CSV_COLUMNS.indexOf('VALOR TOTAL')] = '0';
    expect(rowMessages(cells)).toEqual([
      'La columna MARCA está vacía',
      'La columna VIN no se encuentra en el rango de caracteres permitidos {17-23}',
      'La columna VALOR TOTAL no contiene el valor especifico',
    ]);
  });

  it.each([9, 11])('a row of %i columns is refused as a whole', (count) => {
    const cells = count === 9 ? good.slice(0, 9) : [...good, 'extra'];
    expect(rowMessages(cells)).toEqual(['La fila no cuenta el número de columnas especificado en el formato CSV']);
  });
});

describe('the whole upload', () => {
  it('is refused on any error, the errors grouped per row', () => {
    const text = [HEADER, line(good), line(withCell('MOTOR', '')), line(good.slice(0, 8)), line(good)].join('\n');
    const result = parseProvisionCsv(text);
    expect(result).toEqual({
      ok: false,
      errors: [
        { row: 3, messages: ['La columna MOTOR está vacía'] },
        { row: 4, messages: ['La fila no cuenta el número de columnas especificado en el formato CSV'] },
      ],
    });
    expect(!result.ok && csvErrorLines(result.errors)).toEqual([
      'La fila 3:',
      'La columna MOTOR está vacía',
      'La fila 4:',
      'La fila no cuenta el número de columnas especificado en el formato CSV',
    ]);
  });

  it('an empty file or a header alone gives no units', () => {
    expect(parseProvisionCsv('')).toEqual({ ok: true, units: [], warnings: [] });
    expect(parseProvisionCsv(`${HEADER}\r\n`)).toEqual({ ok: true, units: [], warnings: [] });
  });

  it('warns, without refusing, of a wrong VIN check digit and of a repeated VIN', () => {
    const text = [line(good), line(withCell('VIN', '1M8GDM9A1KP042788')), line(good)].join('\n');
    const result = parseProvisionCsv(text);
    expect(result.ok && result.warnings).toEqual([
      { row: 2, messages: ['El VIN 1M8GDM9A1KP042788 no tiene un dígito verificador válido'] },
      { row: 3, messages: ['El VIN 3N1AB7AP8KY250312 está repetido (aparece también en la fila 1)'] },
    ]);
  });

  it('parses and validates a 5,000-row file, reporting progress', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => {
      const cells = [...good];
      cells[CSV_COLUMNS.indexOf('VIN')] = `3N1AB7AP0KY${String(i).padStart(6, '0')}`;
      cells[CSV_COLUMNS.indexOf('VALOR TOTAL')] = `${i + 1}.01`;
      return line(cells);
    });
    const bytes = cp1252([HEADER, ...rows].join('\r\n'));
    const progress: Array<[number, number]> = [];
    const result = parseProvisionCsv(decodeCsvBytes(bytes), {
      onProgress: (done, total) => progress.push([done, total]),
    });
    const list = units(result);
    expect(list).toHaveLength(5000);
    expect(list[4999]).toMatchObject({ row: 5001, amount: '5000.01', agency: 'León Centro' });
    expect(progress[0]).toEqual([500, 5000]);
    expect(progress.at(-1)).toEqual([5000, 5000]);
    expect(progress).toHaveLength(10);
  });

  it('validates in chunks, yielding between them', async () => {
    const rows = parseCsvRows(Array.from({ length: 25 }, () => line(good)).join('\n'));
    let pauses = 0;
    const progress: number[] = [];
    const result = await validateRowsInChunks(rows, {
      chunkSize: 10,
      onProgress: (done) => progress.push(done),
      pause: async () => {
        pauses += 1;
      },
    });
    expect(units(result)).toHaveLength(25);
    expect(progress).toEqual([10, 20, 25]);
    expect(pauses).toBe(2);
    expect(await validateRowsInChunks(rows, { chunkSize: 10 })).toEqual(validateRows(rows));
  });
});

describe('files and edit mode', () => {
  it.each([
    ['unidades.csv', null],
    ['UNIDADES.CSV', null],
    ['unidades.xlsx', 'La extensión del documento no es permitido'],
    ['unidades.csv.pdf', 'La extensión del documento no es permitido'],
    ['unidades', 'La extensión del documento no es permitido'],
  ])('%s: %s', (name, message) => {
    expect(checkCsvFileName(name)).toBe(message);
  });

  it('keeps an existing unit whose VIN the CSV repeats', () => {
    const existing = [{ id: 7, vinNumber: '3N1AB7AP8KY250312', amount: '100.00' }];
    const incoming = [
      { vinNumber: '3n1ab7ap8ky250312 ', amount: '200.00' },
      { vinNumber: '1M8GDM9AXKP042788', amount: '300.00' },
    ];
    expect(mergeCsvUnits(existing, incoming)).toEqual([existing[0], incoming[1]]);
  });
});

import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';
import { SIGNING_DOCUMENT_TEXT, formatAmountText, lineTypeLabel } from '@planpiso/domain';

// The provision's signing document (issue 17, decision 037): a real PDF made on the server with pdfmake, as the
// statistics report is, from the provision, its included units and the account's signer configuration.

const require = createRequire(import.meta.url);
const fonts = require('pdfmake/fonts/Roboto.js') as Parameters<typeof pdfmake.setFonts>[0];
pdfmake.setFonts(fonts);
// Nothing is loaded from outside: no URL, no file but the fonts.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => path.includes('pdfmake') && path.endsWith('.ttf'));

const NAVY = '#0e3a66';

/** One signature block: who signs, for which party, and how (electronic, autograph, joint). */
export type SignatureBlock = { name: string; party: string; kind: 'electronic' | 'custom' | 'joint' };

export type SigningDocumentData = {
  /** The folio users quote at the time the document is made: a later manual folio does not change it. */
  folio: string;
  company: string;
  agency: string;
  legalRepresentative: string;
  creditLine: string;
  typeLine: string;
  term: number | null;
  total: string;
  /** dd/MM/yyyy, Mexico City. */
  date: string;
  units: { vinNumber: string; brandName: string; model: string; description: string; amount: string }[];
  signatures: SignatureBlock[];
};

/**
 * The printed words of a signing document: the provision's (SIGNING_DOCUMENT_TEXT) by default, a refinancing's
 * (REFINANCING_DOCUMENT_TEXT, decision 047) with the same layout.
 */
export type SigningDocumentText = {
  [K in keyof typeof SIGNING_DOCUMENT_TEXT]: (typeof SIGNING_DOCUMENT_TEXT)[K] extends string
    ? string
    : (typeof SIGNING_DOCUMENT_TEXT)[K] extends readonly string[]
      ? readonly string[]
      : (typeof SIGNING_DOCUMENT_TEXT)[K];
};

/** The document definition (pure, so a test reads what will be printed). */
export function signingDocumentDefinition(data: SigningDocumentData, T: SigningDocumentText = SIGNING_DOCUMENT_TEXT) {
  const KIND_LABEL: Record<SignatureBlock['kind'], string> = {
    electronic: T.electronic,
    custom: T.custom,
    joint: T.joint,
  };
  const field = (label: string, value: string) => [
    { text: label, bold: true, color: '#444444' },
    { text: value || '—' },
  ];
  const unitsTable = {
    table: {
      headerRows: 1,
      widths: ['auto', 'auto', 'auto', 'auto', '*', 'auto'],
      body: [
        T.unitColumns.map((text) => ({ text, bold: true, fillColor: '#eef2f7' })),
        ...data.units.map((unit, i) => [
          String(i + 1),
          unit.vinNumber,
          unit.brandName,
          unit.model,
          unit.description,
          { text: formatAmountText(unit.amount), alignment: 'right' },
        ]),
        [
          { text: T.total, colSpan: 5, bold: true, alignment: 'right' },
          '',
          '',
          '',
          '',
          { text: formatAmountText(data.total), bold: true, alignment: 'right' },
        ],
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 8,
  };
  // Two signature blocks a row, each with its line, its name, the party and the kind of signature.
  const blocks = data.signatures.map((signature) => ({
    stack: [
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 220, y2: 0, lineWidth: 0.8 }], margin: [0, 36, 0, 4] },
      { text: signature.name, bold: true },
      { text: T.forParty(signature.party), fontSize: 8, color: '#444444' },
      { text: `${T.signatureLine} · ${KIND_LABEL[signature.kind]}`, fontSize: 7, color: '#777777' },
    ],
    unbreakable: true,
  }));
  const rows: object[] = [];
  for (let i = 0; i < blocks.length; i += 2) {
    rows.push({ columns: [blocks[i]!, blocks[i + 1] ?? { text: '' }], columnGap: 40, margin: [0, 0, 0, 8] });
  }

  return {
    pageSize: 'LETTER',
    pageMargins: [48, 48, 48, 48],
    info: { title: `${T.title} - ${T.folio(data.folio)}`, subject: T.folio(data.folio) },
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    content: [
      { text: T.title, fontSize: 15, bold: true, color: NAVY },
      { text: T.folio(data.folio), fontSize: 12, bold: true, margin: [0, 4, 0, 12] },
      {
        table: {
          widths: ['auto', '*', 'auto', '*'],
          body: [
            [...field(T.company, data.company), ...field(T.date, data.date)],
            [...field(T.agency, data.agency), ...field(T.legalRepresentative, data.legalRepresentative)],
            [...field(T.creditLine, data.creditLine), ...field(T.lineType, lineTypeLabel(Number(data.typeLine)))],
            [
              ...field(T.term, data.term === null ? '' : T.termMonths(data.term)),
              ...field(T.total, `${formatAmountText(data.total)} MXN`),
            ],
          ],
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 12],
      },
      { text: T.declaration(data.company, formatAmountText(data.total)), margin: [0, 0, 0, 12], alignment: 'justify' },
      { text: T.units, fontSize: 11, bold: true, color: NAVY, margin: [0, 0, 0, 4] },
      unitsTable,
      { text: T.signatures, fontSize: 11, bold: true, color: NAVY, margin: [0, 18, 0, 0] },
      ...rows,
      { text: T.generatedOn(data.date), fontSize: 7, color: '#777777', margin: [0, 12, 0, 0] },
    ],
  };
}

/** The PDF's bytes. `compress: false` only for a test that reads the page's drawing commands. */
export async function signingDocumentPdf(
  data: SigningDocumentData,
  options: { compress?: boolean; text?: SigningDocumentText } = {},
) {
  const definition = { ...signingDocumentDefinition(data, options.text), compress: options.compress ?? true };
  return pdfmake.createPdf(definition as never).getBuffer();
}

import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { BUSINESS_TIME_ZONE } from '@planpiso/domain';

export type SignatureRecord = { name: string; email: string; signedAt: Date };

const LETTER: [number, number] = [612, 792];
const MARGIN = 56;
const timeFormat = new Intl.DateTimeFormat('es-MX', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'long',
  timeStyle: 'medium',
});

/** The standard fonts only encode WinAnsi: Spanish letters pass, anything else (an emoji in a name) would throw. */
function encodableWith(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  return (text) => Array.from(text, (char) => (supported.has(char.codePointAt(0)!) ? char : '?')).join('');
}

/**
 * The signed document: the original with a footer on every page and a last page 'Constancia de firma
 * electrónica' naming each signer and when they signed, plus the SHA-256 of the original so it can be checked.
 */
export async function stampSignatures(
  original: Uint8Array,
  envelope: { envelopeId: string; documentName: string; signatures: SignatureRecord[] },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(original);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const encodable = encodableWith(regular);
  const footer = encodable(`Firmado electrónicamente · Sobre ${envelope.envelopeId}`);
  for (const page of pdf.getPages()) {
    page.drawText(footer, { x: MARGIN / 2, y: 18, size: 7, font: regular, color: rgb(0.35, 0.35, 0.35) });
  }

  const page = pdf.addPage(LETTER);
  let y = LETTER[1] - MARGIN;
  const line = (text: string, font: PDFFont, size: number, gap = 6) => {
    y = drawWrapped(page, encodable(text), font, size, y);
    y -= gap;
  };
  line('Constancia de firma electrónica', bold, 18, 14);
  line(`Documento: ${envelope.documentName}`, regular, 11);
  line(`Sobre: ${envelope.envelopeId}`, regular, 11);
  line(`SHA-256 del documento original: ${createHash('sha256').update(original).digest('hex')}`, regular, 9, 18);
  for (const signature of envelope.signatures) {
    line(`Firmado electrónicamente por ${signature.name}`, bold, 12, 2);
    line(`${signature.email} · ${timeFormat.format(signature.signedAt)} (hora del centro de México)`, regular, 10, 12);
  }
  return pdf.save();
}

/** Draws text wrapped to the page width and answers the y below it. */
function drawWrapped(page: PDFPage, text: string, font: PDFFont, size: number, top: number): number {
  const width = page.getWidth() - 2 * MARGIN;
  const words = text.split(' ');
  let current = '';
  let y = top;
  const flush = () => {
    page.drawText(current, { x: MARGIN, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    y -= size * 1.35;
  };
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(candidate, size) > width) {
      flush();
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) flush();
  return y;
}

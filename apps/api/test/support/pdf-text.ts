import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made by pdfmake (pdfkit) draws, line by line, read the way a viewer reads it: each content stream
 * inflated, each `TJ` string's glyph codes mapped back to characters through its font's ToUnicode map. Enough for
 * our own documents (embedded Identity-H fonts, hex strings), not a general PDF reader.
 */
export function pdfText(pdf: Uint8Array): string {
  const bytes = Buffer.from(pdf);
  const source = bytes.toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  for (const match of source.matchAll(/(\d+) 0 obj\b/g)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endobj', start);
    const body = source.slice(start, end);
    const streamAt = body.indexOf('stream');
    let stream: Buffer | null = null;
    let dict = body;
    if (streamAt >= 0) {
      dict = body.slice(0, streamAt);
      const dataStart = start + streamAt + 'stream'.length + (source[start + streamAt + 6] === '\r' ? 2 : 1);
      const dataEnd = source.lastIndexOf('endstream', end);
      const raw = bytes.subarray(dataStart, dataEnd);
      stream = dict.includes('/FlateDecode') ? inflateSync(raw) : raw;
    }
    objects.set(Number(match[1]), { dict, stream });
  }

  // Font resource name (/F1) → that font's code → text map.
  const maps = new Map<string, Map<string, string>>();
  for (const { dict } of objects.values()) {
    for (const [, name, ref] of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(Number(ref))?.dict ?? '');
      const cmap = toUnicode ? objects.get(Number(toUnicode[1]))?.stream?.toString('latin1') : undefined;
      if (cmap && !maps.has(name!)) maps.set(name!, parseCmap(cmap));
    }
  }

  const lines: string[] = [];
  for (const { stream } of objects.values()) {
    const content = stream?.toString('latin1') ?? '';
    if (!content.includes('Tf')) continue;
    let font: Map<string, string> | undefined;
    for (const [, fontName, array] of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (fontName) font = maps.get(fontName);
      else if (array !== undefined && font) {
        const hex = [...array.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1]!).join('');
        let text = '';
        for (let i = 0; i < hex.length; i += 4) text += font.get(hex.slice(i, i + 4).toLowerCase()) ?? '';
        lines.push(text);
      }
    }
  }
  // pdfkit draws a line word by word, each word but the last ending in its space.
  return lines.reduce((text, piece) => text + (text === '' || text.endsWith(' ') ? '' : '\n') + piece, '');
}

const fromHex = (hex: string) =>
  String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));

function parseCmap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const code = (n: number) => n.toString(16).padStart(4, '0');
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, rest] of block!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const first = Number.parseInt(lo!, 16);
      const last = Number.parseInt(hi!, 16);
      if (rest!.startsWith('[')) {
        const values = [...rest!.matchAll(/<([0-9a-fA-F ]+)>/g)].map((m) => m[1]!.replace(/ /g, ''));
        values.forEach((value, i) => map.set(code(first + i), fromHex(value)));
      } else {
        const base = Number.parseInt(rest!.slice(1, -1), 16);
        for (let n = first; n <= last; n++) map.set(code(n), String.fromCodePoint(base + n - first));
      }
    }
  }
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, from, to] of block!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(from!.toLowerCase(), fromHex(to!));
  }
  return map;
}

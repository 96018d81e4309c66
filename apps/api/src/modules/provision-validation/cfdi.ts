import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { INVOICE_REASONS, Money } from '@planpiso/domain';

// A unit's CFDI invoice (the SAT's XML, versions 3.3 and 4.0), read on the server only (decision 035). The XML comes
// from a dealer's upload, so it is treated as hostile: a document type declaration or an entity declaration —
// the doors of XXE and of entity expansion ("billion laughs") — is refused before any parser sees the text, and
// the parser itself runs with entity processing off and never resolves anything outside the string it is given.

/** A CFDI is a few kilobytes; anything far larger is not one (and is not worth parsing). */
export const MAX_CFDI_BYTES = 2 * 1024 * 1024;

/** `<!DOCTYPE` or `<!ENTITY` anywhere (any case, any spacing inside the markup): refused, never parsed. */
const DECLARATIONS = /<!\s*(DOCTYPE|ENTITY)/i;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // cfdi:Comprobante, ventavehiculos:VentaVehiculos, vehiculousado:VehiculoUsado → their local names.
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

export type CfdiReading =
  | { ok: false; problem: 'refused' | 'unreadable' }
  | {
      ok: true;
      /** cfdi:Comprobante@Fecha's day (YYYY-MM-DD), or null when it carries none. */
      date: string | null;
      /** cfdi:Comprobante@Total as written, or null. */
      total: string | null;
      /** Every vehicle identifier the invoice names: Concepto@NoIdentificacion and the complements' NIV / serie. */
      identifiers: string[];
      /** Every Concepto@Descripcion. */
      descriptions: string[];
    };

type XmlNode = Record<string, unknown>;
const isNode = (value: unknown): value is XmlNode => typeof value === 'object' && value !== null;

/** The attribute names (lower case, without prefix) that carry a vehicle's identification number. */
const IDENTIFIER_ATTRIBUTES = new Set(['noidentificacion', 'niv', 'numeroserie', 'numerodeserie']);

/** Walks every element below `node`, collecting identifiers and concept descriptions. */
function collect(node: unknown, into: { identifiers: string[]; descriptions: string[] }, name = ''): void {
  if (Array.isArray(node)) {
    for (const item of node) collect(item, into, name);
    return;
  }
  if (!isNode(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@_')) {
      if (typeof value !== 'string') continue;
      const attribute = key.slice(2).toLowerCase();
      if (IDENTIFIER_ATTRIBUTES.has(attribute)) into.identifiers.push(value);
      else if (attribute === 'descripcion' && name === 'Concepto') into.descriptions.push(value);
      continue;
    }
    collect(value, into, key);
  }
}

/** 'YYYY-MM-DD' of a CFDI Fecha ('2026-11-20T10:15:00'), when it is a real calendar day. */
function dayOf(fecha: unknown): string | null {
  if (typeof fecha !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(T|$)/.exec(fecha.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** Reads a CFDI: refused when it declares a DOCTYPE or ENTITY, unreadable when it is not a well-formed Comprobante. */
export function readCfdi(input: Buffer | string): CfdiReading {
  if (input.length > MAX_CFDI_BYTES) return { ok: false, problem: 'unreadable' };
  const text = (typeof input === 'string' ? input : input.toString('utf8')).replace(/^\uFEFF/, '');
  if (DECLARATIONS.test(text)) return { ok: false, problem: 'refused' };
  if (XMLValidator.validate(text) !== true) return { ok: false, problem: 'unreadable' };
  let document: unknown;
  try {
    document = parser.parse(text);
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  const comprobante = isNode(document) ? document['Comprobante'] : undefined;
  if (!isNode(comprobante)) return { ok: false, problem: 'unreadable' };
  const found = { identifiers: [] as string[], descriptions: [] as string[] };
  collect(comprobante, found, 'Comprobante');
  const total = comprobante['@_Total'];
  return {
    ok: true,
    date: dayOf(comprobante['@_Fecha']),
    total: typeof total === 'string' ? total.trim() : null,
    ...found,
  };
}

export type InvoiceVerdict = {
  valid: boolean;
  /** The invoice's day when one could be read (the screens' "invoice date"), else null. */
  invoiceDate: string | null;
  /** '' when valid; otherwise why not (INVOICE_REASONS). */
  reason: string;
};

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The VIN as a word of a description ('… VIN 3N1CK3CD5SL123456, color …'), not inside a longer code. */
const VIN_IN_TEXT = (vin: string) => new RegExp(`(^|[^A-Z0-9])${escaped(vin)}([^A-Z0-9]|$)`);

/**
 * Does this CFDI back the unit (issue 17 "Validation of units")? Valid when the VIN appears among the invoice's
 * concepts — a Concepto's NoIdentificacion or Descripcion, or the NIV of a vehicle complement (VentaVehiculos,
 * VehiculoUsado) — and its Total is the unit's amount to the cent (money.ts, no floats).
 */
export function verifyInvoice(input: Buffer | string, unit: { vin: string; amount: string }): InvoiceVerdict {
  const reading = readCfdi(input);
  if (!reading.ok) {
    const reason = reading.problem === 'refused' ? INVOICE_REASONS.refused : INVOICE_REASONS.unreadable;
    return { valid: false, invoiceDate: null, reason };
  }
  const vin = unit.vin.trim().toUpperCase();
  const named =
    reading.identifiers.some((id) => id.trim().toUpperCase() === vin) ||
    reading.descriptions.some((text) => VIN_IN_TEXT(vin).test(text.toUpperCase()));
  if (!named) return { valid: false, invoiceDate: reading.date, reason: INVOICE_REASONS.vinMissing(vin) };
  const amount = Money.of(unit.amount);
  const total = reading.total === null ? null : Money.parse(reading.total);
  if (!total?.ok || !total.money.equals(amount)) {
    return {
      valid: false,
      invoiceDate: reading.date,
      reason: INVOICE_REASONS.amountMismatch(reading.total ?? '', amount.toDecimalString()),
    };
  }
  return { valid: true, invoiceDate: reading.date, reason: '' };
}

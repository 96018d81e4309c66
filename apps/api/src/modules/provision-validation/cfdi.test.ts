import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_REASONS } from '@planpiso/domain';
import { readCfdi, verifyInvoice } from './cfdi';

const VIN = '3N1CK3CD5SL123456';

/** A CFDI 4.0 as the SAT's schema writes one: one concept naming the vehicle. */
function cfdi({
  total = '325000.50',
  fecha = '2026-11-20T10:15:00',
  concept = `<cfdi:Concepto ClaveProdServ="25101503" NoIdentificacion="${VIN}" Cantidad="1" ClaveUnidad="H87" Descripcion="NISSAN VERSA SENSE 2026" ValorUnitario="280172.84" Importe="280172.84" ObjetoImp="02"/>`,
  complement = '',
} = {}) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Serie="A" Folio="1234" Fecha="${fecha}" SubTotal="280172.84" Moneda="MXN" Total="${total}" TipoDeComprobante="I" Exportacion="01" LugarExpedicion="64000">
  <cfdi:Emisor Rfc="AAA010101AAA" Nombre="AUTOMOTRIZ DEL NORTE" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="XAXX010101000" Nombre="PUBLICO EN GENERAL" DomicilioFiscalReceptor="64000" RegimenFiscalReceptor="616" UsoCFDI="G01"/>
  <cfdi:Conceptos>
    ${concept}
  </cfdi:Conceptos>
  ${complement}
</cfdi:Comprobante>`;
}

describe('readCfdi', () => {
  it('reads the date, the total and the vehicle identifiers of a CFDI', () => {
    const reading = readCfdi(Buffer.from(cfdi()));
    expect(reading).toMatchObject({ ok: true, date: '2026-11-20', total: '325000.50', identifiers: [VIN] });
  });

  it('finds the NIV of a vehicle complement (VentaVehiculos inside the concept)', () => {
    const concept = `<cfdi:Concepto ClaveProdServ="25101503" Cantidad="1" ClaveUnidad="H87" Descripcion="Automóvil nuevo" ValorUnitario="1" Importe="1" ObjetoImp="02">
      <cfdi:ComplementoConcepto><ventavehiculos:VentaVehiculos xmlns:ventavehiculos="http://www.sat.gob.mx/ventavehiculos" version="1.1" ClaveVehicular="0010101" Niv="${VIN}"/></cfdi:ComplementoConcepto>
    </cfdi:Concepto>`;
    expect(verifyInvoice(cfdi({ concept }), { vin: VIN, amount: '325000.5' })).toEqual({
      valid: true,
      invoiceDate: '2026-11-20',
      reason: '',
    });
  });

  it('is unreadable when the text is not a well-formed Comprobante', () => {
    expect(readCfdi('<cfdi:Comprobante Total="1"><open></cfdi:Comprobante>')).toEqual({
      ok: false,
      problem: 'unreadable',
    });
    expect(readCfdi('<factura Total="1"/>')).toEqual({ ok: false, problem: 'unreadable' });
    expect(readCfdi('%PDF-1.4')).toEqual({ ok: false, problem: 'unreadable' });
  });
});

describe('hostile XML (XXE, entity expansion)', () => {
  let dir: string;
  let secretPath: string;
  const SECRET = 'planpiso-secret-that-must-never-be-read-7f3a';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'planpiso-cfdi-'));
    secretPath = join(dir, 'passwd');
    await writeFile(secretPath, SECRET);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const xxe = (target: string) =>
    `<?xml version="1.0"?>\n<!DOCTYPE cfdi:Comprobante [ <!ENTITY xxe SYSTEM "${target}"> ]>\n` +
    cfdi({ concept: `<cfdi:Concepto NoIdentificacion="&xxe;" Descripcion="&xxe; ${VIN}" Importe="1"/>` }).replace(
      /^<\?xml[^>]*>\n/,
      '',
    );

  it('refuses a DOCTYPE with an external entity (file:///etc/passwd) before parsing', () => {
    const verdict = verifyInvoice(xxe('file:///etc/passwd'), { vin: VIN, amount: '325000.50' });
    expect(verdict).toEqual({ valid: false, invoiceDate: null, reason: INVOICE_REASONS.refused });
  });

  it('reads no file, even if the declaration slipped past the refusal: the parser never resolves entities', () => {
    const hostile = xxe(`file://${secretPath}`);
    expect(readCfdi(hostile)).toEqual({ ok: false, problem: 'refused' });
    // The parser underneath, on the same text, never loads it either: it refuses external entities outright, and
    // with entity processing off an internal one stays an unresolved reference.
    const parser = new XMLParser({ ignoreAttributes: false, processEntities: false, htmlEntities: false });
    expect(() => parser.parse(hostile)).toThrow(/External entities are not supported/);
    const internal = hostile.replace(`SYSTEM "file://${secretPath}"`, `"${SECRET}"`);
    expect(JSON.stringify(parser.parse(internal))).not.toContain(SECRET);
  });

  it('refuses a lone ENTITY declaration and any spelling of DOCTYPE', () => {
    expect(readCfdi('<!ENTITY lol "lol"><a/>')).toEqual({ ok: false, problem: 'refused' });
    expect(readCfdi(`<!doctype x>${cfdi()}`)).toEqual({ ok: false, problem: 'refused' });
    expect(readCfdi(Buffer.from(`\uFEFF<! DOCTYPE x>${cfdi()}`))).toEqual({ ok: false, problem: 'refused' });
  });
});

describe('verifyInvoice', () => {
  it('is valid when the VIN is a concept’s and the total is the unit’s amount to the cent', () => {
    expect(verifyInvoice(cfdi(), { vin: VIN.toLowerCase(), amount: '325000.50' })).toEqual({
      valid: true,
      invoiceDate: '2026-11-20',
      reason: '',
    });
    // Six decimals as the SAT allows, still the same cents.
    expect(verifyInvoice(cfdi({ total: '325000.500000' }), { vin: VIN, amount: '325000.5' }).valid).toBe(true);
  });

  it('finds the VIN as a word of a description', () => {
    const concept = `<cfdi:Concepto NoIdentificacion="A-1" Descripcion="NISSAN VERSA, VIN: ${VIN}, AZUL" Importe="1"/>`;
    expect(verifyInvoice(cfdi({ concept }), { vin: VIN, amount: '325000.50' }).valid).toBe(true);
    const longer = `<cfdi:Concepto NoIdentificacion="A-1" Descripcion="SERIE X${VIN}9" Importe="1"/>`;
    expect(verifyInvoice(cfdi({ concept: longer }), { vin: VIN, amount: '325000.50' })).toEqual({
      valid: false,
      invoiceDate: '2026-11-20',
      reason: INVOICE_REASONS.vinMissing(VIN),
    });
  });

  it('is not valid when the total differs by one cent, keeping the invoice date', () => {
    expect(verifyInvoice(cfdi({ total: '325000.51' }), { vin: VIN, amount: '325000.50' })).toEqual({
      valid: false,
      invoiceDate: '2026-11-20',
      reason: INVOICE_REASONS.amountMismatch('325000.51', '325000.50'),
    });
    expect(verifyInvoice(cfdi({ total: '325000.505' }), { vin: VIN, amount: '325000.50' }).valid).toBe(false);
  });

  it('has no invoice date when Fecha is not a calendar day', () => {
    expect(verifyInvoice(cfdi({ fecha: '2026-02-30T10:00:00' }), { vin: VIN, amount: '325000.50' }).invoiceDate).toBe(
      null,
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  checkExtension,
  createAndSendProvisionRequest,
  createProvisionRequest,
  updateProvisionRequest,
  type CreateProvisionRequestInput,
} from './provision-requests';
import { unitOf } from '../test-support/fixtures';

const unit = unitOf;

const body: CreateProvisionRequestInput = {
  companyId: 3,
  agencyId: 8,
  legalId: 21,
  description: 'Lote de noviembre',
  creditLine: 'LC-10001-N',
  deadlines: 6,
  includeAll: false,
  evidences: [{ fileId: 1, fileName: 'Anexo.PDF', url: 'provisions/anexo.pdf', fileSize: 1024, extension: 'pdf' }],
  units: [unit('3N1AB7AP8KY250312', '325000.5'), unit('1M8GDM9AXKP042788', '0.10')],
  total: '325000.60',
};

const issues = (schema: typeof createProvisionRequest, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('create and update provision contracts (spec 3 §3, §5)', () => {
  it('accepts a complete body and normalises amounts to 2 decimals', () => {
    const parsed = createProvisionRequest.parse(body);
    expect(parsed.units.map((u) => u.amount)).toEqual(['325000.50', '0.10']);
    expect(parsed.total).toBe('325000.60');
    expect(updateProvisionRequest.parse({ ...body, version: 3 })).toEqual({ ...parsed, version: 3 });
    // An edit without the version the screen read cannot be checked for staleness (decision 016).
    expect(updateProvisionRequest.safeParse(body).success).toBe(false);
  });

  it('references uploads by fileId', () => {
    const { fileId: _fileId, ...withoutId } = body.evidences![0]!;
    expect(issues(createProvisionRequest, { ...body, evidences: [withoutId] })).toEqual({
      'evidences.0.fileId': 'Verifique los campos obligatorios',
    });
  });

  it.each(['companyId', 'agencyId', 'legalId', 'creditLine', 'deadlines'] as const)(
    'without %s: Verifique los campos obligatorios',
    (field) => {
      expect(issues(createProvisionRequest, { ...body, [field]: undefined })).toEqual({
        [field]: 'Verifique los campos obligatorios',
      });
      const empty = field === 'creditLine' ? '  ' : 0;
      expect(issues(createProvisionRequest, { ...body, [field]: empty })).toEqual({
        [field]: 'Verifique los campos obligatorios',
      });
    },
  );

  it('the description is optional, at most 250 characters', () => {
    expect(issues(createProvisionRequest, { ...body, description: undefined })).toEqual({});
    expect(issues(createProvisionRequest, { ...body, description: 'a'.repeat(250) })).toEqual({});
    expect(issues(createProvisionRequest, { ...body, description: 'a'.repeat(251) })).toEqual({
      description: 'Máximo 250 caracteres',
    });
  });

  it('the attachment must be a PDF; unit evidence xml, pdf, png, jpg or jpeg', () => {
    const word = [{ fileId: 2, fileName: 'anexo.docx', url: 'x' }];
    expect(issues(createProvisionRequest, { ...body, evidences: word })).toEqual({
      'evidences.0.fileName': 'La extensión del documento no es permitido',
    });
    const withEvidence = (fileName: string) => ({
      ...body,
      units: [{ ...unit('3N1AB7AP8KY250312', '0.60'), evidences: [{ fileId: 3, fileName, url: 'u' }] }],
      total: '0.60',
    });
    expect(issues(createProvisionRequest, withEvidence('factura.xml'))).toEqual({});
    expect(issues(createProvisionRequest, withEvidence('foto.JPEG'))).toEqual({});
    expect(issues(createProvisionRequest, withEvidence('foto.gif'))).toEqual({
      'units.0.evidences.0.fileName': 'La extensión del documento no es permitido',
    });
  });

  it('every unit follows the unit form', () => {
    const bad = { ...body, units: [{ ...unit('SHORT', '0'), brandName: '' }], total: '0.00' };
    expect(issues(createProvisionRequest, bad)).toEqual({
      'units.0.brandName': 'Campo requerido.',
      'units.0.vinNumber': 'Mínimo 17 caracteres',
      'units.0.amount': 'El monto debe ser mayor a 0',
    });
  });

  it('the total is the units’ sum to the cent', () => {
    expect(issues(createProvisionRequest, { ...body, total: '325000.59' })).toEqual({
      total: 'El total no coincide con la suma de las unidades',
    });
    expect(issues(createProvisionRequest, { ...body, total: '1e5' })).toEqual({ total: 'Formato monto incorrecto' });
  });

  it('Guardar may save no units; save and send needs one', () => {
    const none = { ...body, units: [], total: '0' };
    expect(issues(createProvisionRequest, none)).toEqual({});
    expect(issues(createAndSendProvisionRequest, none)).toEqual({ units: 'Seleccione al menos una unidad' });
    expect(issues(createAndSendProvisionRequest, body)).toEqual({});
  });

  it('refuses a malformed credit line', () => {
    expect(issues(createProvisionRequest, { ...body, creditLine: 'LC 1; drop' })).toEqual({
      creditLine: 'Formato línea de crédito incorrecto',
    });
  });

  it.each([
    ['anexo.pdf', ['pdf'], null],
    ['anexo.PDF', ['pdf'], null],
    ['anexo', ['pdf'], 'La extensión del documento no es permitido'],
    ['anexo.pdf.exe', ['pdf'], 'La extensión del documento no es permitido'],
  ])('checkExtension(%s)', (name, extensions, message) => {
    expect(checkExtension(name, extensions)).toBe(message);
  });
});

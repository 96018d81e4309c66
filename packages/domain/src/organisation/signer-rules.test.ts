import { describe, expect, it } from 'vitest';
import type { ExternalGuarantor } from '../contracts/external';
import { ORGANISATION_MESSAGES } from '../messages-organisation';
import { resolveSignatures, signatureParties, type SignatureChoice } from './signer-rules';

const guarantors: ExternalGuarantor[] = [
  {
    numeroCliente: '90011',
    tipoPersona: 'fisica',
    nombres: 'Eduardo',
    apellidos: 'Garza Sada',
    cargo: 'Accionista',
    razonSocial: '',
    representantes: [],
  },
  {
    numeroCliente: '90012',
    tipoPersona: 'moral',
    nombres: '',
    apellidos: '',
    cargo: '',
    razonSocial: 'Inmobiliaria Garza Treviño',
    representantes: [
      { numeroCliente: '90012', nombres: 'Eduardo', apellidos: 'Garza Sada', cargo: 'Administrador' },
      { numeroCliente: '90012', nombres: 'Patricio', apellidos: 'Treviño Lozano', cargo: 'Apoderado' },
    ],
  },
];
const legals = [
  { numeroCliente: '10001', nombres: 'Rosa', apellidos: 'Treviño', correo: 'r@x.mx', telefono: '8112345678' },
  { numeroCliente: '10001', nombres: 'Jorge', apellidos: 'Garza', correo: 'j@x.mx', telefono: '8112345679' },
];
const parties = signatureParties({ clientId: '10001', name: 'Autos del Norte' }, legals, guarantors);
const single = (keySigner: string, signerId: string): SignatureChoice => ({
  keySigner,
  signerId,
  isCustom: false,
  isJoint: false,
  selectedValue: '',
});
const joint = (keySigner: string, ids: string[]): SignatureChoice => ({
  keySigner,
  signerId: ids[0] ?? '',
  isCustom: false,
  isJoint: true,
  selectedValue: JSON.stringify(ids),
});
const complete = [
  single('aval:90011', '90011'),
  single('aval:90012', '90012-1'),
  joint('legal:10001', ['10001-1', '10001-2']),
];

describe('signatureParties (spec 2 "Signer configuration")', () => {
  it('lists natural guarantors, corporate guarantors with their representatives, then the company', () => {
    expect(parties.map((p) => [p.section, p.label, p.people.map((x) => x.id)])).toEqual([
      ['guarantor-person', 'Eduardo Garza Sada', ['90011']],
      ['guarantor-company', 'Inmobiliaria Garza Treviño', ['90012-1', '90012-2']],
      ['legal', 'Autos del Norte', ['10001-1', '10001-2']],
    ]);
  });
});

describe('resolveSignatures (spec 2 §5)', () => {
  it('completes a full configuration with who signs', () => {
    const result = resolveSignatures(parties, complete, [], true);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.signatures.map((s) => s.signedBy)).toEqual([
      'Eduardo Garza Sada',
      'Eduardo Garza Sada',
      'Rosa Treviño, Jorge Garza',
    ]);
    expect(result.signatures[2]).toMatchObject({ isJoint: true, isLegal: true, clientId: '10001' });
  });

  it('refuses no signatures, or a party left without one', () => {
    expect(resolveSignatures(parties, [], [], true)).toEqual({
      ok: false,
      message: ORGANISATION_MESSAGES.signersIncomplete,
    });
    expect(resolveSignatures(parties, complete.slice(1), [], true)).toEqual({
      ok: false,
      message: ORGANISATION_MESSAGES.signersIncomplete,
    });
  });

  it('refuses a joint signature of fewer than two people', () => {
    const one = [...complete.slice(0, 2), joint('legal:10001', ['10001-1'])];
    expect(resolveSignatures(parties, one, [], true)).toEqual({
      ok: false,
      message: ORGANISATION_MESSAGES.jointSignersMin,
    });
  });

  it('takes a custom signer only on paper, and only one that exists', () => {
    const custom = [...complete.slice(0, 2), { ...single('legal:10001', '7'), isCustom: true }];
    const signers = [{ id: 7, fullName: 'Notario Público 12' }];
    expect(resolveSignatures(parties, custom, signers, true)).toEqual({
      ok: false,
      message: ORGANISATION_MESSAGES.customSignerNotAllowed,
    });
    const paper = resolveSignatures(parties, custom, signers, false);
    expect(paper.ok && paper.signatures[2]!.signedBy).toBe('Notario Público 12');
    expect(resolveSignatures(parties, custom, [], false)).toEqual({
      ok: false,
      message: ORGANISATION_MESSAGES.signerUnknown,
    });
  });

  it('refuses a signer the party does not have', () => {
    const stranger = [single('aval:90011', '10001-1'), ...complete.slice(1)];
    expect(resolveSignatures(parties, stranger, [], true)).toEqual({
      ok: false,
      message: ORGANISATION_MESSAGES.signerUnknown,
    });
  });
});

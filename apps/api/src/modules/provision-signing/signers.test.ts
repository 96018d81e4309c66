import { describe, expect, it } from 'vitest';
import { resolveSigners, type ConfiguredSignature, type SignerInputs } from './signers';

const company = { name: 'Autos del Norte', clientId: '10001' };
const legalRepresentatives = [
  {
    numeroCliente: '10001',
    nombres: 'Ramón',
    apellidos: 'Garza Treviño',
    correo: 'ramon@autosdelnorte.mx',
    telefono: '',
  },
  {
    numeroCliente: '10001',
    nombres: 'Mariana',
    apellidos: 'Cantú Villarreal',
    correo: 'mariana@autosdelnorte.mx',
    telefono: '',
  },
];
const guarantors = [
  {
    numeroCliente: '90011',
    tipoPersona: 'fisica' as const,
    nombres: 'Eduardo',
    apellidos: 'Garza Sada',
    cargo: 'Accionista',
    razonSocial: '',
    representantes: [],
  },
];
const joint: ConfiguredSignature = {
  keySigner: 'legal:10001',
  clientId: '10001',
  signerId: '10001-1',
  signedBy: 'Ramón Garza Treviño, Mariana Cantú Villarreal',
  isCustom: false,
  isJoint: true,
  selectedValue: '["10001-1","10001-2"]',
};
const guarantor: ConfiguredSignature = {
  keySigner: 'aval:90011',
  clientId: '90011',
  signerId: '90011',
  signedBy: 'Eduardo Garza Sada',
  isCustom: false,
  isJoint: false,
  selectedValue: '',
};
const inputs = (over: Partial<SignerInputs>): SignerInputs => ({
  company,
  legal: { name: 'Laura Méndez', email: 'laura@planpiso.mx', crmId: null },
  config: null,
  legalRepresentatives,
  guarantors,
  ...over,
});

describe('who signs a provision’s document (decision 037)', () => {
  it('is the legal representative alone when the account saved no signer configuration', () => {
    expect(resolveSigners(inputs({}))).toEqual({
      blocks: [{ name: 'Laura Méndez', party: 'Acreditado: Autos del Norte', kind: 'electronic' }],
      envelope: [{ name: 'Laura Méndez', email: 'laura@planpiso.mx' }],
    });
  });

  it('gives each person of a joint signature a block; a guarantor without e-mail signs on paper', () => {
    const signers = resolveSigners(inputs({ config: { isElectronic: true, signatures: [joint, guarantor] } }));
    expect(signers.blocks).toEqual([
      { name: 'Laura Méndez', party: 'Acreditado: Autos del Norte', kind: 'electronic' },
      { name: 'Ramón Garza Treviño', party: 'Acreditado: Autos del Norte', kind: 'joint' },
      { name: 'Mariana Cantú Villarreal', party: 'Acreditado: Autos del Norte', kind: 'joint' },
      { name: 'Eduardo Garza Sada', party: 'Aval: Eduardo Garza Sada', kind: 'custom' },
    ]);
    expect(signers.envelope.map((s) => s.email)).toEqual([
      'laura@planpiso.mx',
      'ramon@autosdelnorte.mx',
      'mariana@autosdelnorte.mx',
    ]);
  });

  it('lets the legal representative who is one of the CRM’s people sign once, with the e-mail they sign in with', () => {
    const legal = { name: 'Ramón Garza Treviño', email: 'legal@autosdelnorte.mx', crmId: '10001-1' };
    const signers = resolveSigners(inputs({ legal, config: { isElectronic: true, signatures: [joint] } }));
    expect(signers.blocks.map((b) => b.name)).toEqual(['Ramón Garza Treviño', 'Mariana Cantú Villarreal']);
    expect(signers.envelope.map((s) => s.email)).toEqual(['legal@autosdelnorte.mx', 'mariana@autosdelnorte.mx']);
  });

  it('names the legal representative user by the user record, not the CRM’s spelling, wherever they sign (decision 061)', () => {
    // The user 'Ramón Representante' is the CRM's 'Ramón Garza Treviño' (users.legal_id 10001-1).
    const legal = { name: 'Ramón Representante', email: 'legal@autosdelnorte.mx', crmId: '10001-1' };
    const single: ConfiguredSignature = {
      keySigner: 'legal:10001',
      clientId: '10001',
      signerId: '10001-1',
      signedBy: 'Ramón Garza Treviño',
      isCustom: false,
      isJoint: false,
      selectedValue: '',
    };
    for (const signatures of [[joint], [single]]) {
      for (const isElectronic of [true, false]) {
        const signers = resolveSigners(inputs({ legal, config: { isElectronic, signatures } }));
        const names = signers.blocks.map((b) => b.name);
        expect(names).toContain('Ramón Representante');
        expect(names).not.toContain('Ramón Garza Treviño');
        expect(signers.envelope.map((s) => s.name)).not.toContain('Ramón Garza Treviño');
        if (isElectronic) {
          expect(signers.envelope[0]).toEqual({ name: 'Ramón Representante', email: 'legal@autosdelnorte.mx' });
        }
      }
    }
  });

  it('signs on paper when the configuration is not electronic: only the legal representative gets an envelope', () => {
    const custom: ConfiguredSignature = { ...guarantor, isCustom: true, signerId: '7', signedBy: 'Firmante Propio' };
    const signers = resolveSigners(inputs({ config: { isElectronic: false, signatures: [custom] } }));
    expect(signers.blocks).toContainEqual({
      name: 'Firmante Propio',
      party: 'Aval: Eduardo Garza Sada',
      kind: 'custom',
    });
    expect(signers.envelope.map((s) => s.email)).toEqual(['laura@planpiso.mx']);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORGANISATION_MESSAGES,
  type CustomSigner,
  type ErrorResponse,
  type SignatureChoice,
  type SignatureConfig,
} from '@planpiso/domain';
import { buildApp } from '../src/app';
import { companies } from '../src/db/schema/organisation';
import { DEMO_PASSWORD } from '../src/seed';
import { DEMO_SIGNATURE_LINE } from '../src/seed/signatures';
import { bearer, fakeClock, json, signIn, testConfig, testLogger } from './harness';
import { seededDatabase } from './seeded-database';

// Signer configuration and custom signers (spec 2 "Signer configuration", §5, §7) against the CRM simulator:
// Autos del Norte (10001) has two legal representatives; its line LC-10001-01 has a natural guarantor (90011) and
// a corporate one (90012) with two representatives.

const seeded = await seededDatabase('signer_configuration');
const app = await buildApp({ config: testConfig(), db: seeded.db, clock: fakeClock(), logger: testLogger() });
const LINE = 'LC-10001-01';
let operator = '';
let stranger = '';
let company = 0;
let account = 0;

beforeAll(async () => {
  await app.ready();
  operator = await signIn(app, 'operador@planpiso.mx', DEMO_PASSWORD);
  stranger = await signIn(app, 'diana.cantu@planpiso.mx', DEMO_PASSWORD);
  const [row] = await seeded.db.select().from(companies).where(eq(companies.clientId, '10001'));
  company = row!.id;
  account = row!.accountId;
});
afterAll(async () => {
  await app.close();
  await seeded.close();
});

const choice = (keySigner: string, signerId: string, extra: Partial<SignatureChoice> = {}): SignatureChoice => ({
  keySigner,
  signerId,
  isCustom: false,
  isJoint: false,
  selectedValue: '',
  ...extra,
});
const jointPair = choice('legal:10001', '10001-1', { isJoint: true, selectedValue: '["10001-1","10001-2"]' });
const guarantors = [choice('aval:90011', '90011'), choice('aval:90012', '90012-2')];
const save = (signatures: SignatureChoice[], extra: object = {}, token = operator) =>
  app.inject({
    method: 'POST',
    url: '/api/accounts/signatureConfig',
    headers: bearer(token),
    payload: {
      accountId: account,
      companyId: company,
      creditLine: LINE,
      isElectronic: true,
      version: 1,
      signatures,
      ...extra,
    },
  });
const load = async (token = operator) =>
  app.inject({
    method: 'GET',
    url: `/api/accounts/signatureConfig?companyId=${company}&creditLine=${LINE}`,
    headers: bearer(token),
  });

describe('the signer configuration', () => {
  it('is empty until saved, then answers who signs for each party, joint pair included', async () => {
    expect(json<{ data: SignatureConfig | null }>(await load()).data).toBeNull();
    const saved = await save([...guarantors, jointPair]);
    expect(saved.statusCode).toBe(200);
    expect(json<{ message: string }>(saved).message).toBe(ORGANISATION_MESSAGES.signatureConfigSaved);
    const config = json<{ data: SignatureConfig }>(await load()).data;
    expect(config).toMatchObject({ version: 1, isElectronic: true, creditLine: LINE });
    expect(config.signatures.map((s) => [s.keySigner, s.signedBy, s.isJoint])).toEqual([
      ['aval:90011', 'Eduardo Garza Sada', false],
      ['aval:90012', 'Patricio Treviño Lozano', false],
      ['legal:10001', 'Ramón Garza Treviño, Mariana Cantú Villarreal', true],
    ]);
  });

  it('refuses a joint signature of one person, and a party without signer, changing nothing', async () => {
    const one = await save([...guarantors, { ...jointPair, selectedValue: '["10001-1"]' }]);
    expect(one.statusCode).toBe(422);
    expect(json<ErrorResponse>(one).message).toBe(ORGANISATION_MESSAGES.jointSignersMin);
    const none = await save([]);
    expect(json<ErrorResponse>(none).message).toBe(ORGANISATION_MESSAGES.signersIncomplete);
    const missing = await save([jointPair]);
    expect(json<ErrorResponse>(missing).message).toBe(ORGANISATION_MESSAGES.signersIncomplete);
    const config = json<{ data: SignatureConfig }>(await load()).data;
    expect(config.signatures).toHaveLength(3);
  });

  it('refuses a signer the CRM does not give the party, another version, and a line of another client', async () => {
    const stranger = await save([choice('aval:90011', '10001-1'), guarantors[1]!, jointPair]);
    expect(json<ErrorResponse>(stranger).message).toBe(ORGANISATION_MESSAGES.signerUnknown);
    const version = await save([...guarantors, jointPair], { version: 2 });
    expect(version.statusCode).toBe(400);
    expect(json<ErrorResponse>(version).message).toBe(ORGANISATION_MESSAGES.signatureVersionInvalid);
    const line = await save([...guarantors, jointPair], { creditLine: 'LC-10002-01' });
    expect(line.statusCode).toBe(422);
    expect(json<ErrorResponse>(line).message).toBe(ORGANISATION_MESSAGES.creditLineNotOfCompany);
  });

  it('is 404 for an operator the account is not assigned to', async () => {
    expect((await load(stranger)).statusCode).toBe(404);
    expect((await save([...guarantors, jointPair], {}, stranger)).statusCode).toBe(404);
  });
});

describe('the demo configuration', () => {
  it('is seeded for Autos del Norte on LC-10001-02 and still holds against the CRM simulator', async () => {
    const url = `/api/accounts/signatureConfig?companyId=${company}&creditLine=${DEMO_SIGNATURE_LINE}`;
    const config = json<{ data: SignatureConfig }>(
      await app.inject({ method: 'GET', url, headers: bearer(operator) }),
    ).data;
    expect(config.signatures.map((s) => s.signedBy)).toEqual([
      'Eduardo Garza Sada',
      'Ramón Garza Treviño, Mariana Cantú Villarreal',
    ]);
    const resaved = await save(config.signatures, { creditLine: DEMO_SIGNATURE_LINE });
    expect(resaved.statusCode).toBe(200);
  });
});

describe('custom signers', () => {
  const create = (fullName: string, token = operator) =>
    app.inject({
      method: 'POST',
      url: '/api/custom-signers',
      headers: bearer(token),
      payload: { fullName, companyId: company, creditLine: LINE },
    });

  it('adds, lists by name, renames and deletes, with the spec’s messages', async () => {
    const created = await create('Notario Público 12');
    expect(created.statusCode).toBe(201);
    expect(json<{ message: string }>(created).message).toBe(ORGANISATION_MESSAGES.customSignerSaved);
    await create('Apoderado Especial');
    const list = json<{ data: CustomSigner[] }>(
      await app.inject({
        method: 'GET',
        url: `/api/custom-signers?companyId=${company}&creditLine=${LINE}`,
        headers: bearer(operator),
      }),
    ).data;
    expect(list.map((s) => s.fullName)).toEqual(['Apoderado Especial', 'Notario Público 12']);
    expect(list[0]!.company.name).toBe('Autos del Norte');

    const id = json<{ data: CustomSigner }>(created).data.id;
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/custom-signers/${id}`,
      headers: bearer(operator),
      payload: { fullName: 'Notario Público 15' },
    });
    expect(json<{ data: CustomSigner }>(renamed).data.fullName).toBe('Notario Público 15');
    const other = list.find((s) => s.fullName === 'Apoderado Especial')!.id;
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/custom-signers/${other}`,
      headers: bearer(operator),
    });
    expect(json<{ message: string }>(removed).message).toBe(ORGANISATION_MESSAGES.customSignerDeleted);
  });

  it('signs only on paper; one in a saved configuration cannot be deleted', async () => {
    const id = json<{ data: CustomSigner }>(await create('Gestor de Firmas')).data.id;
    const custom = choice('legal:10001', String(id), { isCustom: true });
    const electronic = await save([...guarantors, custom]);
    expect(json<ErrorResponse>(electronic).message).toBe(ORGANISATION_MESSAGES.customSignerNotAllowed);
    const paper = await save([...guarantors, custom], { isElectronic: false });
    expect(paper.statusCode).toBe(200);
    expect(json<{ data: SignatureConfig }>(paper).data.signatures[2]!.signedBy).toBe('Gestor de Firmas');
    const refused = await app.inject({ method: 'DELETE', url: `/api/custom-signers/${id}`, headers: bearer(operator) });
    expect(refused.statusCode).toBe(409);
    expect(json<ErrorResponse>(refused).message).toBe(ORGANISATION_MESSAGES.customSignerInUse);
  });

  it('refuses an empty name and hides other operators’ companies', async () => {
    const empty = await create('  ');
    expect(empty.statusCode).toBe(400);
    expect((await create('Alguien', stranger)).statusCode).toBe(404);
    const list = json<{ data: CustomSigner[] }>(
      await app.inject({ method: 'GET', url: '/api/custom-signers', headers: bearer(stranger) }),
    ).data;
    expect(list).toEqual([]);
  });
});

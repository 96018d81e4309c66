import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { signatureConfigSigners, signatureConfigs } from '../db/schema/signatures';
import { users } from '../db/schema/users';

/**
 * The demo's signer configuration, as the CRM simulator's fixtures describe Autos del Norte (client 10001): its line
 * LC-10001-02 is backed by Eduardo Garza Sada (guarantor 90011), and the company signs through its two legal
 * representatives jointly. Written once; the seeded-database test re-saves it through the API, which checks every
 * signer against the simulator, so a fixture change that breaks it is caught.
 */
export const DEMO_SIGNATURE_LINE = 'LC-10001-02';

export async function seedSignatureDemo(
  tx: Tx,
  place: { accountId: number; companyId: number; registerBy: number; representative: number },
) {
  // The demo legal representative is the CRM's first representative of 10001.
  await tx
    .update(users)
    .set({ legalId: '10001-1', phone: '8183451290' })
    .where(and(eq(users.id, place.representative), isNull(users.legalId)));

  const [config] = await tx
    .insert(signatureConfigs)
    .values({
      accountId: place.accountId,
      companyId: place.companyId,
      creditLine: DEMO_SIGNATURE_LINE,
      isElectronic: true,
      version: 1,
      registerBy: place.registerBy,
    })
    .onConflictDoNothing()
    .returning({ id: signatureConfigs.id });
  if (!config) return;
  await tx.insert(signatureConfigSigners).values([
    {
      configId: config.id,
      keySigner: 'aval:90011',
      clientId: '90011',
      signerId: '90011',
      signedBy: 'Eduardo Garza Sada',
      isLegal: false,
      isCustom: false,
      isJoint: false,
      selectedValue: '',
    },
    {
      configId: config.id,
      keySigner: 'legal:10001',
      clientId: '10001',
      signerId: '10001-1',
      signedBy: 'Ramón Garza Treviño, Mariana Cantú Villarreal',
      isLegal: true,
      isCustom: false,
      isJoint: true,
      selectedValue: '["10001-1","10001-2"]',
    },
  ]);
}

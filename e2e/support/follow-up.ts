// Provisions of the demo company Autos del Norte put straight at a status, with the history that brought them there
// (audit rows as the provisions' mover writes them, unit validations as the validation jobs store them), so a
// follow-up journey can open the page at any point of the provision's life without replaying it.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { EVIDENCE_TYPE, PROVISION_STATUS, type ProvisionAction } from '@planpiso/domain';
import { createDb } from '../../apps/api/src/db/client';
import { auditLog } from '../../apps/api/src/db/schema/audit';
import { creditLines } from '../../apps/api/src/db/schema/credit-lines';
import { evidences, files } from '../../apps/api/src/db/schema/files';
import { provisionUnits, provisions, unitValidations } from '../../apps/api/src/db/schema/financing';
import { agencies, companies } from '../../apps/api/src/db/schema/organisation';
import { users } from '../../apps/api/src/db/schema/users';
import { NEW_VEHICLES } from '../../apps/simulators/src/fixtures/index';
import { DEMO_USERS } from './demo';
import { carOfCrm } from './financed-units';
import { e2eEnv } from './env';
import { freshVin } from './provisions';

export type FollowUpUnitSeed = {
  amount: string;
  /** The four checks; a false one fails. */
  validRepuve?: boolean;
  validTransunion?: boolean;
  validAx?: boolean;
  validInvoice?: boolean;
  /** The administrator's review: 1 Si, 2 No, 3 Ajuste, with its comment. */
  review?: { status: 1 | 2 | 3; comment: string };
  included?: boolean;
};

const S = PROVISION_STATUS;
type Step = {
  action: ProvisionAction | 'created';
  from: number | null;
  to: number;
  by: 'agent' | 'admin' | 'operator' | null;
};

/** The happy path's moves, in order; a provision at `status` has lived those that end at or before it. */
const LIFE: readonly Step[] = [
  { action: 'created', from: null, to: S.CREATED, by: 'agent' },
  { action: 'send', from: S.CREATED, to: S.SENT_TO_VALIDATE, by: 'agent' },
  { action: 'validationComplete', from: S.SENT_TO_VALIDATE, to: S.LENDER_VALIDATION, by: null },
  { action: 'reviewUnits', from: S.LENDER_VALIDATION, to: S.LENDER_VALIDATION, by: 'admin' },
  { action: 'confirm', from: S.LENDER_VALIDATION, to: S.ACCEPTED, by: 'operator' },
  { action: 'generateDocuments', from: S.ACCEPTED, to: S.ACCEPTED, by: 'agent' },
  { action: 'sendToSign', from: S.ACCEPTED, to: S.SENT_TO_SIGN, by: 'agent' },
  { action: 'signingStarted', from: S.SENT_TO_SIGN, to: S.SIGNING, by: null },
  { action: 'signingCompleted', from: S.SIGNING, to: S.SIGNED, by: null },
  { action: 'release', from: S.SIGNED, to: S.RELEASED, by: 'operator' },
];
const ORDER = [
  S.CREATED,
  S.SENT_TO_VALIDATE,
  S.LENDER_VALIDATION,
  S.ACCEPTED,
  S.SENT_TO_SIGN,
  S.SIGNING,
  S.SIGNED,
  S.RELEASED,
];

export type SeededProvision = { id: number; folio: string; vins: string[] };

/**
 * A line nobody else spends: the seeded provisions hold their totals, and on a demo line they would take the room
 * the other journeys (units under review, the create) count on. Stored as if read from the CRM once, under a client
 * number no company has, so the page shows its balances.
 */
export const FOLLOW_UP_LINE = 'LC-E2E-SEGUIMIENTO';

/**
 * A provision of Autos del Norte (the demo operator's company, the demo lender operator's account) at `status`
 * (one of the happy path's: 3, 5, 7, 10, ...), with its units and its history; on FOLLOW_UP_LINE unless `line` names
 * one of the company's own (a journey that reads that line's balance).
 */
export async function createProvisionAt(
  status: number,
  units: FollowUpUnitSeed[],
  line: { crmLineId: string; typeLine: string } = { crmLineId: FOLLOW_UP_LINE, typeLine: '100000001' },
): Promise<SeededProvision> {
  const handle = createDb(e2eEnv().databaseUrl, { max: 1 });
  try {
    const { db } = handle;
    const [company] = await db.select().from(companies).where(eq(companies.clientId, '10001'));
    const people = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(users.email, [DEMO_USERS[5].email, DEMO_USERS[4].email, DEMO_USERS[2].email, DEMO_USERS[3].email]),
      );
    const idOf = (type: 2 | 3 | 4 | 5) => people.find((p) => p.email === DEMO_USERS[type].email)!.id;
    const [agency] = await db.select().from(agencies).where(eq(agencies.name, 'Sucursal Monterrey Centro'));
    const total = units
      .filter((u) => u.included !== false)
      .reduce((sum, u) => sum + BigInt(u.amount.replace('.', '')), 0n);
    await db
      .insert(creditLines)
      .values({
        crmLineId: FOLLOW_UP_LINE,
        clientNumber: 'E2E-SEGUIMIENTO',
        typeLine: '100000001',
        montoAutorizado: '5000000.00',
        montoRestante: '2804700.00',
        plazos: '1|2|3',
        refreshedAt: new Date(),
      })
      .onConflictDoNothing();
    const days = 3;
    const start = Date.now() - days * 86_400_000;
    const [provision] = await db
      .insert(provisions)
      .values({
        status,
        accountId: company!.accountId,
        companyId: company!.id,
        agencyId: agency?.id ?? null,
        legalId: idOf(4),
        creditLine: line.crmLineId,
        typeLine: line.typeLine,
        deadlines: 3,
        description: 'Unidades seminuevas para exhibición de diciembre',
        total: `${total / 100n}.${String(total % 100n).padStart(2, '0')}`,
        registerBy: idOf(5),
        version: 4,
        createdAt: new Date(start),
      })
      .returning({ id: provisions.id, folio: provisions.folio });
    const vins = units.map(() => freshVin());
    const vehicle = NEW_VEHICLES[0]!;
    const inserted = await db
      .insert(provisionUnits)
      .values(
        units.map((unit, index) => ({
          ...carOfCrm(vins[index]!, vehicle),
          provisionId: provision!.id,
          index,
          motorNumber: `${vehicle.motor.slice(0, 20)}${index}`,
          amount: unit.amount,
          included: unit.included ?? true,
          status: unit.review?.status ?? 0,
          reviewAf: unit.review !== undefined,
          comment: unit.review?.comment ?? '',
          invoiceDate: '2026-11-02',
          deadlines: 3,
          validInvoice: unit.validInvoice ?? true,
          validRepuve: unit.validRepuve ?? true,
          validTransunion: unit.validTransunion ?? true,
          validAx: unit.validAx ?? true,
        })),
      )
      .returning({ id: provisionUnits.id });

    // The validation jobs' verdicts, an hour after it was sent (the send is the second move, 4 h in).
    const validatedAt = new Date(start + 5 * 3_600_000);
    await db.insert(unitValidations).values(
      units.flatMap((unit, index) =>
        (
          [
            [1, unit.validRepuve ?? true],
            [2, unit.validTransunion ?? true],
            [3, unit.validAx ?? true],
          ] as const
        ).map(([check, valid]) => ({
          unitId: inserted[index]!.id,
          vin: vins[index]!,
          check,
          valid,
          reason: valid ? '' : 'Reporte de robo vigente',
          validatedAt,
        })),
      ),
    );

    // The moves that brought it here, one every few hours, as the mover writes them.
    const reached = ORDER.indexOf(status as (typeof ORDER)[number]);
    const lived = LIFE.filter((step) => ORDER.indexOf(step.to as (typeof ORDER)[number]) <= reached);
    const actorOf = { agent: idOf(5), admin: idOf(2), operator: idOf(3) } as const;
    await db.insert(auditLog).values(
      lived.map((step, index) => ({
        at: new Date(start + index * 4 * 3_600_000),
        actorId: step.by ? actorOf[step.by] : null,
        action: `provisions.${step.action}`,
        entity: 'provision',
        entityId: String(provision!.id),
        before: step.from === null ? null : { status: step.from, version: index },
        after: { status: step.to, version: index + 1 },
      })),
    );
    // Its documents as the list shows them (names, sizes, statuses; the bytes are not read by these journeys): the
    // dealer's annex, and from Aceptada on the signing document — sent at 5 and 6, signed from 7 on.
    const documents: { name: string; size: number; type: number; signedStatus?: number }[] = [
      { name: 'Anexo diciembre.pdf', size: 245_760, type: EVIDENCE_TYPE.PROVISION_ATTACHMENT },
    ];
    if (status >= S.ACCEPTED && status !== S.REJECTED && status !== S.CANCELLED) {
      const signedStatus = status === S.ACCEPTED ? 0 : status <= S.SIGNING ? 1 : 2;
      documents.push({
        name: `Disposicion ${provision!.folio}.pdf`,
        size: 1_320_000,
        type: EVIDENCE_TYPE.SIGNING_DOCUMENT,
        signedStatus,
      });
    }
    for (const document of documents) {
      const [file] = await db
        .insert(files)
        .values({
          key: `evidences/e2e/${randomUUID()}`,
          originalName: document.name,
          contentType: 'application/pdf',
          size: document.size,
          sha256: '0'.repeat(64),
          uploadedBy: idOf(5),
        })
        .returning({ id: files.id });
      await db.insert(evidences).values({
        fileId: file!.id,
        type: document.type,
        provisionId: provision!.id,
        ...(document.signedStatus !== undefined && { typeSignDoc: 0, signedStatus: document.signedStatus }),
      });
    }
    return { id: provision!.id, folio: String(provision!.folio), vins };
  } finally {
    await handle.close();
  }
}

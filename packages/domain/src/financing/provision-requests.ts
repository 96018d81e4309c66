import { z } from 'zod';
import { envelope, rowVersion } from '../contracts/common';
import { idSchema } from '../contracts/inputs';
import { DESCRIPTION_MAX } from '../limits';
import { MESSAGES, badFormat, maxChars } from '../messages';
import { FINANCING_MESSAGES } from '../messages-financing';
import { Money } from '../money';
import { unitDraft } from './unit-form';

/**
 * The save contracts of a provision, dealer side (spec 3 §3 "Create/update payload", §5 "Provision save"): POST
 * /api/provisions (Guardar), POST /api/provisions/create-send (save and send) and PUT /api/provisions/{id} (edit at
 * status 1). The web's forms derive from them; the API validates with them at the route.
 *
 * Not in the body, on purpose: accountId (the company's account, read from the database), registerBy (the session's
 * user) and typeLine (the credit line's own type, read from the CRM's row), so none of them can be forged.
 */

/** A limit of ours: the spec sets none, and a 5,000-row CSV is the largest upload we plan for (bench). */
export const PROVISION_UNITS_MAX = 10_000;

/** Spec 3 §5 "Files": the provision's attachment is a PDF; a unit's evidence xml, pdf, png, jpg or jpeg. */
export const PROVISION_ATTACHMENT_EXTENSIONS = ['pdf'] as const;
export const UNIT_EVIDENCE_EXTENSIONS = ['xml', 'pdf', 'png', 'jpg', 'jpeg'] as const;

/** The extension of a file name, lower case without the dot ('' when none). */
export const fileExtension = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot >= 0
    ? name
        .slice(dot + 1)
        .trim()
        .toLowerCase()
    : '';
};

/** 'La extensión del documento no es permitido' unless the file name ends in one of `extensions` (spec 3 §5). */
export function checkExtension(name: string, extensions: readonly string[]): string | null {
  return extensions.includes(fileExtension(name)) ? null : FINANCING_MESSAGES.extensionNotAllowed;
}

const required = FINANCING_MESSAGES.requiredFields;
/** A required id: missing or not a positive integer is 'Verifique los campos obligatorios' (spec 3 §5). */
const requiredId = z.number({ error: required }).int({ message: required }).positive({ message: required });

/**
 * A file already uploaded with POST /api/documents (spec 3 §7 "document upload": it answers url and file name),
 * referenced by the save through its `fileId`. The server attaches only the caller's own uploads not attached yet,
 * or the evidences the provision already has (edit); url, size and extension are what the upload answered, kept
 * for the screens (the server reads them from the file, never from here).
 */
const evidenceRef = (extensions: readonly string[]) =>
  z
    .object({
      fileId: idSchema(required),
      fileName: z.string().trim().min(1).max(255),
      url: z.string().trim().min(1).max(2048),
      fileSize: z.number().int().nonnegative().optional(),
      extension: z.string().trim().max(10).optional(),
      type: z.number().int().optional(),
    })
    .refine((file) => checkExtension(file.fileName, extensions) === null, {
      message: FINANCING_MESSAGES.extensionNotAllowed,
      path: ['fileName'],
    });

/** A unit in a save: the unit form's fields, plus its id when it exists already (edit, units under review). */
export const provisionUnit = unitDraft.extend({
  id: z.number().int().positive().optional(),
  evidences: z.array(evidenceRef(UNIT_EVIDENCE_EXTENSIONS)).max(50).optional(),
});
export type ProvisionUnit = z.output<typeof provisionUnit>;

/** A total: a decimal string with at most 2 decimals, 0 or more, normalised to '1234.50'. */
const totalAmount = z.string({ error: required }).transform((text, ctx) => {
  const parsed = Money.parse(text);
  if (!parsed.ok || parsed.money.isNegative()) {
    ctx.addIssue({ code: 'custom', message: badFormat('monto') });
    return z.NEVER;
  }
  return parsed.money.toDecimalString();
});

const provisionFields = z.object({
  companyId: requiredId,
  /** The branch (sucursal); the spec's agencyId. */
  agencyId: requiredId,
  /** The legal representative. */
  legalId: requiredId,
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, { message: maxChars(DESCRIPTION_MAX) })
    .optional(),
  /** The CRM's lineaCredito the units draw on (one per provision, spec 3 §3 Provision.creditLine). */
  creditLine: z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .regex(/^[A-Za-z0-9._-]{1,50}$/, { message: badFormat('línea de crédito') }),
  /** The term (plazo) in months, one of the line's terms (the server checks it against the CRM's plazos). */
  deadlines: requiredId,
  includeAll: z.boolean().default(false),
  /** Step 1's attachment (evidence type 2), a PDF. */
  evidences: z.array(evidenceRef(PROVISION_ATTACHMENT_EXTENSIONS)).max(1).default([]),
  /** Only the ticked units are sent (spec 3 §5). */
  units: z.array(provisionUnit).max(PROVISION_UNITS_MAX, { message: FINANCING_MESSAGES.tooManyUnits }),
  /** The sum of the units' amounts, as the screen showed it; the server re-checks it against the balance. */
  total: totalAmount,
  /** The units come from the units-under-review dialog (spec 3 §2 "Review mode", §3 reviewUnits). */
  reviewUnits: z.boolean().optional(),
});

/** The total must be the units' sum, to the cent: what the person saw is what is reserved. */
function totalMatchesUnits(body: { units: ReadonlyArray<{ amount: string }>; total: string }): boolean {
  const amounts = body.units.map((u) => Money.parse(u.amount));
  const total = Money.parse(body.total);
  // An unreadable amount already has its own issue; this rule only compares readable ones.
  if (!total.ok || amounts.some((a) => !a.ok)) return true;
  return Money.sum(amounts.map((a) => (a.ok ? a.money : Money.zero))).equals(total.money);
}
const totalRule = { message: FINANCING_MESSAGES.totalMismatch, path: ['total'] };
const unitsRule = { message: MESSAGES.selectAtLeastOneUnit, path: ['units'] };

/** POST /api/provisions (Guardar): status 1; units are optional. */
export const createProvisionRequest = provisionFields.refine(totalMatchesUnits, totalRule);
export type CreateProvisionRequest = z.output<typeof createProvisionRequest>;
export type CreateProvisionRequestInput = z.input<typeof createProvisionRequest>;

/** POST /api/provisions/create-send: created and sent (status 2), so at least one unit. */
export const createAndSendProvisionRequest = provisionFields
  .refine(totalMatchesUnits, totalRule)
  .refine((body) => body.units.length > 0, unitsRule);
export type CreateAndSendProvisionRequest = z.output<typeof createAndSendProvisionRequest>;

/**
 * PUT /api/provisions/{id}: "All fields editable" at status 1 (spec 3 §2 "Edit provision"), with the version the
 * screen read (a stale edit is 409, decision 016). A unit whose VIN matches one of the provision's units keeps
 * that unit (spec 3 §5), whether or not the body carries its id.
 */
export const updateProvisionRequest = provisionFields
  .extend({ version: rowVersion })
  .refine(totalMatchesUnits, totalRule);
export type UpdateProvisionRequest = z.output<typeof updateProvisionRequest>;
export type UpdateProvisionRequestInput = z.input<typeof updateProvisionRequest>;

/** The create answers carry the folio (spec 3 §7). */
export const createProvisionResponse = envelope(
  z.object({ id: z.number().int(), folio: z.string(), status: z.number().int() }),
);
export type CreateProvisionResponse = z.infer<typeof createProvisionResponse>;

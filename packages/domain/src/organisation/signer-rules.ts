import type { ExternalGuarantor, ExternalLegalRepresentative } from '../contracts/external';
import { ORGANISATION_MESSAGES } from '../messages-organisation';
import { crmLegalId } from './account-rules';

/** A person who may sign for a party: someone the CRM knows (a legal representative, a guarantor). */
export type SignerOption = { id: string; name: string; isLegal: boolean };

/**
 * A party whose signature the documents need (spec 2 "Signer configuration"): the company itself, through its legal
 * representatives, and each guarantor of the credit line — a natural person signs for themself, a corporate one
 * through its legal representatives.
 */
export type SignatureParty = {
  key: string;
  clientId: string;
  section: 'guarantor-person' | 'guarantor-company' | 'legal';
  label: string;
  detail: string;
  people: SignerOption[];
};

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** The parties of one company and line, in the screen's order: natural guarantors, corporate ones, the company. */
export function signatureParties(
  company: { clientId: string; name: string },
  legalRepresentatives: readonly ExternalLegalRepresentative[],
  guarantors: readonly ExternalGuarantor[],
): SignatureParty[] {
  const persons = guarantors
    .filter((g) => g.tipoPersona === 'fisica')
    .map<SignatureParty>((g) => ({
      key: `aval:${g.numeroCliente}`,
      clientId: g.numeroCliente,
      section: 'guarantor-person',
      label: fullName(g.nombres, g.apellidos),
      detail: g.cargo,
      people: [{ id: g.numeroCliente, name: fullName(g.nombres, g.apellidos), isLegal: false }],
    }));
  const corporate = guarantors
    .filter((g) => g.tipoPersona === 'moral')
    .map<SignatureParty>((g) => ({
      key: `aval:${g.numeroCliente}`,
      clientId: g.numeroCliente,
      section: 'guarantor-company',
      label: g.razonSocial,
      detail: '',
      people: g.representantes.map((r, i) => ({
        id: crmLegalId(g.numeroCliente, i),
        name: fullName(r.nombres, r.apellidos),
        isLegal: true,
      })),
    }));
  const own: SignatureParty = {
    key: `legal:${company.clientId}`,
    clientId: company.clientId,
    section: 'legal',
    label: company.name,
    detail: '',
    people: legalRepresentatives.map((r, i) => ({
      id: crmLegalId(company.clientId, i),
      name: fullName(r.nombres, r.apellidos),
      isLegal: true,
    })),
  };
  return [...persons, ...corporate, own];
}

/** What the screen sends for one party: one person, a custom signer, or several people signing jointly. */
export type SignatureChoice = {
  keySigner: string;
  isCustom: boolean;
  isJoint: boolean;
  /** The person's or custom signer's id; for a joint signature, the first of `selectedValue`. */
  signerId: string;
  /** For a joint signature, the chosen people's ids as a JSON list (spec 2 §3). */
  selectedValue: string;
};

/** A signature as stored: the choice completed with what the CRM and the custom signers say. */
export type ResolvedSignature = SignatureChoice & { clientId: string; signedBy: string; isLegal: boolean };

export type SignatureCheck = { ok: true; signatures: ResolvedSignature[] } | { ok: false; message: string };

/** The people of a joint signature, from its `selectedValue` (a JSON list of ids); null when it is not one. */
export const jointIds = (value: string): string[] | null => {
  try {
    const parsed: unknown = JSON.parse(value || '[]');
    return Array.isArray(parsed) && parsed.every((v) => typeof v === 'string') ? (parsed as string[]) : null;
  } catch {
    return null;
  }
};

/**
 * The rule the screen and the server share (spec 2 §5): every party has its signer ('La información de los
 * firmantes esta incompleta' otherwise); a joint signature has at least two people; a custom signer only when
 * the signature is not electronic; every signer is one the party really has.
 */
export function resolveSignatures(
  parties: readonly SignatureParty[],
  choices: readonly SignatureChoice[],
  customSigners: readonly { id: number; fullName: string }[],
  isElectronic: boolean,
): SignatureCheck {
  const fail = (message: string): SignatureCheck => ({ ok: false, message });
  const byKey = new Map(choices.map((c) => [c.keySigner, c]));
  if (choices.length === 0 || byKey.size !== choices.length) return fail(ORGANISATION_MESSAGES.signersIncomplete);
  if (choices.some((c) => !parties.some((p) => p.key === c.keySigner))) {
    return fail(ORGANISATION_MESSAGES.signerUnknown);
  }
  // The joint rule is checked before completeness: it is the more precise message for a half-made choice.
  for (const choice of choices) {
    if (choice.isJoint && (jointIds(choice.selectedValue)?.length ?? 0) < 2) {
      return fail(ORGANISATION_MESSAGES.jointSignersMin);
    }
  }
  const signatures: ResolvedSignature[] = [];
  for (const party of parties) {
    const choice = byKey.get(party.key);
    if (!choice || (!choice.isJoint && !choice.signerId)) return fail(ORGANISATION_MESSAGES.signersIncomplete);
    const base = { ...choice, clientId: party.clientId };
    if (choice.isJoint) {
      const ids = jointIds(choice.selectedValue)!;
      const people = ids.map((id) => party.people.find((p) => p.id === id));
      if (people.some((p) => !p) || new Set(ids).size !== ids.length) return fail(ORGANISATION_MESSAGES.signerUnknown);
      signatures.push({
        ...base,
        isCustom: false,
        signerId: ids[0]!,
        selectedValue: JSON.stringify(ids),
        signedBy: people.map((p) => p!.name).join(', '),
        isLegal: people.every((p) => p!.isLegal),
      });
    } else if (choice.isCustom) {
      if (isElectronic) return fail(ORGANISATION_MESSAGES.customSignerNotAllowed);
      const custom = customSigners.find((c) => String(c.id) === choice.signerId);
      if (!custom) return fail(ORGANISATION_MESSAGES.signerUnknown);
      signatures.push({ ...base, selectedValue: '', signedBy: custom.fullName, isLegal: false });
    } else {
      const person = party.people.find((p) => p.id === choice.signerId);
      if (!person) return fail(ORGANISATION_MESSAGES.signerUnknown);
      signatures.push({ ...base, selectedValue: '', signedBy: person.name, isLegal: person.isLegal });
    }
  }
  return { ok: true, signatures };
}

import {
  SIGNING_DOCUMENT_TEXT as T,
  crmLegalId,
  jointIds,
  type CrmGuarantor,
  type CrmLegalRepresentative,
} from '@planpiso/domain';
import type { SignatureBlock } from './pdf';

/** A signature of the account's configuration as stored (signer-configuration/repository signaturesOf). */
export type ConfiguredSignature = {
  keySigner: string;
  clientId: string;
  signerId: string;
  signedBy: string;
  isCustom: boolean;
  isJoint: boolean;
  selectedValue: string;
};

export type SignerInputs = {
  company: { name: string; clientId: string | null };
  /** The provision's legal representative (a type 4 user): always a signer, the one who signs at /firmar-disposicion. */
  legal: { name: string; email: string; crmId: string | null } | null;
  /** The company and line's signer configuration, if the lender saved one (spec 2 "Signer configuration"). */
  config: { isElectronic: boolean; signatures: ConfiguredSignature[] } | null;
  /** What the CRM says of the company's legal representatives (their e-mails) and the line's guarantors. */
  legalRepresentatives: readonly CrmLegalRepresentative[];
  guarantors: readonly CrmGuarantor[];
};

export type Signers = {
  /** One block per person who signs, on the document. */
  blocks: SignatureBlock[];
  /** Who signs electronically: the people with an e-mail, once each (decision 037). */
  envelope: { name: string; email: string }[];
};

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/**
 * Who signs a provision's document (decision 037): the provision's legal representative, then every signature of
 * the configuration — one block per person, a joint signature giving a block to each of its people. A custom signer
 * and a configuration that is not electronic sign on paper (autograph blocks); the people the CRM gives an e-mail
 * (the company's legal representatives) sign electronically too, with the legal representative.
 */
export function resolveSigners(inputs: SignerInputs): Signers {
  const { company, legal, config } = inputs;
  const companyParty = `${T.legalParty}: ${company.name}`;
  const blocks: SignatureBlock[] = [];
  const envelope: { name: string; email: string }[] = [];
  const addSigner = (name: string, email: string | undefined) => {
    const key = email?.trim().toLowerCase();
    if (key && !envelope.some((s) => s.email.toLowerCase() === key)) envelope.push({ name, email: email!.trim() });
  };

  // The CRM's people by the ids the configuration stores (crmLegalId: client number and position).
  const emails = new Map<string, { name: string; email: string }>();
  if (company.clientId) {
    inputs.legalRepresentatives.forEach((r, i) =>
      emails.set(crmLegalId(company.clientId!, i), { name: fullName(r.nombres, r.apellidos), email: r.correo }),
    );
  }
  // The legal representative user who is one of the CRM's people (users.legal_id) signs as that person, with the
  // e-mail they sign in with: one signer, not two. Named as the provision names them everywhere else — the user
  // record, never the CRM's spelling (decision 061): the document's field, its signature block, the envelope and
  // the follow-up page show one name.
  const configured = (config?.signatures ?? []).flatMap((s) =>
    s.isJoint ? (jointIds(s.selectedValue) ?? []) : s.isCustom ? [] : [s.signerId],
  );
  const legalInConfig = legal?.crmId ? configured.includes(legal.crmId) : false;
  if (legal?.crmId && legalInConfig) {
    emails.set(legal.crmId, { name: legal.name, email: legal.email });
  }
  /** The name a configured (not custom) signature shows: the legal representative user's own, or as stored. */
  const nameOf = (signerId: string, stored: string) => (legal?.crmId && signerId === legal.crmId ? legal.name : stored);
  if (legal && !legalInConfig) {
    blocks.push({ name: legal.name, party: companyParty, kind: 'electronic' });
    addSigner(legal.name, legal.email);
  }
  if (!config) return { blocks, envelope };

  const guarantorName = new Map(
    inputs.guarantors.map((g) => [
      g.numeroCliente,
      g.tipoPersona === 'moral' ? g.razonSocial : fullName(g.nombres, g.apellidos),
    ]),
  );
  const partyOf = (signature: ConfiguredSignature) =>
    signature.keySigner.startsWith('legal:')
      ? companyParty
      : `${T.guarantorParty}: ${guarantorName.get(signature.clientId) ?? signature.clientId}`;

  for (const signature of config.signatures) {
    const party = partyOf(signature);
    if (signature.isJoint) {
      const ids = jointIds(signature.selectedValue) ?? [];
      const names = signature.signedBy.split(', ');
      ids.forEach((id, i) => {
        const person = emails.get(id);
        const name = person?.name ?? names[i] ?? id;
        blocks.push({ name, party, kind: 'joint' });
        if (config.isElectronic) addSigner(name, person?.email);
      });
    } else if (signature.isCustom || !config.isElectronic) {
      const name = signature.isCustom ? signature.signedBy : nameOf(signature.signerId, signature.signedBy);
      blocks.push({ name, party, kind: 'custom' });
    } else {
      // Someone the CRM gives no e-mail (a guarantor) cannot sign electronically: an autograph block.
      const person = emails.get(signature.signerId);
      const name = nameOf(signature.signerId, signature.signedBy);
      blocks.push({ name, party, kind: person?.email ? 'electronic' : 'custom' });
      addSigner(name, person?.email);
    }
  }
  // The same person named twice for the same party (the legal representative also in the configuration) signs once.
  const seen = new Set<string>();
  return {
    blocks: blocks.filter((b) => {
      const key = `${b.name.toLowerCase()}|${b.party}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
    envelope,
  };
}

import { USER_TYPE, type UserType } from '@planpiso/domain';
import type { OperatedScope } from '../organisation-lookups';

type Actor = { id: number; type: UserType };

/**
 * Which CRM clients an actor may read about (issue 4, decision 009). Two purposes, two readings:
 * - onboarding (the client list and a client's legal representatives): lender staff register new clients, so
 *   types 1–3 may read any client; a dealer only its own companies' clients.
 * - credit (credit lines, guarantors, inventory): the lender's staff the clients of the accounts assigned to them
 *   (decision 014: the super user every client; an administrator those of the operators it registered; an
 *   operator its own), a dealer its own.
 */
export type ClientScope = { kind: 'all' } | OperatedScope | { kind: 'own'; userId: number };

export type ClientPurpose = 'onboarding' | 'credit';

export function clientScopeOf(actor: Actor, purpose: ClientPurpose): ClientScope {
  switch (actor.type) {
    case USER_TYPE.SUPER_USER:
      return { kind: 'all' };
    case USER_TYPE.PROVIDER_ADMIN:
      return purpose === 'onboarding' ? { kind: 'all' } : { kind: 'operated', by: actor.id, levels: 1 };
    case USER_TYPE.PROVIDER_OPERATOR:
      return purpose === 'onboarding' ? { kind: 'all' } : { kind: 'operated', by: actor.id, levels: 0 };
    default:
      return { kind: 'own', userId: actor.id };
  }
}

/**
 * Who may read what the CRM knows of a VIN (issue 14 item 9, docs/decisions/020): the VIN of a unit the actor
 * holds (a unit of a provision of a company in its credit scope), or any VIN while it is entering units — an
 * agency operator (type 5, the only type that creates provisions, spec 3 §6) whose active company is eligible.
 */
export function mayEnterUnits(actor: Actor): boolean {
  return actor.type === USER_TYPE.AGENCY_OPERATOR;
}

import { USER_TYPE, type UserType } from '@planpiso/domain';

type Actor = { id: number; type: UserType };

/**
 * Which CRM clients an actor may read about (issue 4, decision 009). Two purposes, two readings:
 * - onboarding (the client list and a client's legal representatives): lender staff register new clients, so
 *   types 1–3 may read any client; a dealer only its own companies' clients.
 * - credit (credit lines, guarantors, inventory): the lender's types 1 and 2 see every client (as the look-ups
 *   do, decision 008), an operator (type 3) the clients of the accounts assigned to it, a dealer its own.
 */
export type ClientScope = { kind: 'all' } | { kind: 'operated'; by: number } | { kind: 'own'; userId: number };

export type ClientPurpose = 'onboarding' | 'credit';

export function clientScopeOf(actor: Actor, purpose: ClientPurpose): ClientScope {
  switch (actor.type) {
    case USER_TYPE.SUPER_USER:
    case USER_TYPE.PROVIDER_ADMIN:
      return { kind: 'all' };
    case USER_TYPE.PROVIDER_OPERATOR:
      return purpose === 'onboarding' ? { kind: 'all' } : { kind: 'operated', by: actor.id };
    default:
      return { kind: 'own', userId: actor.id };
  }
}

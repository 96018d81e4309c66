import { can, type Ability, type AbilityEntities, type CanActor } from '@planpiso/domain';
import { refusalError } from './errors';

/**
 * The server's side of `can` (packages/domain/src/authorization/can.ts, decision 077): the same question the screens
 * ask, its refusal thrown as the catalogue's answer — 403 the type, 404 out of reach, 409 the status, 422 a guard.
 * Asked without a row, it is the check "before anything is read".
 */
export function assertCan<A extends Ability>(actor: CanActor, ability: A, entity?: AbilityEntities[A]): void {
  const verdict = can(actor, ability, entity);
  if (!verdict.allowed) throw refusalError(verdict);
}

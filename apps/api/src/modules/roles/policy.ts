import { USER_TYPE, roleTypesOfferedInUserForm, type UserType } from '@planpiso/domain';

/** Which roles an actor may see, edit and hand out (spec 1 §6). */
export type RoleScope = { kind: 'all' } | { kind: 'registered'; by: number };

/** Type 1 sees every role; types 2, 3 and 4 only the roles they registered (spec 1 §6). */
export function roleScopeOf(actor: { id: number; type: UserType }): RoleScope {
  return actor.type === USER_TYPE.SUPER_USER ? { kind: 'all' } : { kind: 'registered', by: actor.id };
}

/** A creator may only create the role types its user form offers (spec 1 §6): type 4 only type 5. */
export function mayCreateRoleType(actor: { type: UserType }, roleType: number): boolean {
  return (roleTypesOfferedInUserForm(actor.type) as number[]).includes(roleType);
}

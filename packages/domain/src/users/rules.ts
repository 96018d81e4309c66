import { USER_TYPE, type UserType } from '../user-types';

/** The actor of a rule: who is acting. */
export type Actor = { id: number; type: UserType };
/** The row a rule is about. */
export type UserRow = { id: number; type: number };

/**
 * Which user type a creator makes (spec 1 §6): 1 creates 2; 2 creates 3; 3 creates the type of the chosen role
 * (4 or 5); 4 creates 5 in its own account and company. Null when the creator may not create that user.
 */
export function createdUserType(creatorType: UserType, chosenRoleType: number | null): UserType | null {
  switch (creatorType) {
    case USER_TYPE.SUPER_USER:
      return USER_TYPE.PROVIDER_ADMIN;
    case USER_TYPE.PROVIDER_ADMIN:
      return USER_TYPE.PROVIDER_OPERATOR;
    case USER_TYPE.PROVIDER_OPERATOR:
      return chosenRoleType === 4 || chosenRoleType === 5 ? chosenRoleType : null;
    case USER_TYPE.LEGAL_REPRESENTATIVE:
      return USER_TYPE.AGENCY_OPERATOR;
    default:
      return null;
  }
}

/** Role types offered in the user form (spec 1 §6); type 4 only creates type 5 users. */
export function roleTypesOfferedInUserForm(creatorType: UserType): UserType[] {
  const offered: Record<UserType, UserType[]> = { 1: [2, 3, 4, 5], 2: [3, 4, 5], 3: [4, 5], 4: [5], 5: [] };
  return offered[creatorType];
}

/**
 * The role types a user created by this creator may hold: the created type's (spec 1 §6 creation rules). The
 * server accepts only these, so this is what the user form's role dropdown should list; roleTypesOfferedInUserForm
 * is the wider list of role types a creator may create on the roles screen.
 */
export function roleTypesForCreatedUser(creatorType: UserType): UserType[] {
  if (creatorType === USER_TYPE.PROVIDER_OPERATOR) return [USER_TYPE.LEGAL_REPRESENTATIVE, USER_TYPE.AGENCY_OPERATOR];
  const created = createdUserType(creatorType, null);
  return created === null ? [] : [created];
}

/** Role types offered by the users list's role filter (spec 1 §6). */
export function roleTypesInUserFilter(actorType: UserType): UserType[] {
  const offered: Record<UserType, UserType[]> = { 1: [2, 3, 4, 5], 2: [3], 3: [4, 5], 4: [5], 5: [] };
  return offered[actorType];
}

/** Account, company and agency filters are hidden for types 2 and 4 (spec 1 §2.5). */
export function showsOrganisationFilters(actorType: UserType): boolean {
  return actorType !== USER_TYPE.PROVIDER_ADMIN && actorType !== USER_TYPE.LEGAL_REPRESENTATIVE;
}

/**
 * The edit action (spec 1 §6): shown when the actor is not type 1 and the row is not the actor itself, or when
 * the actor is type 1 and the row is type 2.
 */
export function canEditUser(actor: Actor, row: UserRow): boolean {
  if (actor.type === USER_TYPE.SUPER_USER) return row.type === USER_TYPE.PROVIDER_ADMIN;
  return row.id !== actor.id;
}

/** Resend temporary password: types 1, 2 and 3 (spec 1 §6). */
export function canResendTemporaryPassword(actorType: UserType): boolean {
  return actorType === 1 || actorType === 2 || actorType === 3;
}

/** Fields of the user form by the creator's type (spec 1 §2.6). */
export function userFormFields(creatorType: UserType): {
  organisation: boolean;
  agency: boolean;
} {
  return {
    organisation: creatorType === USER_TYPE.PROVIDER_OPERATOR,
    agency: creatorType === USER_TYPE.LEGAL_REPRESENTATIVE,
  };
}

/** User type codes used across the whole product (spec 1 §1). */
export const USER_TYPE = {
  SUPER_USER: 1,
  PROVIDER_ADMIN: 2,
  PROVIDER_OPERATOR: 3,
  LEGAL_REPRESENTATIVE: 4,
  AGENCY_OPERATOR: 5,
} as const;

export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];

export const USER_TYPES: readonly UserType[] = [1, 2, 3, 4, 5];

const ROLE_LABELS: Record<UserType, string> = {
  1: 'Super usuario',
  2: 'Administrador Finbe',
  3: 'Operador Finbe',
  4: 'Representante Legal',
  5: 'Operador Agencia',
};

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'number' && (USER_TYPES as readonly number[]).includes(value);
}

/** Any other value is labelled "-" (spec 1 §1). */
export function roleLabel(type: unknown): string {
  return isUserType(type) ? ROLE_LABELS[type] : '-';
}

/** Dealer-side users work inside one account and pick their active company in the header (spec 1 §2.3). */
export function isDealer(type: UserType): boolean {
  return type === USER_TYPE.LEGAL_REPRESENTATIVE || type === USER_TYPE.AGENCY_OPERATOR;
}

/** Vehicle line type codes (spec 1 §3). */
export const LINE_TYPE = { NEW: 100000000, USED: 100000001 } as const;
export function lineTypeLabel(code: number): string {
  return code === LINE_TYPE.USED ? 'Seminuevos' : 'Nuevos';
}

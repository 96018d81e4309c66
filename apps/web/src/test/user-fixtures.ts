import type { NotificationResponse, RoleResponse, UserResponse } from '@planpiso/domain';

/** A user row as GET /api/users answers it. */
export function userRow(overrides: Partial<UserResponse> & Pick<UserResponse, 'id'>): UserResponse {
  return {
    firstname: 'Ana',
    lastname: 'López',
    email: `usuario${overrides.id}@planpiso.mx`,
    additionalEmails: '',
    phone: '',
    type: 3,
    roleId: 30,
    accountId: null,
    companyId: null,
    agencyId: null,
    registerBy: 102,
    isActive: true,
    version: 1,
    createdAt: '2026-03-02',
    role: { name: 'Operador de crédito' },
    ...overrides,
  };
}

export function roleRow(overrides: Partial<RoleResponse> & Pick<RoleResponse, 'id'>): RoleResponse {
  return {
    name: `Rol ${overrides.id}`,
    description: 'Descripción del rol',
    type: 3,
    registerBy: 102,
    isActive: true,
    version: 1,
    createdAt: '2026-02-15',
    ...overrides,
  };
}

export function notificationRow(
  overrides: Partial<NotificationResponse> & Pick<NotificationResponse, 'id'>,
): NotificationResponse {
  return {
    type: 1,
    message: `Notificación ${overrides.id}`,
    isReaded: false,
    createdAt: '2026-03-02T17:45:00.000Z',
    ...overrides,
  };
}

export const page = <T>(items: T[]) => ({ body: { data: { items, total: items.length } } });

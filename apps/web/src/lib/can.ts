import { useMemo } from 'react';
import {
  API_PERMISSIONS,
  canOpenRoute,
  isAllowed,
  isUserType,
  matchRoute,
  type ApiOperation,
  type StateActor,
  type UserType,
} from '@planpiso/domain';
import { useSession } from './session';

/** The signed-in user's type, or null (no session, or a type outside 1–5). */
export function useUserType(): UserType | null {
  const type = useSession()?.user.type;
  return isUserType(type) ? type : null;
}

/** The signed-in user as the state machines see it (`askMachine`, `actionsFor`, `can`), or null without a session. */
export function useStateActor(): StateActor | null {
  const id = useSession()?.user.id;
  const type = useUserType();
  // One object per user, so columns built from it are not rebuilt on every render.
  return useMemo(() => (id === undefined || type === null ? null : { id, type }), [id, type]);
}

/** May this user call the operation? Reads the API permission table, never `type === n` in a screen. */
export function canCall(operation: ApiOperation, type: UserType | null): boolean {
  return isAllowed(API_PERMISSIONS[operation], type);
}

/** May this user open the path? Reads the route table. */
export function canOpen(path: string, type: UserType | null): boolean {
  const route = matchRoute(path);
  return !!route && type !== null && canOpenRoute(route, type);
}

export function useCan(operation: ApiOperation): boolean {
  return canCall(operation, useUserType());
}

export function useCanOpen(path: string): boolean {
  return canOpen(path, useUserType());
}

import type { ReactNode } from 'react';
import type { ApiOperation } from '@planpiso/domain';
import { useCan } from '../lib/can';

type Props = { operation: ApiOperation; children: ReactNode; fallback?: ReactNode };

/** Renders its children only when the user's type may call the operation (permissions are data). */
export function Can({ operation, children, fallback = null }: Props) {
  return <>{useCan(operation) ? children : fallback}</>;
}

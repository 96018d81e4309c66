import { useMatches } from 'react-router';
import type { AppRoute } from '@planpiso/domain';
import type { RouteHandle } from './route-handle';

/** The domain route of the deepest match (title, parent, buttons). */
export function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.route) return handle.route;
  }
  return undefined;
}

import { redirect } from 'react-router';
import { SIGN_IN_PATH, canOpenRoute, isUserType, type AppRoute } from '@planpiso/domain';
import { ensureSession, getSession } from '../lib/session';

/** /login: a signed-in user is sent to / (spec 1 §2.1). */
export async function loginLoader() {
  return (await ensureSession()) ? redirect('/') : null;
}

/** Only authenticated users reach application routes. */
export async function requireSession() {
  return (await ensureSession()) ? null : redirect(SIGN_IN_PATH);
}

/**
 * An application route the user's type may not open sends them home. An allowed list starts its data request
 * here, as the navigation starts and beside the screen's lazy chunk, and the loader returns without waiting.
 */
export function guardRoute(route: AppRoute, prefetch?: (route: AppRoute, url: URL) => Promise<unknown> | undefined) {
  return async (args?: { request: Request }) => {
    if (!(await ensureSession())) return redirect(SIGN_IN_PATH);
    const type = getSession()?.user.type;
    if (!(isUserType(type) && canOpenRoute(route, type))) return redirect('/');
    // What the prefetch returns is waited for (the screen's code once the shell shows, decision 028); data never is.
    if (prefetch && args) await prefetch(route, new URL(args.request.url));
    return null;
  };
}

/** Unknown paths: home when signed in, /login when anonymous. */
export async function unknownPathLoader() {
  return redirect((await ensureSession()) ? '/' : SIGN_IN_PATH);
}

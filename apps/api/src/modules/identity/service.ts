import type { Tx } from '../../db/client';
import type { PasswordResetCodeRequest } from '../../jobs/password-reset-code';
import {
  issueTemporaryPassword,
  prepareTemporaryPassword,
  type IssuedPassword,
  type TemporaryPassword,
} from './credentials';
import { confirmForgotPassword, forgotPassword, issueResetCode } from './password-reset';
import { refresh, signOut } from './sessions';
import type { ClientContext, IdentityDeps, RequestContext } from './shared';
import { completeNewPassword, signIn, type SignInResult } from './sign-in';
import type { IssuedTokens } from './tokens';

export type { IssuedPassword, TemporaryPassword } from './credentials';
export type { ClientContext, RequestContext } from './shared';
export { CHALLENGE_TTL_SECONDS, lockoutSeconds, type SignInResult } from './sign-in';
export type { IssuedTokens } from './tokens';

export type IdentityService = ReturnType<typeof createIdentityService>;

/**
 * The identity flows of ARCHITECTURE §5 (sign-in, challenges, recovery, refresh) and temporary passwords: each use
 * case is a function of its own file (sign-in.ts, password-reset.ts, sessions.ts, credentials.ts) bound here to the
 * app's dependencies.
 */
export function createIdentityService(deps: IdentityDeps) {
  return {
    signIn: (email: string, password: string, ctx: RequestContext = {}): Promise<SignInResult> =>
      signIn(deps, email, password, ctx),
    completeNewPassword: (session: string, newPassword: string, ctx: RequestContext): Promise<IssuedTokens> =>
      completeNewPassword(deps, session, newPassword, ctx),
    forgotPassword: (email: string, client?: string): Promise<void> => forgotPassword(deps, email, client),
    issueResetCode: (request: PasswordResetCodeRequest): Promise<void> => issueResetCode(deps, request),
    confirmForgotPassword: (email: string, code: string, newPassword: string, ctx: ClientContext): Promise<void> =>
      confirmForgotPassword(deps, email, code, newPassword, ctx),
    refresh: (refreshToken: string | undefined): Promise<IssuedTokens> => refresh(deps, refreshToken),
    signOut: (refreshToken: string | undefined, accessToken: string | null, ctx: RequestContext): Promise<void> =>
      signOut(deps, refreshToken, accessToken, ctx),
    prepareTemporaryPassword,
    issueTemporaryPassword: (
      tx: Tx,
      user: { id: number; email: string; firstname: string },
      temporary: TemporaryPassword,
      ctx: RequestContext & { actor: number | null; mail?: 'queue' | 'caller' },
    ): Promise<IssuedPassword> => issueTemporaryPassword(deps, tx, user, temporary, ctx),
  };
}

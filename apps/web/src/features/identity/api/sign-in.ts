import { IDENTITY_OPERATIONS } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { establishSession, signOutSettled } from '../../../lib/session';

export type SignInOutcome = { kind: 'signed-in' } | { kind: 'new-password'; session: string };

/** Tokens open the session; a temporary password answers with a challenge. */
export async function signIn(email: string, password: string): Promise<SignInOutcome> {
  // A sign-out still on its way would end the session this call opens (signOutSettled).
  await signOutSettled();
  const { data } = await callOperation(IDENTITY_OPERATIONS.signIn, { body: { email, password } });
  if ('challenge' in data) return { kind: 'new-password', session: data.session };
  await establishSession(data);
  return { kind: 'signed-in' };
}

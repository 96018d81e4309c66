import type { SignInResponse } from '@planpiso/domain';
import { api } from '../../../lib/api-client';
import { establishSession } from '../../../lib/session';

export type SignInOutcome = { kind: 'signed-in' } | { kind: 'new-password'; session: string };

/** POST /api/identity/sign-in; tokens open the session, a temporary password answers with a challenge. */
export async function signIn(email: string, password: string): Promise<SignInOutcome> {
  const { data } = await api.post<SignInResponse['data']>('/api/identity/sign-in', { email, password });
  if ('challenge' in data) return { kind: 'new-password', session: data.session };
  await establishSession(data);
  return { kind: 'signed-in' };
}

import { IDENTITY_OPERATIONS } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { establishSession, signOutSettled } from '../../../lib/session';

/** Answers the temporary-password challenge and opens the session. */
export async function completeNewPassword(session: string, newPassword: string): Promise<void> {
  // A sign-out still on its way would end the session this call opens (signOutSettled).
  await signOutSettled();
  const { data } = await callOperation(IDENTITY_OPERATIONS.completeNewPassword, { body: { session, newPassword } });
  await establishSession(data);
}

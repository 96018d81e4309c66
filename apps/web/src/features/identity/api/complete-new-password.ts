import { IDENTITY_OPERATIONS } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { establishSession } from '../../../lib/session';

/** Answers the temporary-password challenge and opens the session. */
export async function completeNewPassword(session: string, newPassword: string): Promise<void> {
  const { data } = await callOperation(IDENTITY_OPERATIONS.completeNewPassword, { body: { session, newPassword } });
  await establishSession(data);
}

import { IDENTITY_OPERATIONS } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';

/** Mails a recovery code. Its errors are ignored on purpose (spec 1 §8): the screen moves on. */
export async function requestRecoveryCode(email: string): Promise<void> {
  try {
    await callOperation(IDENTITY_OPERATIONS.forgotPassword, { body: { email } });
  } catch {
    // spec 1 §8: forgot-password errors are silently ignored.
  }
}

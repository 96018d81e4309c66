import { IDENTITY_OPERATIONS, type ConfirmForgotPasswordRequest } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';

/** The e-mailed code plus the new password. */
export async function confirmRecovery(body: ConfirmForgotPasswordRequest): Promise<void> {
  await callOperation(IDENTITY_OPERATIONS.confirmForgotPassword, { body });
}

import type { ConfirmForgotPasswordRequest } from '@planpiso/domain';
import { api } from '../../../lib/api-client';

/** POST /api/identity/confirm-forgot-password: the e-mailed code plus the new password. */
export async function confirmRecovery(body: ConfirmForgotPasswordRequest): Promise<void> {
  await api.post('/api/identity/confirm-forgot-password', body);
}

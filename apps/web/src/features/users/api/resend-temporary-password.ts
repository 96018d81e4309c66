import { useMutation } from '@tanstack/react-query';
import { USER_OPERATIONS } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';

/** PATCH /api/users/{id}/resend: a new temporary password replaces the old one and is mailed (spec 1 §7). */
export async function resendTemporaryPassword(id: number): Promise<{ message?: string }> {
  const { message } = await callOperation(USER_OPERATIONS.resendTemporaryPassword, { params: { id } });
  return { message };
}

export const useResendTemporaryPassword = () => useMutation({ mutationFn: resendTemporaryPassword });

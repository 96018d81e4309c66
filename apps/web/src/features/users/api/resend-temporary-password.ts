import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** PATCH /api/users/{id}/resend: a new temporary password replaces the old one and is mailed (spec 1 §7). */
export async function resendTemporaryPassword(id: number): Promise<{ message?: string }> {
  const { message } = await api.patch<{ firstname: string; lastname: string }>(`/api/users/${id}/resend`);
  return { message };
}

export const useResendTemporaryPassword = () => useMutation({ mutationFn: resendTemporaryPassword });

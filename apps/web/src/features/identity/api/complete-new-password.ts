import type { Tokens } from '@planpiso/domain';
import { api } from '../../../lib/api-client';
import { establishSession } from '../../../lib/session';

/** POST /api/identity/complete-new-password: answers the challenge and opens the session. */
export async function completeNewPassword(session: string, newPassword: string): Promise<void> {
  const { data } = await api.post<Tokens>('/api/identity/complete-new-password', { session, newPassword });
  await establishSession(data);
}

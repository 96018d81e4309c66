import { api } from '../../../lib/api-client';

/** POST /api/identity/forgot-password. Its errors are ignored on purpose (spec 1 §8): the screen moves on. */
export async function requestRecoveryCode(email: string): Promise<void> {
  try {
    await api.post('/api/identity/forgot-password', { email });
  } catch {
    // spec 1 §8: forgot-password errors are silently ignored.
  }
}

import { ApiError } from '../../../lib/api-client';

/** The fields the domain's sign-in message helpers read, from whatever was thrown. */
export function identityError(error: unknown): { code?: string; reason?: string; message?: string } {
  return error instanceof ApiError ? { code: error.code, reason: error.reason, message: error.message } : {};
}

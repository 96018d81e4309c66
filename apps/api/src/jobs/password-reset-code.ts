import { z } from 'zod';
import type { JobAddress, JobDefinition } from './runner';

// Decision 022: POST /api/identity/forgot-password only queues this job, the same single statement for every
// e-mail, so neither its answer nor its timing says whether the e-mail belongs to someone. The look-up, the
// hourly cap, the code and its mail happen here, after the answer.

/** `client`: the address that asked (decision 064); absent in jobs queued before it was carried. */
export type PasswordResetCodeRequest = { email: string; requestedAt: string; client?: string };

const payload: z.ZodType<PasswordResetCodeRequest> = z.object({
  email: z.string().min(1),
  requestedAt: z.iso.datetime(),
  client: z.string().min(1).max(100).optional(),
});

export const passwordResetCode: JobAddress<PasswordResetCodeRequest> = { name: 'password-reset-code', payload };

/** The worker side; a second run mails a new code that replaces the first (only the newest is valid). */
export function passwordResetCodeJob(identity: {
  issueResetCode(request: PasswordResetCodeRequest): Promise<void>;
}): JobDefinition<PasswordResetCodeRequest> {
  return {
    ...passwordResetCode,
    retryLimit: 5,
    // The e-mail is personal data: no need to keep it once the code is made.
    deleteOnSuccess: true,
    handle: (request) => identity.issueResetCode(request),
  };
}

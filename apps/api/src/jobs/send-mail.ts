import { z } from 'zod';
import type { Executor } from '../db/client';
import type { Mailer, MailMessage } from '../platform/mail';
import type { JobAddress, JobDefinition, JobRunner } from './runner';

// Outgoing mail as a job (decision 017): a service queues the message in its business transaction, so the mail
// exists exactly when the data it announces does, and the SMTP conversation happens later, outside any
// transaction, retried until the relay takes it.

const mailMessage: z.ZodType<MailMessage> = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
});

export const sendMail: JobAddress<MailMessage> = { name: 'send-mail', payload: mailMessage };

/**
 * The worker side: hands the message to the relay. Retried with a doubling delay from 2 s (about 4.5 h over 12
 * tries) so a relay that is down for a while still gets every message once it is back. Deleted once sent: a
 * temporary password must not stay in the job table (decision 017). Sending twice (a worker killed between the
 * relay's answer and the job's completion) mails twice; SMTP offers nothing better.
 */
export function sendMailJob(mailer: Pick<Mailer, 'send'>): JobDefinition<MailMessage> {
  return {
    ...sendMail,
    retryLimit: 12,
    retryDelay: 2,
    deleteOnSuccess: true,
    handle: (message) => mailer.send(message),
  };
}

/** Queues `message` in the caller's transaction: it is mailed once that transaction commits, never before. */
export function queueMail(jobs: Pick<JobRunner, 'send'>, executor: Executor, message: MailMessage): Promise<void> {
  return jobs.send(executor, sendMail, message);
}

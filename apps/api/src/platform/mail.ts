import nodemailer from 'nodemailer';
import type { Config } from './config';
import { inTransaction } from './transaction';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  /** Refuses to run inside a transaction: services queue mail (jobs/send-mail.ts, decision 017). */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
};

export const MAIL_IN_TRANSACTION =
  'mail is never sent inside a database transaction: queue it with queueMail() (jobs/send-mail.ts)';

/** Outgoing mail over SMTP (the simulators' mail catcher by default, a real relay in production). */
export function createMailer(
  config: Pick<Config, 'smtpHost' | 'smtpPort' | 'smtpUser' | 'smtpPassword' | 'mailFrom'>,
): Mailer {
  const transport = nodemailer.createTransport({
    host: config.smtpHost,
    port: config.smtpPort,
    secure: config.smtpPort === 465,
    auth: config.smtpUser ? { user: config.smtpUser, pass: config.smtpPassword ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });

  return {
    async send(message) {
      // A slow or dead relay would hold the transaction's locks and connection, and a rollback after the
      // relay took the message would announce data that never existed.
      if (inTransaction()) throw new Error(MAIL_IN_TRANSACTION);
      await transport.sendMail({ from: config.mailFrom, ...message });
    },
    async close() {
      transport.close();
    },
  };
}

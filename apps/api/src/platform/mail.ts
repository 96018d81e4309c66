import nodemailer from 'nodemailer';
import type { Config } from './config';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  /** Sends without waiting; failures are logged. idle() waits for every such send (tests, shutdown). */
  sendInBackground(message: MailMessage, onError: (error: unknown) => void): void;
  idle(): Promise<void>;
  close(): Promise<void>;
};

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
  const pending = new Set<Promise<void>>();

  const send = async (message: MailMessage) => {
    await transport.sendMail({ from: config.mailFrom, ...message });
  };

  return {
    send,
    sendInBackground(message, onError) {
      const p = send(message)
        .catch(onError)
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.idle();
      transport.close();
    },
  };
}

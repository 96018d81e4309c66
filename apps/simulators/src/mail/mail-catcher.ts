import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import PostalMime from 'postal-mime';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { renderInbox } from './inbox-page';

/** One caught e-mail as the HTTP API shows it. */
export type CaughtMessage = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
};

export type MailCatcher = {
  /** The real ports (useful when 0 was asked for). */
  smtpPort: number;
  httpPort: number;
  stop(): Promise<void>;
};

export type MailCatcherOptions = { smtpPort?: number; httpPort?: number; host?: string; maxMessages?: number };

/** It is a catcher, not a mail store: the oldest messages fall off past this many. */
export const MAX_MESSAGES = 500;

/**
 * A development/test SMTP server that keeps every message it receives in memory and shows them over HTTP, so
 * tests and people can read what the API mailed (temporary passwords, recovery codes) without a real mailbox.
 */
export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const maxMessages = options.maxMessages ?? MAX_MESSAGES;
  const messages: CaughtMessage[] = [];

  const smtp = new SMTPServer({
    // No TLS and no AUTH: it only listens on the loopback interface and must accept any client as-is.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
            const headerTo = (email.to ?? []).flatMap((a) => ('address' in a && a.address ? [a.address] : []));
            const mailFrom = session.envelope.mailFrom;
            messages.unshift({
              id: randomUUID(),
              from: email.from?.address ?? (mailFrom ? mailFrom.address : ''),
              to: envelopeTo.length > 0 ? envelopeTo : headerTo.map((a) => a.toLowerCase()),
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              receivedAt: new Date().toISOString(),
            });
            if (messages.length > maxMessages) messages.length = maxMessages;
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort ?? 2525, host, () => {
      smtp.off('error', reject);
      resolve();
    });
  });
  // A client that drops the connection mid-message must not bring the catcher down.
  smtp.on('error', () => undefined);
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  let http: FastifyInstance;
  try {
    http = buildHttp(messages);
    await http.listen({ port: options.httpPort ?? 8025, host });
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }
  const httpPort = (http.server.address() as AddressInfo).port;

  let stopped = false;
  return {
    smtpPort,
    httpPort,
    async stop() {
      if (stopped) return;
      stopped = true;
      await Promise.all([http.close(), new Promise<void>((resolve) => smtp.close(() => resolve()))]);
    },
  };
}

function buildHttp(messages: CaughtMessage[]): FastifyInstance {
  const app = Fastify({ logger: false });

  const filter = (to: string | undefined) => {
    const wanted = to?.trim().toLowerCase();
    return wanted ? messages.filter((m) => m.to.includes(wanted)) : messages;
  };

  app.get<{ Querystring: { to?: string } }>('/mail/api/messages', async (request) => ({
    data: filter(request.query.to),
  }));

  app.delete('/mail/api/messages', async () => {
    messages.length = 0;
    return { data: { ok: true } };
  });

  app.get('/mail', async (_request, reply) => {
    return reply.type('text/html; charset=utf-8').send(renderInbox(messages));
  });

  return app;
}

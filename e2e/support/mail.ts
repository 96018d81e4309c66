import type { CaughtMessage as CaughtMail } from '../../apps/simulators/src/mail/mail-catcher';
import { e2eEnv } from './env';

/**
 * The newest e-mail the mail catcher holds for `to`, waiting for it to arrive (the API sends after it answers).
 * `after` ignores older messages, so a journey reads the mail its own action caused.
 */
export async function readLatestMail(
  to: string,
  { after, timeoutMs = 15_000 }: { after?: Date; timeoutMs?: number } = {},
): Promise<CaughtMail> {
  const url = `${e2eEnv().mailUrl}/mail/api/messages?to=${encodeURIComponent(to)}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    const { data } = (await response.json()) as { data: CaughtMail[] };
    const latest = data.find((mail) => !after || new Date(mail.receivedAt).getTime() >= after.getTime());
    if (latest) return latest;
    if (Date.now() > deadline) throw new Error(`No e-mail reached ${to} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The 6-digit verification code in a recovery e-mail. */
export function verificationCode(mail: CaughtMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text || mail.html)?.[1];
  if (!code) throw new Error(`No 6-digit code in the e-mail "${mail.subject}"`);
  return code;
}

/** The temporary password in the e-mail a new user (or a resend) gets: the line 'Contraseña temporal: …'. */
export function temporaryPassword(mail: CaughtMail): string {
  const password = /Contraseña temporal:\s*(\S+)/.exec(mail.text)?.[1];
  if (!password) throw new Error(`No temporary password in the e-mail "${mail.subject}"`);
  return password;
}

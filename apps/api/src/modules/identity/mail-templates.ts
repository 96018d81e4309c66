import { BUSINESS_TIME_ZONE, MESSAGES } from '@planpiso/domain';
import type { MailMessage } from '../../platform/mail';

const dateTime = (date: Date) =>
  new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE }).format(
    date,
  );

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Ends a sentence with one period: es-MX times end in 'a.m.'/'p.m.', which already carry one. */
const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

const paragraphs = (lines: string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n');

type Recipient = { email: string; firstname: string };

export function temporaryPasswordMail(user: Recipient, password: string, expiresAt: Date, appUrl: string): MailMessage {
  const lines = [
    `Hola ${user.firstname}:`,
    'Se generó una contraseña temporal para tu acceso a PlanPiso.',
    `Usuario: ${user.email}`,
    `Contraseña temporal: ${password}`,
    sentence(`La contraseña temporal vence el ${dateTime(expiresAt)}`),
    `Al iniciar sesión en ${appUrl}/login se te pedirá que la cambies por una propia.`,
    'Si no esperabas este correo, contacta a tu administrador.',
  ];
  return {
    to: user.email,
    subject: MESSAGES.mailTemporaryPasswordSubject,
    text: lines.join('\n\n'),
    html: paragraphs(lines),
  };
}

export function resetCodeMail(user: Recipient, code: string, expiresAt: Date): MailMessage {
  const lines = [
    `Hola ${user.firstname}:`,
    `Tu código de verificación para restablecer tu contraseña de PlanPiso es: ${code}`,
    `El código vence el ${dateTime(expiresAt)} y solo puede usarse una vez.`,
    'Si no solicitaste el cambio de contraseña, ignora este correo; tu contraseña actual sigue siendo válida.',
  ];
  return { to: user.email, subject: MESSAGES.mailResetCodeSubject, text: lines.join('\n\n'), html: paragraphs(lines) };
}

import nodemailer from 'nodemailer';
import type { Envelope } from './envelopes';

/** Where the provider's own e-mails go (a real provider mails each signer their link). */
export type InvitationSmtp = { host: string; port: number; from?: string };

export type InvitationMailer = (envelope: Envelope, signUrl: (signerId: string) => string) => Promise<void>;

/**
 * Mails every signer of a new envelope the link to their sign page, over SMTP, as a real e-signature provider
 * does: with `npm start` the mail catcher receives them (http://localhost:8025/mail), so a joint signer with no
 * account in the app can sign too. The words are the provider's, in Spanish like the sign page.
 */
export function smtpInvitations(smtp: InvitationSmtp): InvitationMailer {
  const transport = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: false, ignoreTLS: true });
  const from = smtp.from ?? 'Firma electrónica <firmas@esign.simulador>';
  return async (envelope, signUrl) => {
    for (const signer of envelope.signers) {
      const link = signUrl(signer.signerId);
      await transport.sendMail({
        from,
        to: signer.email,
        subject: `Documento por firmar: ${envelope.documentName}`,
        text: `Hola ${signer.name}:\n\nTienes un documento por firmar: ${envelope.documentName}.\n\nFírmalo aquí: ${link}\n`,
        html: `<p>Hola ${escapeHtml(signer.name)}:</p><p>Tienes un documento por firmar: ${escapeHtml(
          envelope.documentName,
        )}.</p><p><a href="${escapeHtml(link)}">Firmar el documento</a></p>`,
      });
    }
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

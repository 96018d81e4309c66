import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type CaughtMessage, type MailCatcher } from '../mail/mail-catcher';
import { listen } from '../platform/server';
import { eventually, httpClient } from '../platform/testing';
import { smtpInvitations } from './invitations';
import { buildEsignServer } from './server';

const TOKEN = 'firma-de-prueba';
let url = '';
let catcher: MailCatcher;
let app: ReturnType<typeof buildEsignServer>['app'];

beforeAll(async () => {
  catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  app = buildEsignServer({
    token: TOKEN,
    webhookSecret: 'secreto',
    publicBaseUrl: () => url,
    webhookRetryDelaysMs: [20],
    invitations: smtpInvitations({ host: '127.0.0.1', port: catcher.smtpPort }),
  }).app;
  url = (await listen(app, '127.0.0.1', 0)).url;
});

afterAll(async () => {
  await app.close();
  await catcher.stop();
});

const inbox = async (to: string) =>
  (
    (await (await fetch(`http://127.0.0.1:${catcher.httpPort}/mail/api/messages?to=${to}`)).json()) as {
      data: CaughtMessage[];
    }
  ).data;

describe('signer invitations', () => {
  it('mails every signer of a new envelope the link to their own sign page, over SMTP', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText('Disposición 42');
    const created = await httpClient(url, TOKEN).post<{
      envelopeId: string;
      signers: { email: string; signUrl: string }[];
    }>('/envelopes', {
      reference: 'provision:42',
      documentName: 'Disposicion 42.pdf',
      pdfBase64: Buffer.from(await pdf.save()).toString('base64'),
      signers: [
        { name: 'Ramón Garza Treviño', email: 'ramon@firmas.mx' },
        { name: 'Mariana Cantú Villarreal', email: 'mariana@firmas.mx' },
      ],
      // Nobody listens there: the webhook is not what this test is about.
      callbackUrl: 'http://127.0.0.1:9/webhooks',
    });
    expect(created.status).toBe(201);
    for (const signer of created.body.signers) {
      await eventually(async () => (await inbox(signer.email)).length === 1);
      const [mail] = await inbox(signer.email);
      expect(mail?.subject).toBe('Documento por firmar: Disposicion 42.pdf');
      expect(mail?.text).toContain(signer.signUrl);
    }
    // Each link opens that signer's page.
    const page = await fetch(created.body.signers[1]!.signUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Mariana Cantú Villarreal');
  });
});

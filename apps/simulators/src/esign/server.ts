import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createSimulatorApp } from '../platform/server';
import { EnvelopeStore, parseEnvelopeRequest, type Envelope } from './envelopes';
import { renderSignPage } from './sign-page';
import type { InvitationMailer } from './invitations';
import { WebhookSender, type EsignEvent } from './webhooks';

export type EsignServerOptions = {
  token: string;
  webhookSecret: string;
  /** Where people reach the sign pages; read per envelope because port 0 is known only after listening. */
  publicBaseUrl: () => string;
  webhookRetryDelaysMs?: number[];
  /** Mails each signer their link when an envelope is created (off unless given: tests read their own mail). */
  invitations?: InvitationMailer;
};

export type EsignServer = { app: FastifyInstance; envelopes: EnvelopeStore; webhooks: WebhookSender };

type SignerParams = { envelopeId: string; signerId: string };

/** Whole PDFs travel in base64 inside JSON. */
const BODY_LIMIT = 30 * 1024 * 1024;

/**
 * The e-signature provider of decision 009. The envelope API asks for the bearer token; the sign pages do not
 * (signers are people following a link; the unguessable signer id is their key).
 */
export function buildEsignServer(options: EsignServerOptions): EsignServer {
  const { app } = createSimulatorApp({ token: options.token, bodyLimit: BODY_LIMIT });
  const envelopes = new EnvelopeStore();
  const webhooks = new WebhookSender(options.webhookSecret, options.webhookRetryDelaysMs);
  app.addHook('onClose', async () => webhooks.stop());
  // The sign page's form posts urlencoded; its body carries nothing we need.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );

  const present = (envelope: Envelope) => ({
    envelopeId: envelope.envelopeId,
    reference: envelope.reference,
    documentName: envelope.documentName,
    status: envelope.status,
    createdAt: envelope.createdAt.toISOString(),
    completedAt: envelope.completedAt?.toISOString() ?? null,
    signers: envelope.signers.map((signer) => ({
      signerId: signer.signerId,
      name: signer.name,
      email: signer.email,
      signUrl: `${options.publicBaseUrl()}/sign/${envelope.envelopeId}/${signer.signerId}`,
      status: signer.status,
      signedAt: signer.signedAt?.toISOString() ?? null,
    })),
  });
  // Events leave once the answer is out, so the caller knows the envelope before its first webhook arrives.
  const notifyAfterReply = (reply: FastifyReply, envelope: Envelope, event: EsignEvent) =>
    reply.raw.once('close', () => webhooks.send(envelope.callbackUrl, event));
  const sendPdf = (reply: FastifyReply, envelope: Envelope) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${envelope.envelopeId}.pdf"`)
      .send(Buffer.from(envelope.signedPdf ?? envelope.pdf));

  app.post('/envelopes', async (request, reply) => {
    const envelope = envelopes.create(parseEnvelopeRequest(request.body));
    notifyAfterReply(reply, envelope, {
      event: 'sent',
      envelopeId: envelope.envelopeId,
      reference: envelope.reference,
    });
    if (options.invitations) {
      const signUrl = (signerId: string) => `${options.publicBaseUrl()}/sign/${envelope.envelopeId}/${signerId}`;
      // A mail that cannot leave is the provider's problem, not the sender's: the envelope exists either way.
      options.invitations(envelope, signUrl).catch((error: unknown) => app.log.warn({ error }, 'invitation mail'));
    }
    return reply.status(201).send(present(envelope));
  });

  app.get<{ Params: { envelopeId: string } }>('/envelopes/:envelopeId', async (request) =>
    present(envelopes.get(request.params.envelopeId)),
  );

  app.get<{ Params: { envelopeId: string } }>('/envelopes/:envelopeId/document', async (request, reply) =>
    sendPdf(reply, envelopes.get(request.params.envelopeId)),
  );

  app.get<{ Params: SignerParams }>(
    '/sign/:envelopeId/:signerId',
    { config: { public: true } },
    async (request, reply) => {
      const { envelope, signer } = envelopes.find(request.params.envelopeId, request.params.signerId);
      return reply.type('text/html; charset=utf-8').send(renderSignPage(envelope, signer));
    },
  );

  app.get<{ Params: SignerParams }>(
    '/sign/:envelopeId/:signerId/document',
    { config: { public: true } },
    async (request, reply) =>
      sendPdf(reply, envelopes.find(request.params.envelopeId, request.params.signerId).envelope),
  );

  app.post<{ Params: SignerParams }>(
    '/sign/:envelopeId/:signerId',
    { config: { public: true } },
    async (request: FastifyRequest<{ Params: SignerParams }>, reply) => {
      const { envelope, signer, newlySigned, completed } = await envelopes.sign(
        request.params.envelopeId,
        request.params.signerId,
      );
      const base = { envelopeId: envelope.envelopeId, reference: envelope.reference };
      if (newlySigned) notifyAfterReply(reply, envelope, { event: 'signed', ...base, signerId: signer.signerId });
      if (completed) notifyAfterReply(reply, envelope, { event: 'completed', ...base });
      // A person clicking Firmar gets the page back; a program gets the envelope.
      if (request.headers.accept?.includes('text/html')) {
        return reply.type('text/html; charset=utf-8').send(renderSignPage(envelope, signer));
      }
      return present(envelope);
    },
  );

  app.get('/__admin/webhooks', async () => webhooks.deliveries);

  return { app, envelopes, webhooks };
}

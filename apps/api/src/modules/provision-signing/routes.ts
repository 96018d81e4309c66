import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  esignWebhookResponse,
  REFINANCING_ENVELOPE_PREFIX,
  type EsignWebhookEventBody,
  idParams,
  redoDocumentRequest,
  sendToSignRequest,
  signingActionResponse,
  signingEvidencesResponse,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { WebhookOutcome } from './envelopes';
import type { ProvisionSigningService } from './service';

/** Who handles a verified provider event of a document this service does not own (a refinancing's). */
type EsignEventHandler = { handleEvent(event: EsignWebhookEventBody): Promise<WebhookOutcome> };

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const actionErrors = { ...errors, 409: errorResponse, 422: errorResponse, 503: errorResponse };

/**
 * The provisions' signing documents and e-signature (issue 17, decision 037). Who may call each route is
 * API_PERMISSIONS; the provision's scope (404 outside it) and the state machine (409 at another status) the service.
 */
export async function provisionSigningRoutes(app: FastifyInstance, { signing }: { signing: ProvisionSigningService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['provisions'];
  const security = [{ bearerAuth: [] }];

  r.post(
    '/api/provisions/:id/documents',
    {
      schema: {
        tags,
        security,
        summary: 'Generate the signing document (type 5 at status 4): a PDF from the provision and its signers',
        description:
          'Evidence type 1, typeSignDoc 0, signedStatus 0, with the folio printed; a second call replaces the ' +
          'document not yet sent. Within the operating window. Mover action generateDocuments (audit row).',
        params: idParams,
        response: { 200: signingActionResponse, ...actionErrors },
      },
    },
    async (request) => signing.generate(currentUser(request), request.params.id, request.id),
  );

  r.post(
    '/api/provisions/:id/send-to-sign',
    {
      schema: {
        tags,
        security,
        summary: 'Send the signing documents to the e-signature provider (type 5, status 4 → 5)',
        description:
          'Body `{ version }`. Needs a generated document (422 NO_SIGNING_DOCUMENTS). The envelope is created ' +
          'before the transaction with reference provision:<id>:<evidenceId> and kept on the document, so a ' +
          'retry reuses it. Signers: the legal representative and the configuration’s people with an e-mail. ' +
          'signedStatus → 1. Provider down → 503.',
        params: idParams,
        body: sendToSignRequest,
        response: { 200: signingActionResponse, ...actionErrors },
      },
    },
    async (request) => signing.sendToSign(currentUser(request), request.params.id, request.body.version, request.id),
  );

  r.post(
    '/api/provisions/:id/redo-document',
    {
      schema: {
        tags,
        security,
        summary:
          'Generate the signing document again (types 1 and 3 at status 4–6): ‘El documento se generó nuevamente’',
        description:
          'Body `{ provisionId?, version? }` (spec 3 §7: body provisionId; it must be the path’s). At 4 the new ' +
          'document replaces the unsent one; at 5 and 6 it goes to a new envelope and the one out is withdrawn.',
        params: idParams,
        body: redoDocumentRequest,
        response: { 200: signingActionResponse, ...actionErrors },
      },
    },
    async (request) => signing.redo(currentUser(request), request.params.id, request.body, request.id),
  );

  r.get(
    '/api/provisions/:id/evidences-signature',
    {
      schema: {
        tags,
        security,
        summary: 'The provision’s signing documents (spec 3 §7), with signUrl for a caller who still has to sign',
        params: idParams,
        response: { 200: signingEvidencesResponse, ...errors },
      },
    },
    async (request) => ({ data: await signing.evidences(currentUser(request), request.params.id) }),
  );
}

/**
 * POST /api/webhooks/esign, in a context of its own: its JSON body is kept as the exact text the provider signed
 * (the HMAC is of the raw bytes), where every other route gets it parsed.
 */
export async function esignWebhookRoutes(
  app: FastifyInstance,
  { signing, refinancingSigning }: { signing: ProvisionSigningService; refinancingSigning: EsignEventHandler },
) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/webhooks/esign',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'E-signature provider events (decision 009): sent, signed, completed',
        description:
          'No session: `X-Esign-Signature: sha256=<hex HMAC-SHA256 of the raw body>` with ESIGN_WEBHOOK_SECRET ' +
          '(401 otherwise). Idempotent: the same event twice changes nothing. A first signature moves the ' +
          'provision (or refinancing: reference refinancing:<id>:<evidenceId>) 5 → 6; completed stores the stamped ' +
          'PDF (signedStatus 2) and moves it to 7.',
        response: { 200: esignWebhookResponse, 400: errorResponse, 401: errorResponse, 503: errorResponse },
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers['x-esign-signature'];
      const event = signing.parseWebhook(raw, Array.isArray(header) ? header[0] : header);
      // A refinancing's document (decision 047) or a provision's (decision 037), told apart by the reference.
      const outcome = event.reference.startsWith(REFINANCING_ENVELOPE_PREFIX)
        ? await refinancingSigning.handleEvent(event)
        : await signing.handleEvent(event);
      return { data: { outcome } };
    },
  );
}
